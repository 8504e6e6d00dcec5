// Whether a file holds exactly these bytes: a rebuild keeps such a file where it stands instead of
// writing it again (a folder made, a file written and renamed, a staged folder removed).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** The file's status when it is a regular file (not a link to one) whose bytes are `bytes`; null when it differs or cannot be read. */
export function holdsBytes(file: string, bytes: Uint8Array): Stats | null {
  let fd: number;
  try {
    // Not through a link, nor waiting on a pipe put in a file's place.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size !== bytes.length) return null;
    const held = Buffer.allocUnsafe(bytes.length + 1);
    let n = 0;
    // One byte more than expected is asked for: a file that grew since fstat is not the same.
    for (let got = 1; got > 0 && n < held.length; n += got) got = readSync(fd, held, n, held.length - n, n);
    return n === bytes.length && held.subarray(0, n).equals(bytes) ? st : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
