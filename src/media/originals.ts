// Finds and reads the originals in content/images/: each one's bytes hash and probe, or an error naming the file.
import { createHash } from "node:crypto";
import { lstat } from "node:fs/promises";
import path from "node:path";
import { notRegular, pastCap, readRegularFile, RefusedFile, refusal } from "../io/regular-file.js";
import { error, type Diagnostic } from "../model/diagnostics.js";
import type { FocalPoint } from "./fill.js";
import { probeImage, UnreadableImageError, type ImageProbe } from "./probe.js";

/** What the media stage needs of an image of images.json. */
export interface MediaImage {
  id: number;
  title?: string;
  file: string;
  focal_point?: FocalPoint | null | undefined;
}

export interface Original {
  /** Where it is on disk. */
  path: string;
  /** As diagnostics name it: `content/images/<file>`, from the content folder as the caller named it. */
  shown: string;
  /** SHA-256 of the file's bytes, hex. */
  hash: string;
  probe: ImageProbe;
}

/** The folder of the originals, inside the content folder. */
export const ORIGINALS_FOLDER = "images";

/**
 * The largest original read by default: Wagtail's own limit on an uploaded image
 * (WAGTAILIMAGES_MAX_UPLOAD_SIZE, 10 * 1024 * 1024 bytes), so every original a default Wagtail
 * took is read, and the build holds at most a few such files in memory at once.
 */
export const DEFAULT_MAX_ORIGINAL_BYTES = 10 * 1024 * 1024;

/** An original past the cap: the error says by how much, and how to raise the cap. */
export function originalTooLarge(size: number, maxBytes: number): string {
  const shown = pastCap(size, maxBytes);
  const wagtail = maxBytes === DEFAULT_MAX_ORIGINAL_BYTES ? " (Wagtail's own default limit on uploads)" : "";
  return `is ${shown.size}, more than the ${shown.cap} an original may be${wagtail}: save a smaller copy (a 550x375 thumbnail needs far fewer pixels), or raise the limit with --max-original-size ${Math.ceil(size / 1024 / 1024)} (in MiB)`;
}

/** The original's path on disk, and as diagnostics show it (from the content folder as the user named it). */
export function originalPath(contentDir: string, file: string, contentArg = contentDir): { path: string; shown: string } {
  return {
    path: path.join(contentDir, ORIGINALS_FOLDER, file),
    shown: path.join(contentArg, ORIGINALS_FOLDER, file).split(path.sep).join("/"),
  };
}

export const hashBytes = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export type OriginalRead =
  | { kind: "found"; original: Original; bytes: Buffer | null }
  | { kind: "missing" }
  | { kind: "unreadable"; diagnostic: Diagnostic };

/**
 * Reads one image's original: missing is no error here (images.json may give its size instead).
 * Only a regular file, not through a link, of at most `maxBytes`; a link or a pipe is never opened.
 */
export async function readOriginal(image: MediaImage, contentDir: string, contentArg = contentDir, maxBytes = DEFAULT_MAX_ORIGINAL_BYTES): Promise<OriginalRead> {
  const where = originalPath(contentDir, image.file, contentArg);
  const names = `image ${image.id} of images.json names it as its original`;
  let bytes: Buffer;
  try {
    const what = notRegular(await lstat(where.path));
    if (what === "a folder") throw Object.assign(new Error("a folder"), { code: "EISDIR" });
    if (what !== null) throw new RefusedFile(refusal(what));
    bytes = (await readRegularFile(where.path, maxBytes, (size) => originalTooLarge(size, maxBytes))).bytes;
  } catch (e) {
    if (e instanceof RefusedFile) return { kind: "unreadable", diagnostic: error(where.shown, [], `${e.message} (${names})`) };
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    const reason = code === "EISDIR" ? "is a folder, not an image file" : `cannot be read (${(e as Error).message})`;
    return { kind: "unreadable", diagnostic: error(where.shown, [], `${reason}: ${names}; put the image file there, or remove it`) };
  }
  try {
    const probe = await probeImage(bytes);
    return { kind: "found", original: { ...where, hash: hashBytes(bytes), probe }, bytes };
  } catch (e) {
    if (!(e instanceof UnreadableImageError)) throw e;
    return { kind: "unreadable", diagnostic: error(where.shown, [], `${e.message} (the original of image ${image.id})`) };
  }
}
