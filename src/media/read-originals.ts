// The originals of content/images/ that images.json names: each one's format, size and bytes' hash,
// read once and kept in a memo beside the build cache, by the file's status (size, times, inode),
// so that a rebuild of unchanged originals lists the folder and reads no image.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sourceStat, statusOf } from "../io/file-status.js";
import { notRegular, readRegularFile, RefusedFile, refusal } from "../io/regular-file.js";
import { error, type Diagnostic } from "../model/diagnostics.js";
import type { SourceStat } from "../model/page.js";
import { eachParallel } from "./each-parallel.js";
import { hashBytes, originalPath, originalTooLarge, ORIGINALS_FOLDER, type Original } from "./originals.js";
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
  /** The entries of content/images/ that images.json names not (hidden ones, such as .gitkeep, left out), sorted. */
  unnamed: string[];
  /** content/images/ is there but not a folder (a link to one): its error; no original is read. */
  refused?: Diagnostic;
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

export interface ReadOriginalsOptions {
  contentDir: string;
  contentArg: string;
  /** Where the memo is kept (null: none, as for a check, which writes nothing). */
  memoFile: string | null;
  /** The largest original read, in bytes (--max-original-size); a larger one is an error. */
  maxBytes: number;
}

/**
 * Reads the originals of these files (images.json's names) in `<contentDir>/images/`. Each is read
 * only as a regular file inside it: the folder and each original are refused when they are links.
 */
export async function readOriginals(names: Iterable<string>, options: ReadOriginalsOptions): Promise<OriginalsFolder> {
  const files = new Map<string, OriginalFile>();
  const folder = path.join(options.contentDir, ORIGINALS_FOLDER);
  const shownFolder = path.join(options.contentArg, ORIGINALS_FOLDER).split(path.sep).join("/");
  // The folder itself, not through a link: a link's folder is not listed, so nothing there is read or published.
  const folderWhat = await lstat(folder).then(notRegular, () => null);
  if (folderWhat !== null && folderWhat !== "a folder") {
    for (const name of names) files.set(name, { kind: "missing" });
    return { exists: false, files, read: 0, unnamed: [], refused: error(`${shownFolder}/`, [], `the folder of originals ${refusal(folderWhat, true)}`) };
  }
  let listed: Map<string, string | null>;
  try {
    listed = new Map((await readdir(folder, { withFileTypes: true })).map((entry) => [entry.name, notRegular(entry)]));
  } catch {
    for (const name of names) files.set(name, { kind: "missing" });
    return { exists: false, files, read: 0, unnamed: [] };
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
    // A link, a folder or a pipe named as an original is never opened.
    const what = listed.get(name)!;
    if (what !== null) {
      files.set(name, { kind: "unreadable", shown: where.shown, reason: what === "a folder" ? "is a folder, not an image file" : refusal(what) });
      continue;
    }
    const entry = memo.get(name);
    const status = entry ? sourceStat(where.path) : null;
    if (entry && status && status.every((v, i) => v === entry[i]) && status[0] <= options.maxBytes) {
      files.set(name, { kind: "found", original: { ...where, hash: entry[4], probe: entry[5] } });
      kept.set(name, entry);
    } else toRead.push(name);
  }
  // Reading is mostly waiting on the disk and on libvips' threads: a few at once.
  await eachParallel(toRead, Math.max(2, os.availableParallelism()), async (name) => {
    const where = originalPath(options.contentDir, name, options.contentArg);
    let bytes: Buffer;
    let status: SourceStat | null;
    try {
      // Not through a link, a regular file, at most the cap; its status is the open file's, before
      // reading: a change while it is read is seen next time.
      const read = await readRegularFile(where.path, options.maxBytes, (size) => originalTooLarge(size, options.maxBytes));
      bytes = read.bytes;
      status = statusOf(read.stats);
    } catch (e) {
      if (e instanceof RefusedFile) return void files.set(name, { kind: "unreadable", shown: where.shown, reason: e.message });
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
  const unnamed = [...listed.keys()].filter((name) => !files.has(name) && !name.startsWith(".")).sort();
  return { exists: true, files, read: toRead.length, unnamed };
}
