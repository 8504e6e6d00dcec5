// Saves an image uploaded from an event's image chooser: the picture into the media folder and its
// item at the end of images.json, in one save of the backend Decap uses (backend.ts), so that the
// edit server checks both together before writing either, and GitHub commits both at once. The
// item's id is the next free one of images.json as read now, not as the chooser last read it.
import type { Format, Shape } from "../keep-layout.js";
import { imageFileName, imageItem, nextImageId, takenNames, withImage, type ImageItem, type NewImage } from "../new-image.js";
import { fromFile } from "../keep-layout.js";
import { persistFiles, readText } from "./backend.js";
import { forgetNextIds } from "./next-id-widget.js";
import { forgetSettings } from "./settings-read.js";

/** Where an upload goes: images.json in the repository (its path, format and the Images collection's shape) and the media folder. */
export interface UploadTarget {
  imagesPath: string;
  format: Format;
  shape: Shape;
  mediaFolder: string;
}

/** A file's bytes in base64, as the backends send a media file. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

/** Saves `file` with the editor's title, alt text and focal point; resolves to the new item once both files are saved. */
export async function uploadImage(file: File, input: NewImage, target: UploadTarget): Promise<ImageItem> {
  const text = await readText(target.imagesPath);
  if (text === null) throw new Error(`${target.imagesPath} could not be read: the image was not saved`);
  const items = fromFile(text, target.format, true).items;
  const name = imageFileName(file.name, takenNames(items));
  const item = imageItem(nextImageId(items), name, input);
  const path = `${target.mediaFolder.replace(/\/+$/, "")}/${name}`;
  await persistFiles(
    [{ path: target.imagesPath, slug: "images", raw: withImage(text, target.format, target.shape, item) }],
    [{ path, fileObj: file, toBase64: () => base64Of(file) }],
    `Upload image ${item.id} "${item.title}" (${name})`,
  );
  // The check before a save and the next ids read images.json again, with the new image.
  forgetSettings();
  forgetNextIds();
  return item;
}
