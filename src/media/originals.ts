// Finds and reads the originals in content/images/: each one's bytes hash and probe, or an error naming the file.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
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

/** Reads one image's original: missing is no error here (images.json may give its size instead). */
export async function readOriginal(image: MediaImage, contentDir: string, contentArg = contentDir): Promise<OriginalRead> {
  const where = originalPath(contentDir, image.file, contentArg);
  let bytes: Buffer;
  try {
    bytes = await readFile(where.path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    const reason = code === "EISDIR" ? "is a folder, not an image file" : `cannot be read (${(e as Error).message})`;
    return { kind: "unreadable", diagnostic: error(where.shown, [], `${reason}: image ${image.id} of images.json names it as its original; put the image file there, or remove it`) };
  }
  try {
    const probe = await probeImage(bytes);
    return { kind: "found", original: { ...where, hash: hashBytes(bytes), probe }, bytes };
  } catch (e) {
    if (!(e instanceof UnreadableImageError)) throw e;
    return { kind: "unreadable", diagnostic: error(where.shown, [], `${e.message} (the original of image ${image.id})`) };
  }
}
