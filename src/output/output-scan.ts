// What a build may delete of a folder it replaces: the files the folder's marker lists (its own),
// found by walking the folder before anything changes; anything else there (a file, a link, a
// socket: the build writes plain files alone) stops the build unless --force. The walk notes what
// it found, and the removal afterwards works from that note: it lists no folder again, and it
// never follows a link (entries are read as they are, not as what they name).
import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import type { ListedFolder } from "./file-listing.js";
import type { Place } from "./output-layout.js";
import { OUTPUT_MARKER, type Marker } from "./output-marker.js";

/** What vouches for a folder's entries (a place of output-layout.ts): which of its files are a build's, and what vouches for each folder in it. */
export type Owned = Place;

/**
 * What vouches for the files of a folder with this marker: its listing (and, while an update in
 * place is under way, the files it removes); for an earlier version's marker, the files this build
 * writes (`thisBuild`) under the names it gave; nothing for no marker, or one not trusted.
 */
export function ownedBy(marker: Marker, thisBuild: () => ListedFolder): Owned | null {
  if (marker.kind === "listed") return marker.leaving.length === 0 ? marker.files : new Listings([marker.files, ...marker.leaving]);
  if (marker.kind === "top") return new Listings([thisBuild()], marker.entries);
  return null;
}

/** Several listings, any of which vouches; at the top of an earlier version's output, only under the names it gave. */
class Listings implements Owned {
  constructor(
    private readonly listings: readonly ListedFolder[],
    /** At the top of an earlier version's output: the names its marker gave. */
    private readonly top: ReadonlySet<string> | null = null,
  ) {}

  file(name: string): boolean {
    if (this.top && !this.top.has(name)) return false;
    for (const l of this.listings) if (l.file(name)) return true;
    return false;
  }

  folder(name: string): Owned | null {
    if (this.top && !this.top.has(name)) return null;
    let found: ListedFolder[] | null = null;
    for (const l of this.listings) {
      const f = l.folder(name);
      if (f) (found ??= []).push(f);
    }
    return found && (found.length === 1 ? found[0]! : new Listings(found));
  }
}

/** A folder to remove, and the names of the files (or links) in it. */
interface FoundFolder {
  rel: string;
  files: string[];
}

/** What was found of a folder to replace: the entries no build wrote, and what the removal takes. */
export class Found {
  /** Entries no build wrote (relative paths), the first few; `more` counts the rest. */
  readonly foreign: string[] = [];
  more = 0;
  /** Files (or links) to remove, by relative path; and whole folders, each before the folders it holds. */
  readonly files: string[] = [];
  private readonly folders: FoundFolder[] = [];
  /** Updating in place: a link found where the build keeps a folder (the first). */
  linkedFolder: string | null = null;

  /** The files (or links) the removal takes, by relative path. */
  *removing(): Generator<string> {
    yield* this.files;
    for (const { rel, files } of this.folders) for (const name of files) yield rel ? `${rel}/${name}` : name;
  }

  foreignAt(rel: string): void {
    if (this.foreign.length < 20) this.foreign.push(rel);
    else this.more++;
  }

  /**
   * Notes everything under the folder `rel` of `root` (`owned`: what vouches for it), its files
   * checked against it; the folder itself is to be removed.
   */
  walk(root: string, rel: string, owned: Owned | null): void {
    const folder: FoundFolder = { rel, files: [] };
    this.folders.push(folder);
    for (const entry of readdirSync(rel ? `${root}/${rel}` : root, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) this.walk(root, rel ? `${rel}/${name}` : name, owned?.folder(name) ?? null);
      else {
        // The marker at the top is the build's own; a plain file is the build's when listed; anything else never is.
        if (!(rel === "" && name === OUTPUT_MARKER) && !(entry.isFile() && owned?.file(name))) this.foreignAt(rel ? `${rel}/${name}` : name);
        folder.files.push(name);
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
      const { rel, files } = this.folders[i]!;
      const dir = rel ? `${root}/${rel}` : root;
      for (const name of files) ignoring(() => unlinkSync(`${dir}/${name}`), "ENOENT", "ENOTDIR", "EISDIR");
      ignoring(() => rmdirSync(dir), "ENOENT", "ENOTDIR", "ENOTEMPTY", "EEXIST");
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
