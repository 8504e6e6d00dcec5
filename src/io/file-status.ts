// What a file's status vouches for: an event file's bytes (size, times and inode unchanged, as in
// git's index), or an output file still as the build wrote it.
import { lstatSync, type Stats } from "node:fs";
import type { SourceStat, WrittenFile } from "../model/page.js";

/**
 * A change within one tick of a coarse file-system clock can leave mtime and ctime as they were:
 * a status taken less than this after the file's last change is not kept (null), and the next
 * build hashes the file instead (git's "racily clean" entries).
 */
const SETTLED_MS = 2000;

/**
 * The file's status, or null when it cannot vouch for the bytes (too recent, or unreadable). Taken
 * before reading. A link's own (lstat): it never vouches for a file it leads to.
 */
export function sourceStat(absolute: string): SourceStat | null {
  const st = lstatSync(absolute, { throwIfNoEntry: false });
  return st ? statusOf(st) : null;
}

/** As sourceStat, from a status in hand (an open file's, taken before it is read). */
export function statusOf(st: Stats): SourceStat | null {
  if (Math.max(st.mtimeMs, st.ctimeMs) > Date.now() - SETTLED_MS) return null;
  return [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}

export const sameStat = (a: SourceStat | null | undefined, b: SourceStat | null | undefined): boolean =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

/**
 * Whether every file a page wrote is still in `outDir` as written. Files written as hard links of
 * one another (the pages/<id>/ detail and the event_pages/<id>/ one) are one inode: once it is
 * found as written with exactly as many links as the page made, each of its other names still
 * points at it (a name removed or replaced would have taken a link away), so it is not looked up
 * again.
 */
export function writtenStand(outDir: string, written: readonly WrittenFile[]): boolean {
  const vouched: number[] = [];
  for (const [rel, size, mtimeMs, ino] of written) {
    if (vouched.includes(ino)) continue;
    const st = lstatSync(`${outDir}/${rel}`, { throwIfNoEntry: false });
    if (!st || !st.isFile() || st.size !== size || st.mtimeMs !== mtimeMs || st.ino !== ino) return false;
    let names = 0;
    for (const w of written) if (w[3] === ino) names++;
    if (names > 1 && st.nlink === names) vouched.push(ino);
  }
  return true;
}
