// Which format Wagtail 5.2 writes a rendition in, for each format of original, and its file extension.
//
// wagtail/images/models.py (Filter.run): WebP, BMP and AVIF are converted to PNG, and so is a GIF
// that Willow finds not animated. With Wagtail's default image library (Willow on Pillow, no Wand)
// `has_animation()` is always false, so every GIF, animated or not, becomes a PNG of its first
// frame. JPEG and PNG stay as they are. TIFF and HEIC originals have no output format there
// (`UnknownOutputImageFormatError`; Wagtail does not accept them on upload by default), nor SVG
// here (Wagtail keeps SVG as SVG, which needs no raster work, but refuses it on upload by default).

import type { SourceFormat } from "../model/image.js";

export type { SourceFormat };

/** The formats Wagtail writes a `fill` rendition in, by default. */
export type RenditionFormat = "jpeg" | "png";

const OUTPUT: Record<SourceFormat, RenditionFormat | null> = {
  jpeg: "jpeg",
  png: "png",
  gif: "png",
  webp: "png",
  avif: "png",
  bmp: "png",
  tiff: null,
  heic: null,
  svg: null,
};

/** IMAGE_FORMAT_EXTENSIONS of wagtail/images/models.py, for the formats written here. */
const EXTENSION: Record<RenditionFormat, string> = { jpeg: "jpg", png: "png" };

/** The format Wagtail writes for an original of this format; null when it makes none. */
export function renditionFormat(source: SourceFormat): RenditionFormat | null {
  return OUTPUT[source];
}

export function formatExtension(format: RenditionFormat): string {
  return EXTENSION[format];
}

/** An original's format guessed from its file extension (any case), when the file is not at hand. */
export function formatFromExtension(extension: string): SourceFormat | null {
  switch (extension.toLowerCase()) {
    case "jpg":
    case "jpeg":
    case "jpe":
      return "jpeg";
    case "png":
      return "png";
    case "gif":
      return "gif";
    case "webp":
      return "webp";
    case "avif":
      return "avif";
    case "bmp":
      return "bmp";
    case "tif":
    case "tiff":
      return "tiff";
    case "heic":
    case "heif":
      return "heic";
    case "svg":
      return "svg";
    default:
      return null;
  }
}

/**
 * The rendition's extension: from the original's format when it is known (probed), else from the
 * file's extension by the same table. A format Wagtail makes no rendition of keeps its extension,
 * lower-cased (the build reports such an original as an error; without one, the name is a guess).
 */
export function renditionExtension(fileExtension: string, source?: SourceFormat | null): string {
  const format = source ?? formatFromExtension(fileExtension);
  const out = format ? renditionFormat(format) : null;
  return out ? formatExtension(out) : format === "svg" ? "svg" : fileExtension.toLowerCase();
}
