// A rebuild that reuses pages updates --out in place instead of swapping a whole new tree in:
// moving a large catalogue's unchanged files into a new folder and removing the old one cost more
// than building the pages that changed (docs/benchmark.md has the measurement). Nothing here
// changes --out before the build has succeeded (every check passed, every new file staged) and
// --out has been found to hold nothing no build wrote, so a failed or refused build still leaves
// --out as it was. Then whatever the build does not write is removed, and each staged file is
// renamed over its place (a reader sees the old file or the new, never part of one), so --out ends
// as a cold build leaves it.
// Stopped halfway (power lost), --out is part old and part new; the cache still describes the old
// output, and the next build writes again every page whose files it does not find as it left them.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { OUTPUT_MARKER } from "./output-marker.js";
import { Found, type Owned } from "./output-scan.js";

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
  /** Folders of reused pages: not listed when unchanged since `settled` (see InPlaceUpdate). */
  keptFolders: Set<string>;
  settled: number;
}

/**
 * Notes every entry under `dir` that is not a file the build wants or a folder on the way to one
 * (to be removed), and every entry no build wrote (`owned`: what vouches for `dir`'s entries).
 */
function scan(outDir: string, dir: string, owned: Owned | null, wanted: Wanted, found: Found): void {
  for (const entry of readdirSync(dir ? `${outDir}/${dir}` : outDir, { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // A reused page's folder unchanged since the previous build is passed over: its marker is not even asked.
      if (!wanted.folders.has(rel)) found.walk(outDir, rel, owned?.folder(entry.name) ?? null);
      else if (!wanted.keptFolders.has(rel) || statSync(`${outDir}/${rel}`).mtimeMs >= wanted.settled) scan(outDir, rel, owned?.folder(entry.name) ?? null, wanted, found);
      continue;
    }
    // The marker is the build's; it is replaced last (apply).
    if (rel === OUTPUT_MARKER) continue;
    if (!entry.isFile() || !owned?.file(entry.name)) found.foreignAt(rel);
    // A link where the build keeps a folder: the files it keeps there stand only through the link.
    if (entry.isSymbolicLink() && wanted.folders.has(rel)) found.linkedFolder ??= rel;
    if (!wanted.files.has(rel)) found.files.push(rel);
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
 * The update of --out in place by a build that wrote `written` (relative paths, staged) and keeps
 * `kept` (files of --out it reused or found as it would write them), planned before anything
 * changes: what to remove (everything else in --out), and what no build wrote (`found.foreign`),
 * checked against what vouches for --out's files (`owned`: its marker's listing). A folder of
 * kept files alone (a reused page's) is listed only when it changed after `previousBuild` (when
 * the previous build ended: an entry added or removed in a folder changes its time), since
 * nothing but a hand can have put something else there.
 */
export class InPlaceUpdate {
  readonly found = new Found();
  /** How many files --out holds once updated (the marker aside). */
  readonly files: number;

  constructor(
    private readonly outDir: string,
    private readonly written: readonly string[],
    kept: readonly string[],
    previousBuild: number,
    owned: Owned | null,
  ) {
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
    this.files = files.size;
    scan(outDir, "", owned, { files, folders, keptFolders, settled: previousBuild - tickOf(previousBuild) }, this.found);
  }

  /** Removes what the build no longer writes, then renames each staged file over its place. */
  apply(stagingDir: string): void {
    this.found.remove(this.outDir);
    const made = new Set<string>();
    for (const rel of this.written) moveInto(this.outDir, stagingDir, rel, made);
  }
}
