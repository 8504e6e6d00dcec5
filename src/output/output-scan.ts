// What a build may delete of a folder it replaces: the files the folder's marker lists (its own),
// found by walking the folder before anything changes; anything else there (a file, a link, a
// socket: the build writes plain files alone) stops the build unless --force. The walk notes what
// it found, and the removal afterwards works from that note: it lists no folder again, and it
// never follows a link (entries are read as they are, not as what they name).
import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import type { ListedFolder } from "./file-listing.js";
import { OUTPUT_MARKER, type Marker } from "./output-marker.js";

/** The listings that vouch for a folder's entries (one, or several while an update in place is under way). */
export class Owned {
  private constructor(
    private readonly listings: readonly ListedFolder[],
    /** At the top of an earlier version's output: the names its marker gave. */
    private readonly top: ReadonlySet<string> | null = null,
  ) {}

  /**
   * What vouches for the files of a folder with this marker: its listings; for an earlier
   * version's marker, the files this build writes (`thisBuild`) under the names it gave; nothing
   * for no marker, or one not trusted.
   */
  static of(marker: Marker, thisBuild: () => ListedFolder): Owned | null {
    if (marker.kind === "listed") return new Owned([marker.files, ...marker.leaving]);
    if (marker.kind === "top") return new Owned([thisBuild()], marker.entries);
    return null;
  }

  file(name: string): boolean {
    if (this.top && !this.top.has(name)) return false;
    for (const l of this.listings) if (l.hasFile(name)) return true;
    return false;
  }

  folder(name: string): Owned | null {
    if (this.top && !this.top.has(name)) return null;
    let found: ListedFolder[] | null = null;
    for (const l of this.listings) {
      const f = l.folder(name);
      if (f) (found ??= []).push(f);
    }
    return found && new Owned(found);
  }
}

/** What was found of a folder to replace: the entries no build wrote, and what the removal takes. */
export class Found {
  /** Entries no build wrote (relative paths), the first few; `more` counts the rest. */
  readonly foreign: string[] = [];
  more = 0;
  /** Every file (or link) to remove, and every folder, parents before what they hold (relative paths). */
  readonly files: string[] = [];
  readonly folders: string[] = [];
  /** Updating in place: a link found where the build keeps a folder (the first). */
  linkedFolder: string | null = null;

  foreignAt(rel: string): void {
    if (this.foreign.length < 20) this.foreign.push(rel);
    else this.more++;
  }

  /**
   * Notes everything under the folder `rel` of `root` (`owned`: what vouches for it), its files
   * checked against it; the folder itself is to be removed.
   */
  walk(root: string, rel: string, owned: Owned | null): void {
    this.folders.push(rel);
    for (const entry of readdirSync(rel ? `${root}/${rel}` : root, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) this.walk(root, r, owned?.folder(entry.name) ?? null);
      else {
        // The marker at the top is the build's own; a plain file is the build's when listed; anything else never is.
        if (!(rel === "" && entry.name === OUTPUT_MARKER) && !(entry.isFile() && owned?.file(entry.name))) this.foreignAt(r);
        this.files.push(r);
      }
    }
  }

  /**
   * Removes what was found, from under `root` (where the folder is now): files first, then the
   * folders, innermost first. What is already gone is passed over; a folder that is not empty
   * any more (something put there since the walk) is left, with what it holds.
   */
  remove(root: string): void {
    for (const rel of this.files) ignoring(() => unlinkSync(`${root}/${rel}`), "ENOENT", "ENOTDIR", "EISDIR");
    for (let i = this.folders.length - 1; i >= 0; i--) {
      const rel = this.folders[i]!;
      ignoring(() => rmdirSync(rel ? `${root}/${rel}` : root), "ENOENT", "ENOTDIR", "ENOTEMPTY", "EEXIST");
    }
  }
}

function ignoring(act: () => void, ...codes: string[]): void {
  try {
    act();
  } catch (e) {
    if (!codes.includes((e as NodeJS.ErrnoException).code ?? "")) throw e;
  }
}
