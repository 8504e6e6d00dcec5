// A rebuild that reuses pages updates --out in place instead of swapping a whole new tree in:
// moving twenty thousand unchanged files into a new folder and removing the old one cost more
// than building the pages that changed. Nothing here runs before the build has succeeded (every
// check passed, every new file staged), so a failed build still leaves --out as it was. Then each
// staged file is renamed over its place (a reader sees the old file or the new, never part of one),
// and whatever the build did not write is removed, so --out ends as a cold build leaves it.
// Stopped halfway (power lost), --out is part old and part new; the cache still describes the old
// output, and the next build writes again every page whose files it does not find as it left them.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";

/** Makes `dir` under `root` and its parents, replacing a file that stands where a folder must be. */
function makeFolder(root: string, dir: string, made: Set<string>): void {
  if (dir === "." || dir === "" || made.has(dir)) return;
  makeFolder(root, path.posix.dirname(dir), made);
  const abs = `${root}/${dir}`;
  try {
    mkdirSync(abs);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    if (!lstatSync(abs).isDirectory()) {
      unlinkSync(abs);
      mkdirSync(abs);
    }
  }
  made.add(dir);
}

/** Renames the staged file over its place in --out (a folder standing there goes first). */
function moveInto(outDir: string, stagingDir: string, rel: string, made: Set<string>): void {
  makeFolder(outDir, path.posix.dirname(rel), made);
  const target = `${outDir}/${rel}`;
  try {
    renameSync(`${stagingDir}/${rel}`, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "ENOTEMPTY" && code !== "EEXIST") throw e;
    rmSync(target, { recursive: true, force: true });
    renameSync(`${stagingDir}/${rel}`, target);
  }
}

/** What the build wants in --out. */
interface Wanted {
  files: Set<string>;
  folders: Set<string>;
  /** Folders of reused pages: not listed when unchanged since `settled` (see updateInPlace). */
  keptFolders: Set<string>;
  settled: number;
}

/** Removes every entry under `dir` that is not a file the build wants or a folder on the way to one. */
function prune(outDir: string, dir: string, wanted: Wanted): void {
  for (const entry of readdirSync(dir ? `${outDir}/${dir}` : outDir, { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!wanted.folders.has(rel)) rmSync(`${outDir}/${rel}`, { recursive: true, force: true });
      else if (!wanted.keptFolders.has(rel) || statSync(`${outDir}/${rel}`).mtimeMs >= wanted.settled) prune(outDir, rel, wanted);
    } else if (!wanted.files.has(rel)) unlinkSync(`${outDir}/${rel}`);
  }
}

/**
 * How long before a time a folder may have changed and still show that time: two seconds where
 * times are whole seconds (FAT's are two), and otherwise a margin for the kernel's coarse clock
 * (a few ms): with two seconds everywhere, the first rebuild after a short cold build listed many
 * page folders it need not.
 */
const tickOf = (time: number) => (time % 1000 === 0 ? 2000 : 100);

/**
 * Moves the staged files (`written`, relative paths) into --out, keeps `kept` (files of --out the
 * build reused or found as it would write them) as they are, and removes everything else in
 * --out. A folder of kept files alone (a reused page's) is listed only when it changed after
 * `previousBuild` (when the previous build ended: an entry added or removed in a folder changes
 * its time), since nothing but a hand can have put something else there.
 */
export function updateInPlace(outDir: string, stagingDir: string, written: readonly string[], kept: readonly string[], previousBuild: number): void {
  const made = new Set<string>();
  for (const rel of written) moveInto(outDir, stagingDir, rel, made);
  const files = new Set<string>();
  const folders = new Set<string>();
  /** Wants the file and the folders on the way to it; returns its folder. */
  const want = (rel: string): string => {
    files.add(rel);
    const folder = path.posix.dirname(rel);
    for (let d = folder; d !== "." && !folders.has(d); d = path.posix.dirname(d)) folders.add(d);
    return folder;
  };
  // A folder holding only kept files (a reused page's), unless the build also wrote into it or
  // wants a folder inside it: a skipped folder's subfolders would go unlisted.
  const keptFolders = new Set<string>();
  for (const rel of kept) keptFolders.add(want(rel));
  for (const rel of written) keptFolders.delete(want(rel));
  const parents = new Set<string>();
  for (const folder of folders) {
    for (let d = path.posix.dirname(folder); d !== "." && !parents.has(d); d = path.posix.dirname(d)) {
      parents.add(d);
      keptFolders.delete(d);
    }
  }
  prune(outDir, "", { files, folders, keptFolders, settled: previousBuild - tickOf(previousBuild) });
}
