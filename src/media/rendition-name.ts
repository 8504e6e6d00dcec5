// A rendition's file name as Wagtail 5.2 names it: `<stem>.<key>.<filter>.<ext>`, its stem cut so the name fits in 60 characters.
import { createHash } from "node:crypto";
import type { ImageSource } from "../content/lists.js";
import { renditionExtension, type SourceFormat } from "./formats.js";

/** The filter of the API's thumbnails. */
export const THUMBNAIL_FILTER = "fill-550x375";

/**
 * Wagtail's rendition key: the first 8 hex digits of the SHA-1 of the focal point as
 * `width-height-x-y`, or of `None-None-None-None` without one; an image's own `rendition_key` when
 * it gives one (an import whose API published the key but not the focal point it was hashed from).
 */
export function renditionKey(image: Partial<ImageSource>): string {
  if (image.rendition_key !== undefined) return image.rendition_key;
  const f = image.focal_point;
  const vary = f ? `${f.width}-${f.height}-${f.x}-${f.y}` : "None-None-None-None";
  let key = keys.get(vary);
  if (key === undefined) keys.set(vary, (key = createHash("sha1").update(vary, "utf8").digest("hex").slice(0, 8)));
  return key;
}
/** A catalogue has few images and many pages showing them: each key is hashed once. */
const keys = new Map<string, string>();

/** Python's os.path.splitext on a bare file name: leading dots belong to the stem. */
export function splitExtension(file: string): { stem: string; extension: string } {
  const dot = file.lastIndexOf(".");
  if (dot > 0 && /[^.]/.test(file.slice(0, dot))) return { stem: file.slice(0, dot), extension: file.slice(dot + 1) };
  return { stem: file, extension: "" };
}

/**
 * Wagtail cuts the stem to `59 - len("<key>.<filter>.<ext>")` characters; with the dot between
 * them the name has at most 60 ("to prevent it going over 60 chars").
 */
const STEM_AND_TAIL = 59;

/**
 * The rendition's file name for an original named `file` (`images.json`'s `file`). `format` is
 * the original's format when it has been read from the file; without it the extension decides.
 * The stem is cut as Wagtail cuts it, in characters as Python counts them (code points).
 */
export function renditionFileName(file: string, key: string, options: { filter?: string; format?: SourceFormat | null } = {}): string {
  const { stem, extension } = splitExtension(file);
  const filter = (options.filter ?? THUMBNAIL_FILTER).replaceAll("|", ".");
  const tail = `${key === "" ? "" : `${key}.`}${filter}.${renditionExtension(extension, options.format)}`;
  const chars = Array.from(stem);
  // Python's stem[:59 - len(tail)]: a negative end counts from the stem's end.
  const keep = chars.slice(0, STEM_AND_TAIL - Array.from(tail).length).join("");
  return `${keep}.${tail}`;
}
