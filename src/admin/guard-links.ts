// What the admin's guard finds on disk before the file API touches a path: no symbolic link on
// the way (the content folder itself aside), and only regular files and folders, so nothing is
// read or written outside the content folder and no read waits on a pipe. The build refuses
// links, and so does the admin (the file API opens no file through one either).
import type { Dirent, Stats } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { mebibytes, notRegular, refusal } from "../io/regular-file.js";
import { quoted } from "../preview/print.js";

export type OnDisk = { exists: boolean } | { refused: string };

async function lstatOrNull(p: string): Promise<Stats | null> {
  try {
    return await lstat(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw e;
  }
}

/**
 * Checks each part of `rel` (relative to `root`, the content folder's real path) that exists: a
 * folder on the way, and at the end a regular file (`expect` "file") or a folder ("folder"),
 * none a symbolic link. Whether the whole path exists, or why it is refused.
 */
export async function checkOnDisk(root: string, rel: string, expect: "file" | "folder"): Promise<OnDisk> {
  const parts = rel.split("/");
  let at = root;
  for (let i = 0; i < parts.length; i++) {
    at = path.join(at, parts[i]!);
    const shown = parts.slice(0, i + 1).join("/");
    let st: Stats | null;
    try {
      st = await lstatOrNull(at);
    } catch (e) {
      return { refused: `${quoted(shown)} cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
    }
    // What is missing is written as new files and folders: nothing there to follow.
    if (st === null) return { exists: false };
    const last = i === parts.length - 1;
    const wanted = last ? expect : "folder";
    const what = wanted === "folder" ? (st.isDirectory() ? null : st.isSymbolicLink() ? "a symbolic link" : "a file, not a folder") : notRegular(st);
    if (what === "a file, not a folder") return { refused: `${quoted(shown)} is a file where a folder is expected: move it away` };
    if (what !== null) return { refused: `${quoted(shown)} ${refusal(what, wanted === "folder").replace("build-catalogue", "the admin")}` };
  }
  return { exists: true };
}

export interface FolderLimits {
  /** Only the files whose name ends so are read (the listing's `extension`); "" for all. */
  extension: string;
  /** The largest file read. */
  maxFileBytes: number;
  /** The most read in all: the file API answers every file of the listing at once, in one string. */
  maxTotalBytes: number;
}

/**
 * Checks every entry of a folder a listing reads (entriesByFolder, getMedia), so that the whole
 * listing is refused, naming the entry, rather than answered without it. Null when all is well.
 */
export async function checkFolderEntries(root: string, folder: string, limits: FolderLimits): Promise<string | null> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, folder), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    return `${quoted(folder)} cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
  const sorted = entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  const statuses = await listedStatuses(root, folder, sorted.filter((e) => e.isFile() && e.name.endsWith(limits.extension)));
  let total = 0;
  for (const entry of sorted) {
    const shown = `${folder}/${entry.name}`;
    // A folder inside is not read (the listing goes one level deep).
    if (entry.isDirectory()) continue;
    const what = notRegular(entry);
    if (what !== null) return `${quoted(shown)} ${refusal(what).replace("build-catalogue", "the admin")}; the admin lists no folder holding one`;
    if (!entry.name.endsWith(limits.extension)) continue;
    const st = statuses.get(entry.name);
    if (st instanceof Error) throw st;
    const size = st?.size ?? 0;
    if (size > limits.maxFileBytes) return `${quoted(shown)} is ${mebibytes(size)}, past the ${mebibytes(limits.maxFileBytes)} the admin reads of a file: make it smaller or move it out of ${folder}/`;
    total += size;
    if (total > limits.maxTotalBytes) return `${folder}/ holds more than the ${mebibytes(limits.maxTotalBytes)} the admin reads in one listing: move some files out of it`;
  }
  return null;
}

/**
 * The statuses of the files a listing reads (null: gone since the folder was read), asked all at
 * once: one after another, each waiting for the last, they took about 110 ms for 1,000 event files
 * against 20 ms at once (docs/benchmark.md, the admin). A status that failed is its error, thrown
 * where the checks, in name order, come to that file.
 */
async function listedStatuses(root: string, folder: string, files: Dirent[]): Promise<Map<string, Stats | null | Error>> {
  const statuses = await Promise.all(files.map((file) => lstatOrNull(path.join(root, folder, file.name)).catch((e: Error) => e)));
  return new Map(files.map((file, i) => [file.name, statuses[i] ?? null]));
}
