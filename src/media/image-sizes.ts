// Every image's width and height, from its original or from images.json: the checks across both.
import { error, warning, type Diagnostic } from "../model/diagnostics.js";
import type { MediaImage, Original } from "./originals.js";

export interface SizedImage extends MediaImage {
  width?: number | undefined;
  height?: number | undefined;
}

export interface ImageSize {
  width: number;
  height: number;
  /** Where the size comes from. */
  from: "original" | "images.json";
}

/**
 * The size Wagtail 5.2 records for each image (and its images endpoint announces): the original's
 * as stored, before EXIF orientation, when the file is in content/images/; else `width` and
 * `height` from images.json. An image with neither is an error that gives both fixes; a size in
 * images.json that the original contradicts is a warning (the original wins).
 * `originals` are those the media stage read (by image id); `imagesFile` is images.json as shown;
 * `skip`: images whose original is already reported (unreadable), which need no second error.
 */
export function imageSizes(
  images: readonly SizedImage[],
  originals: ReadonlyMap<number, Original>,
  imagesFile: string,
  originalsFolder: string,
  skip: ReadonlySet<number> = new Set(),
): { sizes: Map<number, ImageSize>; diagnostics: Diagnostic[] } {
  const sizes = new Map<number, ImageSize>();
  const diagnostics: Diagnostic[] = [];
  images.forEach((image, index) => {
    if (skip.has(image.id)) return;
    const original = originals.get(image.id);
    const given = image.width !== undefined && image.height !== undefined;
    if (original) {
      const { fileWidth: width, fileHeight: height } = original.probe;
      sizes.set(image.id, { width, height, from: "original" });
      if ((image.width !== undefined && image.width !== width) || (image.height !== undefined && image.height !== height)) {
        diagnostics.push(warning(imagesFile, [index], `gives image ${image.id} a size of ${image.width ?? "?"}x${image.height ?? "?"}, but its original ${original.shown} is ${width}x${height}; the original's size is used: correct width and height, or remove them`));
      }
      return;
    }
    if (given) {
      sizes.set(image.id, { width: image.width!, height: image.height!, from: "images.json" });
      return;
    }
    const missing = image.width === undefined && image.height === undefined ? "width and height" : image.width === undefined ? "width" : "height";
    diagnostics.push(error(imagesFile, [index], `image ${image.id} has no size: put its original at ${originalsFolder}/${image.file}, or give its ${missing} in pixels here`));
  });
  return { sizes, diagnostics };
}
