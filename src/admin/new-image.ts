// An image uploaded from an event's image chooser, as images.json will hold it: its file's name in
// images/, its item (the next free id, the title, the file, the alt text, the focal point), and
// images.json's text with that one item added by the writer the Images collection saves with
// (keep-layout.ts), so every other byte of the file stays. Browser-safe: no node: modules.
import { fromFile, toFile, type Format, type Shape } from "./keep-layout.js";
import { IMAGE_EXTENSIONS } from "./image-extensions.js";
import { nextIdsOf } from "./next-free-ids.js";

export interface FocalPoint { x: number; y: number; width: number; height: number }

/** What the editor gave in the chooser's upload form. */
export interface NewImage {
  title: string;
  alt: string;
  focal: FocalPoint | null;
}

/** An image item of images.json (the keys the upload writes, in the content format's order). */
export interface ImageItem {
  id: number;
  title: string;
  file: string;
  alt?: string;
  focal_point?: FocalPoint;
}

const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

/** Why the upload cannot be saved, in the editor's words (none: it can). `fileName` is the picked file's, null when none is picked. */
export function uploadProblems(input: NewImage, fileName: string | null): string[] {
  const problems: string[] = [];
  if (fileName === null) problems.push("Choose a picture to upload.");
  else if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) {
    problems.push(`${fileName} is not a picture the build takes: choose a ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(", ")} file.`);
  }
  if (input.title.trim() === "") problems.push("Give the image a title: editors find it by its title.");
  return problems;
}

/**
 * The name the picture is saved as in images/: the picked file's, lower-cased, each run of other
 * signs than letters, digits, "." and "-" made one "-" (images.json's `file` takes no space, "/",
 * "?" or "#"), and "-2", "-3"... before the extension when an image already has that name.
 */
export function imageFileName(picked: string, taken: Iterable<string>): string {
  const extension = extensionOf(picked);
  const stem = (extension ? picked.slice(0, -(extension.length + 1)) : picked)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "") || "image";
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  let name = `${stem}.${extension}`;
  for (let n = 2; used.has(name); n++) name = `${stem}-${n}.${extension}`;
  return name;
}

const asItems = (value: unknown): Record<string, unknown>[] =>
  (Array.isArray(value) ? value : []).filter((v): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v));

/** The file names images.json's items give. */
export const takenNames = (items: unknown): string[] => asItems(items).flatMap((i) => (typeof i.file === "string" ? [i.file] : []));

/** The next free image id of images.json's items. */
export const nextImageId = (items: unknown): number => nextIdsOf({ pages: [], catalogue: [], images: [items], venues: [], programs: [], genres: [], accessibility: [] }).image;

/** The new item: an alt text left empty is left out (the title then stands for it), as is a focal point not set. */
export function imageItem(id: number, file: string, input: NewImage): ImageItem {
  return {
    id,
    title: input.title.trim(),
    file,
    ...(input.alt.trim() === "" ? {} : { alt: input.alt.trim() }),
    ...(input.focal ? { focal_point: input.focal } : {}),
  };
}

/** images.json's text with `item` added last: written as the Images collection writes (`shape`, its fields'), so only the new item's lines are new. */
export function withImage(text: string, format: Format, shape: Shape, item: ImageItem): string {
  const data = fromFile(text, format, true);
  data.items = [...(data.items as unknown[]), item];
  return toFile(data, format, true, shape);
}
