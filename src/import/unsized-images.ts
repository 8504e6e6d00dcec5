// The images the API gives no size (it has no images endpoint, or its endpoint does not describe
// them): each one's size read from its downloaded original, else written as not known (null in
// images.json, which the build accepts with a warning and leaves out of /api/v2/images/), and the
// notes saying which, why, and what to do.
import { plural } from "../model/diagnostics.js";
import { probeImage, UnreadableImageError } from "../media/probe.js";
import type { ImageRecord } from "./content-images.js";
import { idList } from "./content-images.js";
import type { Original } from "./read-images.js";

export interface PixelSize {
  width: number;
  height: number;
}

/** The files of the records the API gave no size: their originals' headers are worth reading. */
export function filesWithoutSize(records: readonly ImageRecord[]): Set<string> {
  return new Set(records.filter((r) => r.width == null || r.height == null).map((r) => r.file));
}

/**
 * An original's size as Wagtail records it (before EXIF orientation), from its header, by the
 * build's own probe; null when it is no image the build reads (the proof's build then names it).
 */
export async function originalSize(bytes: Buffer): Promise<PixelSize | null> {
  try {
    const probe = await probeImage(bytes);
    return { width: probe.fileWidth, height: probe.fileHeight };
  } catch (e) {
    if (e instanceof UnreadableImageError) return null;
    throw e;
  }
}

export interface SizingInput {
  /** The API's images endpoint: none (a 404), one that could not be read, or one that does not describe these images. */
  endpoint: "none" | "unreadable" | "listed";
  /** Whether originals were downloaded (not --no-images). */
  downloaded: boolean;
  /** The originals the import knows a download_url of. */
  originals: readonly Original[];
  /** By file: the size read from each original downloaded for a record without one. */
  probed: ReadonlyMap<string, PixelSize>;
  /** The content folder as given, for the notes. */
  content: string;
}

const them = (n: number) => (n === 1 ? "it" : "them");

/**
 * Gives each record without a size its original's, else `null` for both (not known); returns the
 * notes. The records are changed in place, before images.json is written.
 */
export function sizeImages(records: ImageRecord[], input: SizingInput): string[] {
  const fromOriginal: number[] = [];
  const unknown: ImageRecord[] = [];
  for (const r of records) {
    if (r.width != null && r.height != null) continue;
    const size = input.probed.get(r.file);
    if (size) {
      Object.assign(r, size);
      fromOriginal.push(r.id);
    } else {
      Object.assign(r, { width: null, height: null });
      unknown.push(r);
    }
  }
  const why = (n: number) =>
    input.endpoint === "listed" ? `its images endpoint does not describe ${them(n)}` : input.endpoint === "unreadable" ? "its images endpoint could not be read" : "it has no images endpoint";
  const notes: string[] = [];
  if (fromOriginal.length) {
    const n = fromOriginal.length;
    notes.push(`${plural(n, "image")} the API gives no size (${why(n)}): width and height read from ${n === 1 ? "its" : "their"} downloaded original${n === 1 ? "" : "s"} (ids ${idList(fromOriginal)})`);
  }
  if (unknown.length) notes.push(unknownNote(unknown, input, why(unknown.length)));
  return notes;
}

/** Why no original was read for the images left without a size, by cause. */
function noOriginalCauses(unknown: readonly ImageRecord[], input: SizingInput): string[] {
  const named = new Set(input.originals.map((o) => o.file));
  const withUrl = unknown.filter((r) => named.has(r.file)).length;
  const withoutUrl = unknown.length - withUrl;
  return [
    withUrl && !input.downloaded ? `${withUrl} imported with --no-images (import with --images to read ${withUrl === 1 ? "its size from its original" : "their sizes from their originals"})` : "",
    withUrl && input.downloaded ? `${withUrl} whose original could not be downloaded (noted above)` : "",
    withoutUrl ? `${withoutUrl} whose original the API does not name (made from a thumbnail's URL, or known by id alone)` : "",
  ].filter(Boolean);
}

function unknownNote(unknown: readonly ImageRecord[], input: SizingInput, why: string): string {
  const n = unknown.length;
  return (
    `${plural(n, "image")} ${n === 1 ? "has" : "have"} no size (ids ${idList(unknown.map((r) => r.id))}): the API gives none (${why}) and no original was read: ${noOriginalCauses(unknown, input).join("; ")}. ` +
    `${input.content}/images.json gives ${them(n)} "width": null and "height": null: the build accepts that, with a warning for each, and leaves ${them(n)} out of its /api/v2/images/ (the pages do not depend on it). ` +
    `To publish ${n === 1 ? "it" : "one"} there, put its original in ${input.content}/images/ or give its width and height`
  );
}
