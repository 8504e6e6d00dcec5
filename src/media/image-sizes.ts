// Every image's width and height, from its original or from images.json: the checks across both.
import { error, warning, type Diagnostic } from "../model/diagnostics.js";
import type { MediaImage, Original } from "./originals.js";

export interface SizedImage extends MediaImage {
  /** null: not known (with the other null too); see images.json in content-format.md. */
  width?: number | null | undefined;
  height?: number | null | undefined;
}

export interface ImageSize {
  width: number;
  height: number;
  /** Where the size comes from. */
  from: "original" | "images.json";
}

const isNumber = (n: number | null | undefined): n is number => typeof n === "number";

/**
 * The size Wagtail 5.2 records for each image (and its images endpoint announces): the original's
 * as stored, before EXIF orientation, when the file is in content/images/; else `width` and
 * `height` from images.json. An image with neither is an error that gives both fixes, unless
 * images.json says the size is not known (both null): a warning, and the image has no size here,
 * so the images endpoint leaves it out. A size in images.json that the original contradicts is a
 * warning (the original wins).
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
    if (original) {
      const { fileWidth: width, fileHeight: height } = original.probe;
      sizes.set(image.id, { width, height, from: "original" });
      // A size given as unknown (null) is answered by the original, and contradicts nothing.
      if ((isNumber(image.width) && image.width !== width) || (isNumber(image.height) && image.height !== height)) {
        diagnostics.push(warning(imagesFile, [index], `gives image ${image.id} a size of ${image.width ?? "?"}x${image.height ?? "?"}, but its original ${original.shown} is ${width}x${height}; the original's size is used: correct width and height, or remove them`));
      }
      return;
    }
    if (isNumber(image.width) && isNumber(image.height)) {
      sizes.set(image.id, { width: image.width, height: image.height, from: "images.json" });
      return;
    }
    const fixes = `put its original at ${originalsFolder}/${image.file}, or give its`;
    if (image.width === null && image.height === null) {
      diagnostics.push(warning(imagesFile, [index], `image ${image.id}'s size is not known (width and height are null), so the images endpoint leaves it out (/api/v2/images/ does not list it, /api/v2/images/${image.id}/ answers 404); the pages that show it are built as ever. To publish it there, ${fixes} width and height in pixels here`));
      return;
    }
    const missing = !isNumber(image.width) && !isNumber(image.height) ? "width and height" : !isNumber(image.width) ? "width" : "height";
    const unknown = image.width === null || image.height === null ? " (or both null, when the size is not known)" : "";
    diagnostics.push(error(imagesFile, [index], `image ${image.id} has no size: ${fixes} ${missing} in pixels here${unknown}`));
  });
  return { sizes, diagnostics };
}
