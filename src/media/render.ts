// Makes a rendition's bytes with sharp: the original oriented, cut, scaled and encoded as Wagtail 5.2 encodes it.
import type { Box } from "./fill.js";
import type { RenditionFormat } from "./formats.js";
import { MAX_PIXELS } from "./probe.js";
import { sharpLibrary } from "./sharp-library.js";

export interface RenderPlan {
  crop: Box;
  width: number;
  height: number;
  format: RenditionFormat;
}

/**
 * Wagtail's Filter.run on Willow and Pillow: `auto_orient()` (EXIF orientation), `crop()`,
 * `resize()` with Pillow's Lanczos filter (a 3-lobe kernel widened by the scale, as libvips'
 * `lanczos3` is), then JPEG at quality 85, progressive, optimised Huffman tables (Pillow's default
 * 4:2:0 chroma), or PNG at zlib's level 9 with alpha kept. Pillow embeds the original's ICC
 * profile and EXIF (its orientation tag removed when applied) in the rendition without converting
 * colours: sharp is told to do the same (`keepIccProfile` skips its conversion to sRGB). Only
 * the first frame of an animated original is read, as Pillow reads it.
 */
export async function renderRendition(original: Buffer, plan: RenderPlan): Promise<Buffer> {
  let image = sharpLibrary()(original, { failOn: "error", limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .extract(plan.crop)
    .keepIccProfile()
    .keepExif();
  // JPEG shrink-on-load would decode at 1/2, 1/4 or 1/8 scale: faster, but not Pillow's pixels.
  // Willow resizes the crop to the transform's size every time (Pillow copies when the sizes are
  // equal): a crop clamped at the image's edge can be a pixel short of it, and is stretched.
  if (plan.crop.width !== plan.width || plan.crop.height !== plan.height) image = image.resize(plan.width, plan.height, { fit: "fill", kernel: "lanczos3", fastShrinkOnLoad: false });
  image =
    plan.format === "jpeg"
      ? image.jpeg({ quality: 85, progressive: true, optimiseCoding: true, chromaSubsampling: "4:2:0", mozjpeg: false })
      : image.png({ compressionLevel: 9, palette: false });
  return image.toBuffer();
}
