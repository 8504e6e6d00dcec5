// Reads what the build needs from an original: format, size after EXIF orientation, animation, alpha.
import type { Metadata } from "sharp";
import type { SourceFormat } from "./formats.js";
import { sharpLibrary } from "./sharp-library.js";

export interface ImageProbe {
  format: SourceFormat;
  /** The size after EXIF orientation: what the rendition is cut from. */
  width: number;
  height: number;
  /**
   * The size as stored in the file, before orientation: what Wagtail 5.2 records as the image's
   * `width` and `height` (Willow's `get_size()` does not apply EXIF orientation). Equal to
   * `width`/`height` unless the orientation turns the picture a quarter.
   */
  fileWidth: number;
  fileHeight: number;
  /** The EXIF orientation, 1 (none) to 8. */
  orientation: number;
  /** More than one frame (GIF, WebP); Wagtail's default image library renders the first. */
  animated: boolean;
  alpha: boolean;
}

/** An original the build cannot read as an image; the message says why, without the file's name. */
export class UnreadableImageError extends Error {
  override name = "UnreadableImageError";
}

function sourceFormat(meta: Metadata): SourceFormat | null {
  switch (meta.format) {
    case "jpeg":
    case "png":
    case "gif":
    case "webp":
    case "tiff":
    case "svg":
      return meta.format;
    case "heif":
      // libheif reads both; AVIF is its AV1 flavour.
      return meta.compression === "av1" ? "avif" : "heic";
    default:
      return null;
  }
}

/** libvips' message, which repeats its decoder's lines: the first, without its full stop. */
export const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0]!.replace(/\.?\s*$/, "");

/** A BMP file starts with `BM`; sharp's libvips has no BMP loader, so it is named rather than "unsupported". */
const isBmp = (bytes: Uint8Array) => bytes.length > 26 && bytes[0] === 0x42 && bytes[1] === 0x4d;

/**
 * The most pixels an original may have: Wagtail's own limit on an upload
 * (WAGTAILIMAGES_MAX_IMAGE_PIXELS, 128 million by default), so every original Wagtail took still
 * builds. Decoding one can take gigabytes (docs/benchmark.md has the measurement), whatever its
 * file's size: a tiny file may claim any size, and what is past the limit is refused from its
 * header, never decoded.
 */
export const MAX_PIXELS = 128_000_000;

/** An original past MAX_PIXELS: what it claims, and what to do. */
function tooManyPixels(width: number, height: number): UnreadableImageError {
  const megapixels = (width * height) / 1e6;
  return new UnreadableImageError(
    `is ${width}x${height} pixels (${megapixels < 10_000 ? megapixels.toFixed(0) : "over 10,000"} megapixels), more than the ${MAX_PIXELS / 1e6} megapixels an original may have (Wagtail's own limit on uploads): save a smaller copy (a 550x375 thumbnail needs far fewer)`,
  );
}

/** Reads the header of an image held in memory. Rejects with UnreadableImageError. */
export async function probeImage(bytes: Buffer): Promise<ImageProbe> {
  let meta: Metadata;
  try {
    // The header alone is read: sharp's own pixel limit is lifted so that the size it claims is known, and refused below by name.
    meta = await sharpLibrary()(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    if (isBmp(bytes)) {
      throw new UnreadableImageError("is a BMP image, which the build cannot read: save it as PNG (Wagtail writes a BMP's renditions as PNG anyway)");
    }
    throw new UnreadableImageError(`is not an image the build can read (${firstLine(e)}): replace it with a JPEG, PNG, GIF, WebP or AVIF file`);
  }
  const format = sourceFormat(meta);
  if (!format || meta.width === undefined || meta.height === undefined) {
    throw new UnreadableImageError(`is a ${meta.format ?? "unknown"} file, not an image format Wagtail takes: replace it with a JPEG, PNG, GIF, WebP or AVIF file`);
  }
  if (meta.width * meta.height > MAX_PIXELS) throw tooManyPixels(meta.width, meta.height);
  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5 && orientation <= 8;
  return {
    format,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    fileWidth: meta.width,
    fileHeight: meta.height,
    orientation,
    animated: (meta.pages ?? 1) > 1,
    alpha: meta.hasAlpha === true,
  };
}
