// Reads the files of the content folder only as what they claim to be: regular files, opened
// without following a symbolic link, no larger than a cap. Content comes from pull requests, and a
// link committed there can lead anywhere on the machine that builds it (a secret, a device that
// never ends), a pipe never ends, and a huge file is only memory spent.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, writeSync, type Dirent, type Stats } from "node:fs";
import { open } from "node:fs/promises";

/**
 * Read only, not through a link at the last component (the open fails with ELOOP), and without
 * waiting for a writer: a named pipe opens at once, and is then refused by its status.
 */
export const OPEN_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A file the build will not read; the message says why and what to do, without the file's name. */
export class RefusedFile extends Error {
  override name = "RefusedFile";
}

/** What a file that is not a regular file is, as a message names it; null for a regular file. */
export function notRegular(entry: Stats | Dirent): string | null {
  if (entry.isFile()) return null;
  if (entry.isSymbolicLink()) return "a symbolic link";
  if (entry.isDirectory()) return "a folder";
  if (entry.isFIFO()) return "a named pipe (FIFO)";
  if (entry.isSocket()) return "a socket";
  if (entry.isCharacterDevice() || entry.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** Why a file or folder that is not what the build reads is refused, and what to do. `folder`: a folder was expected. */
export function refusal(what: string, folder = false): string {
  const expected = folder ? "folder" : "file";
  if (what === "a symbolic link") {
    return `is a symbolic link, and build-catalogue reads only what is inside the content folder (a link can lead anywhere on the machine that builds it): replace the link by the ${expected} itself`;
  }
  if (what === "a folder") return "is a folder, not a file: replace it by the file, or remove it";
  return `is ${what}, which build-catalogue never opens (it reads only regular files and folders): replace it by the ${expected} itself, or remove it`;
}

/** `12.4 MiB`, as a refusal names a size. */
export const mebibytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MiB`;

/** A size past a cap and the cap, as a message names them: in bytes when MiB would show them equal. */
export function pastCap(size: number, cap: number): { size: string; cap: string } {
  if (mebibytes(size) !== mebibytes(cap)) return { size: mebibytes(size), cap: mebibytes(cap) };
  const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;
  return { size: bytes(size), cap: bytes(cap) };
}

/** The status of an open file that the build may read, or a RefusedFile (its message names no file). */
function vetted(st: Stats, maxBytes: number, tooLarge: (size: number) => string): Stats {
  const what = notRegular(st);
  if (what !== null) throw new RefusedFile(refusal(what));
  if (st.size > maxBytes) throw new RefusedFile(tooLarge(st.size));
  return st;
}

/** An open's error: a link at the last component is a refusal (ELOOP on Linux and macOS, EMLINK on FreeBSD), others are thrown as they are. */
function openFailure(e: unknown, absolute: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ELOOP" || code === "EMLINK" || code === "ENXIO") {
    const st = lstatSync(absolute, { throwIfNoEntry: false });
    const what = st ? notRegular(st) : null;
    if (what !== null) return new RefusedFile(refusal(what));
  }
  return e;
}

/**
 * The bytes of a regular file no larger than `maxBytes`, and its status (taken once it is open,
 * before it is read). At most the size the status gives is read: a file that grows meanwhile is
 * read as it was. Throws RefusedFile, or the system's error (ENOENT...).
 */
export function readRegularFileSync(absolute: string, maxBytes: number, tooLarge: (size: number) => string): { bytes: Buffer; stats: Stats } {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_NO_FOLLOW);
  } catch (e) {
    throw openFailure(e, absolute);
  }
  try {
    const stats = vetted(fstatSync(fd), maxBytes, tooLarge);
    const bytes = Buffer.allocUnsafe(stats.size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, null);
      if (n === 0) break;
      at += n;
    }
    return { bytes: at === bytes.length ? bytes : bytes.subarray(0, at), stats };
  } finally {
    closeSync(fd);
  }
}

/** As readRegularFileSync, without blocking the thread (the originals are read several at once). */
export async function readRegularFile(absolute: string, maxBytes: number, tooLarge: (size: number) => string): Promise<{ bytes: Buffer; stats: Stats }> {
  const handle = await open(absolute, OPEN_NO_FOLLOW).catch((e: unknown) => {
    throw openFailure(e, absolute);
  });
  try {
    const stats = vetted(await handle.stat(), maxBytes, tooLarge);
    const bytes = Buffer.allocUnsafe(stats.size);
    let at = 0;
    while (at < bytes.length) {
      const { bytesRead } = await handle.read(bytes, at, bytes.length - at, null);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return { bytes: at === bytes.length ? bytes : bytes.subarray(0, at), stats };
  } finally {
    await handle.close();
  }
}

/** A piece of a copy: an original is copied through one buffer of this size, never held whole. */
const COPY_CHUNK = 1024 * 1024;
/** The one buffer every copy goes through (a copy runs to its end before another starts). */
let copyBuffer: Buffer | null = null;

/**
 * Copies a regular file no larger than `maxBytes` into a new file `to`, read from the file opened
 * without following a link (a copy by name would follow one). Returns the bytes copied.
 */
export function copyRegularFileSync(from: string, to: string, maxBytes: number, tooLarge: (size: number) => string): number {
  let source: number;
  try {
    source = openSync(from, OPEN_NO_FOLLOW);
  } catch (e) {
    throw openFailure(e, from);
  }
  try {
    const { size } = vetted(fstatSync(source), maxBytes, tooLarge);
    const target = openSync(to, "w");
    try {
      const buffer = (copyBuffer ??= Buffer.allocUnsafeSlow(COPY_CHUNK));
      let copied = 0;
      while (copied < size) {
        const n = readSync(source, buffer, 0, Math.min(buffer.length, size - copied), null);
        if (n === 0) break;
        for (let written = 0; written < n; ) written += writeSync(target, buffer, written, n - written);
        copied += n;
      }
      return copied;
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source);
  }
}
