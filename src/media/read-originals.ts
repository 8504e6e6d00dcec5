// The originals of content/images/ that images.json names: each one's format, size and bytes' hash,
// read once and kept in a memo beside the build cache, by the file's status (size, times, inode),
// so that a rebuild of unchanged originals lists the folder and reads no image.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sourceStat } from "../io/file-status.js";
import { error, type Diagnostic } from "../model/diagnostics.js";
import type { SourceStat } from "../model/page.js";
import { eachParallel } from "./each-parallel.js";
import { hashBytes, originalPath, ORIGINALS_FOLDER, type Original } from "./originals.js";
import { probeImage, UnreadableImageError, type ImageProbe } from "./probe.js";

/** The error of an original the build cannot read, for the image that names it. */
export const unreadableOriginal = (file: { shown: string; reason: string }, imageId: number): Diagnostic => error(file.shown, [], `${file.reason} (the original of image ${imageId})`);

/** What one file named by images.json is: an original the build read, none, or a file it cannot read (why, without its name). */
export type OriginalFile = { kind: "found"; original: Original } | { kind: "missing" } | { kind: "unreadable"; shown: string; reason: string };

export interface OriginalsFolder {
  /** Whether content/images/ exists: a catalogue that keeps its originals there. */
  exists: boolean;
  /** By file name (images.json's `file`). */
  files: Map<string, OriginalFile>;
  /** How many originals were read from disk (not vouched for by the memo). */
  read: number;
}

/** A file's status as the event files' is kept (size, times, inode: io/file-status.ts), its bytes' hash and its probe. */
type MemoEntry = [...SourceStat, hash: string, probe: ImageProbe];
const MEMO_FORMAT = 1;

function readMemo(file: string | null): Map<string, MemoEntry> {
  if (!file) return new Map();
  try {
    const memo = JSON.parse(readFileSync(file, "utf8")) as { format: number; entries: Record<string, MemoEntry> };
    return memo.format === MEMO_FORMAT ? new Map(Object.entries(memo.entries)) : new Map();
  } catch {
    return new Map(); // none yet, or unreadable: every original is read
  }
}

function writeMemo(file: string, entries: Map<string, MemoEntry>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ format: MEMO_FORMAT, entries: Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1))) }));
  renameSync(temp, file);
}

/**
 * Reads the originals of these files (images.json's names) in `<contentDir>/images/`. `memoFile`:
 * where the memo is kept (null: none, as for a check, which writes nothing).
 */
export async function readOriginals(names: Iterable<string>, options: { contentDir: string; contentArg: string; memoFile: string | null }): Promise<OriginalsFolder> {
  const files = new Map<string, OriginalFile>();
  let listed: Set<string>;
  try {
    listed = new Set(await readdir(path.join(options.contentDir, ORIGINALS_FOLDER)));
  } catch {
    for (const name of names) files.set(name, { kind: "missing" });
    return { exists: false, files, read: 0 };
  }
  const memo = readMemo(options.memoFile);
  const kept = new Map<string, MemoEntry>();
  const toRead: string[] = [];
  for (const name of names) {
    if (files.has(name)) continue;
    if (!listed.has(name)) {
      files.set(name, { kind: "missing" });
      continue;
    }
    const where = originalPath(options.contentDir, name, options.contentArg);
    const entry = memo.get(name);
    const status = entry ? sourceStat(where.path) : null;
    if (entry && status && status.every((v, i) => v === entry[i])) {
      files.set(name, { kind: "found", original: { ...where, hash: entry[4], probe: entry[5] } });
      kept.set(name, entry);
    } else toRead.push(name);
  }
  // Reading is mostly waiting on the disk and on libvips' threads: a few at once.
  await eachParallel(toRead, Math.max(2, os.availableParallelism()), async (name) => {
    const where = originalPath(options.contentDir, name, options.contentArg);
    const status = sourceStat(where.path); // before reading: a change while it is read is seen next time
    let bytes: Buffer;
    try {
      bytes = await readFile(where.path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return void files.set(name, { kind: "missing" });
      files.set(name, { kind: "unreadable", shown: where.shown, reason: code === "EISDIR" ? "is a folder, not an image file" : `cannot be read (${(e as Error).message})` });
      return;
    }
    try {
      const probe = await probeImage(bytes);
      const hash = hashBytes(bytes);
      files.set(name, { kind: "found", original: { ...where, hash, probe } });
      if (status) kept.set(name, [...status, hash, probe]);
    } catch (e) {
      if (!(e instanceof UnreadableImageError)) throw e;
      files.set(name, { kind: "unreadable", shown: where.shown, reason: e.message });
    }
  });
  if (options.memoFile && (toRead.length > 0 || kept.size !== memo.size)) writeMemo(options.memoFile, kept);
  return { exists: true, files, read: toRead.length };
}
