// Step: the images' originals (content/images/, read when the build opened) joined to images.json:
// each original's format put on its image, so that every thumbnail URL names the rendition of the
// format Wagtail writes; every image's size, from its original or from images.json; an original
// the build cannot read, or of a format Wagtail makes no rendition of, is an error naming it.
import { displayPath } from "../load/load-content.js";
import { error, warning, type Diagnostic, type Step } from "../model/diagnostics.js";
import { renditionFormat } from "../media/formats.js";
import { imageSizes, type ImageSize } from "../media/image-sizes.js";
import { ORIGINALS_FOLDER, type Original } from "../media/originals.js";
import { unreadableOriginal } from "../media/read-originals.js";
import { imagesFileOf, type BuildContext } from "./context.js";
import type { Settings } from "./check-settings.js";

export interface CheckedImages {
  /** Every image's size, by id (empty when the settings are broken). */
  sizes: Map<number, ImageSize>;
  /** The images with an original the build can read and render, by id. */
  originals: Map<number, Original>;
}

/** One more than the largest image id: the id a new image can take. */
const nextImageId = (images: ReadonlyMap<number, unknown>) => [...images.keys()].reduce((a, b) => Math.max(a, b), 0) + 1;

export function checkImages(ctx: BuildContext, settings: Settings): Step<CheckedImages> {
  const value: CheckedImages = { sizes: new Map(), originals: new Map() };
  const diagnostics: Diagnostic[] = ctx.originals.refused ? [ctx.originals.refused] : [];
  const images = settings.check.settings?.images;
  if (!images) return { value, diagnostics };
  // An original no image names is neither read nor published: most likely one whose entry in
  // images.json was forgotten (or misspelled), or one left behind when its image was removed.
  const imagesFile = imagesFileOf(ctx);
  for (const name of ctx.originals.unnamed) {
    diagnostics.push(
      warning(
        displayPath(ctx.options.contentArg, ORIGINALS_FOLDER, name), [],
        `is not named by any image in ${imagesFile} (no "file": ${JSON.stringify(name)}), so the build ignores it and publishes nothing of it; ` +
          `add an image for it to ${imagesFile}, such as {"id": ${nextImageId(images)}, "title": "...", "file": ${JSON.stringify(name)}, "alt": "..."}, or correct the "file" of the image it is meant for, or remove it from ${displayPath(ctx.options.contentArg, ORIGINALS_FOLDER)}/`,
      ),
    );
  }
  const reported = new Set<number>();
  for (const image of images.values()) {
    const file = ctx.originals.files.get(image.file);
    if (!file || file.kind === "missing") continue;
    if (file.kind === "unreadable") {
      diagnostics.push(unreadableOriginal(file, image.id));
      reported.add(image.id);
      continue;
    }
    const { original } = file;
    if (!renditionFormat(original.probe.format)) {
      diagnostics.push(error(original.shown, [], `is a ${original.probe.format.toUpperCase()} image, of which Wagtail makes no rendition (the original of image ${image.id}): save it as JPEG or PNG`));
      reported.add(image.id);
      continue;
    }
    value.originals.set(image.id, original);
    images.set(image.id, { ...image, format: original.probe.format });
  }
  const sized = imageSizes([...images.values()], value.originals, imagesFile, displayPath(ctx.options.contentArg, ORIGINALS_FOLDER), reported);
  value.sizes = sized.sizes;
  return { value, diagnostics: [...diagnostics, ...sized.diagnostics] };
}
