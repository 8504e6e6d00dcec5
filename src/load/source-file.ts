// A content file as read from disk: the error of one that cannot be, and the size cap (its name,
// value and text are source-names.ts's, which the browser's admin shares).
import { pastCap, RefusedFile } from "../io/regular-file.js";
import { error, type Diagnostic } from "../model/diagnostics.js";

/** The error of a file that could not be read at all, or that the build will not read (io/regular-file.ts). */
export function unreadable(file: string, e: unknown): Diagnostic {
  if (e instanceof RefusedFile) return error(file, [], e.message);
  return error(file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}

/**
 * The largest content file the build reads: far past any an editor keeps (an event page is a few
 * kB, images.json for 10,000 images about 2 MiB), and far below what a string can hold.
 */
export const MAX_CONTENT_FILE_BYTES = 64 * 1024 * 1024;

export function contentFileTooLarge(size: number): string {
  const shown = pastCap(size, MAX_CONTENT_FILE_BYTES);
  return `is ${shown.size}, more than the ${shown.cap} a content file may be (an event page is a few kB): a file this large is not one editors keep; check what it holds`;
}
