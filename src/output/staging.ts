// The only code that touches --out: every file is written into a staging folder beside it, which
// is swapped in once the whole build has succeeded. Whatever fails, --out is left as it was.
// A rebuild that keeps pages of the previous output stages only what is new, and moves it into
// --out in place once the build has succeeded (update-in-place.ts). Before either, the folder is
// walked: anything in it that its marker does not list refuses the build (output-scan.ts).
import { randomBytes } from "node:crypto";
import { lstatSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { FolderWriter, type FileStatus } from "../io/folder-writer.js";
import { writtenStand } from "../io/file-status.js";
import { holdsBytes } from "../io/same-bytes.js";
import type { WrittenFile } from "../model/page.js";
import { readListing, type ListedFolder } from "./file-listing.js";
import { UsageError } from "../errors.js";
import { editedListing } from "./listing-edit.js";
import { foreignFiles, markerOf, markerText, OUTPUT_MARKER, shownFolder, withLeaving, type Marker } from "./output-marker.js";
import type { Place } from "./output-layout.js";
import { Found, ownedBy } from "./output-scan.js";
import { InPlaceUpdate } from "./update-in-place.js";

/** Files added and removed past which a rebuild lists every file anew rather than change its previous listing. */
const EDITED_AT_MOST = 1000;

/** Whether a listing lists the file at `rel`. */
const listedIn = (listing: ListedFolder) => (rel: string) => {
  const names = rel.split("/");
  let f: ListedFolder | null = listing;
  for (let i = 0; i < names.length - 1 && f; i++) f = f.folder(names[i]!);
  return f !== null && f.file(names[names.length - 1]!);
};

/** A folder the build replaces: --out, or --media-out outside it. */
export interface OutputFolder {
  /** Its path, and as the user gave it (for messages). */
  dir: string;
  arg: string;
  /** The option that names it. */
  what: "--out" | "--media-out";
  /** What a build writes there (output-layout.ts). */
  place: Place;
  /** Replace it even when it holds what no build wrote. */
  force: boolean;
  /** Its marker, as read when the build opened it. */
  marker: Marker;
}

/** How a commit changes the folder, once prepared. */
type Plan =
  | { inPlace: false; found: Found | null; file: boolean }
  | { inPlace: true; update: InPlaceUpdate; marker: "kept" | "written"; leaving: string | null };

export class Staging {
  /** In place: the files of --out the build keeps as they are (the pages it reused), and of those the ones it found holding its bytes. */
  private readonly kept: string[] | null;
  private readonly held: string[] = [];
  private plan: Plan | null = null;
  /** The marker as it stands in the folder once committed: the cache notes it (a rebuild in place keeps it while the files are the same). */
  marker: WrittenFile | null = null;

  private constructor(
    readonly folder: OutputFolder,
    readonly dir: string,
    readonly writer: FolderWriter,
    inPlace: boolean,
  ) {
    this.kept = inPlace ? [] : null;
  }

  get outDir(): string {
    return this.folder.dir;
  }

  /**
   * A staging folder beside the folder. `inPlace`: it takes only what the build writes anew, and
   * commit() moves that into the folder and removes what the build no longer writes; else
   * commit() swaps it in for the folder whole. Every file written is listed, for the marker.
   */
  static async open(folder: OutputFolder, inPlace: boolean): Promise<Staging> {
    const parent = path.dirname(folder.dir);
    await mkdir(parent, { recursive: true });
    const dir = path.join(parent, `.${path.basename(folder.dir)}.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(dir);
    return new Staging(folder, dir, new FolderWriter(dir, true), inPlace);
  }

  get inPlace(): boolean {
    return this.kept !== null;
  }

  /** Files another thread, or another writer, put into the staging folder (relative paths). */
  adopt(files: readonly string[]): void {
    for (const rel of files) this.writer.files!.push(rel);
  }

  /** The files the write thread wrote of a page (as it answered). */
  adoptWritten(files: readonly WrittenFile[] | undefined): void {
    if (files) for (const [rel] of files) this.writer.files!.push(rel);
  }

  /** Keeps these files of --out as they are (in place only). */
  keep(files: readonly WrittenFile[]): void {
    for (const [rel] of files) this.kept!.push(rel);
  }

  /**
   * In place, a file --out already holds with exactly these bytes is kept as it stands (its status), not
   * staged again: a rebuild makes the error bodies, the OpenAPI document and the like as they were.
   */
  keepIfHeld(rel: string, bytes: Uint8Array): FileStatus | null {
    const st = this.kept ? holdsBytes(path.join(this.outDir, rel), bytes) : null;
    if (st) {
      this.kept!.push(rel);
      this.held.push(rel);
    }
    return st;
  }

  /** Whether commit() has begun: from then on, updating in place, the folder may be part new. */
  committing = false;

  /**
   * Makes ready to commit, changing nothing in the folder: the marker written, the folder walked,
   * and the build refused (a UsageError) when the folder holds anything its marker does not list,
   * unless --force. `previousBuild` (when the build that wrote the folder ended, in ms) and
   * `previousMarker` (its marker, as the cache noted it) are a rebuild in place's.
   */
  prepare(previousBuild = 0, previousMarker?: WrittenFile): void {
    const { folder } = this;
    const files = this.writer.files!.all().filter((f) => f !== OUTPUT_MARKER);
    if (this.kept) {
      const update = new InPlaceUpdate(folder.dir, files, this.kept, previousBuild, ownedBy(folder.marker, () => this.listingOf([...this.kept!, ...files])));
      this.refuseForeign(update.found);
      const linked = update.found.linkedFolder;
      if (linked && this.kept.some((rel) => rel.startsWith(`${linked}/`))) {
        // Forced: the link goes, and the files the build kept through it with it; they must be written anew.
        throw new UsageError(
          `${folder.what} ${shownFolder(folder.arg)} holds a link where the build keeps a folder (${linked}), and files this rebuild keeps are found through it. ` +
            `Build with --no-cache --force to replace the folder whole (the link itself is removed, never what it names), or put the folder back.`,
        );
      }
      const m = folder.marker;
      // The very marker the previous build wrote: it lists the files of its output, the pages and groups kept among them.
      const previous = m.kind === "listed" && m.leaving.length === 0 && previousMarker && writtenStand(folder.dir, [previousMarker]) ? m : null;
      if (previous && this.sameFiles(previous.files, files, update)) {
        // And the same files: it stands as it is.
        this.marker = previousMarker!;
        this.plan = { inPlace: true, update, marker: "kept", leaving: null };
        return;
      }
      const text = (previous && this.editedMarker(previous, files, update)) || markerText([...this.kept, ...files]);
      this.marker = this.writeMarker(text);
      // Until the files it no longer writes are removed, they are listed too: a build stopped halfway leaves a folder the next one knows.
      const leaving = m.kind === "listed" ? path.join(this.dir, `${OUTPUT_MARKER}.leaving`) : null;
      if (leaving && m.kind === "listed") writeFileSync(leaving, withLeaving(text, m.value));
      this.plan = { inPlace: true, update, marker: "written", leaving };
      return;
    }
    this.marker = this.writeMarker(markerText(files));
    const st = lstatSync(folder.dir, { throwIfNoEntry: false });
    if (!st) this.plan = { inPlace: false, found: null, file: false };
    else if (!st.isDirectory()) {
      // A file in its place (replaced with --force alone), or a link put there since the build began.
      if (!folder.force) throw foreignFiles(folder.what, folder.arg, "none", [path.basename(folder.dir)]);
      this.plan = { inPlace: false, found: null, file: true };
    } else {
      const found = new Found();
      found.walk(folder.dir, "", ownedBy(folder.marker, () => this.listingOf(files)));
      this.refuseForeign(found);
      this.plan = { inPlace: false, found, file: false };
    }
  }

  /** The marker into the staging folder (moved in with the rest); its status as written. */
  private writeMarker(text: string): WrittenFile {
    // Listed with the files written, though no marker lists itself: prepare() has taken them already.
    const st = this.writer.write(OUTPUT_MARKER, text);
    return [OUTPUT_MARKER, st.size, st.mtimeMs, st.ino];
  }

  /** This build's files as a listing (what vouches for an earlier version's output). */
  private listingOf(files: string[]): ListedFolder {
    return readListing(JSON.parse(markerText(files)).files, this.folder.place)!;
  }

  /**
   * The previous build's marker changed by the files added and removed, when they are few and
   * account for every file (`update.files` of them); else null, and every file is listed anew.
   */
  private editedMarker(m: Extract<Marker, { kind: "listed" }>, written: readonly string[], update: InPlaceUpdate): string | null {
    const listed = listedIn(m.files);
    const added = [...written, ...this.unvouched(update)].filter((rel) => !listed(rel));
    const removed: string[] = [];
    for (const rel of update.found.removing()) if (listed(rel)) removed.push(rel);
    if (added.length + removed.length > EDITED_AT_MOST || m.files.count() - removed.length + added.length !== update.files) return null;
    const top: string[] = [];
    return markerOf(editedListing(m.value[0], removed, added, top), top);
  }

  /**
   * The files found holding the build's bytes that the walk has not vouched for: none when it
   * found nothing no build wrote (each was listed where it walked, and stood since the previous
   * build where it did not), else every one (--force keeps such a file where the build wants it).
   */
  private unvouched(update: InPlaceUpdate): readonly string[] {
    return update.found.foreign.length > 0 ? this.held : [];
  }

  /** Whether the listing is of exactly the files of `update` (`update.files` of them: written, kept, found held). */
  private sameFiles(listing: ListedFolder, written: readonly string[], update: InPlaceUpdate): boolean {
    if (listing.count() !== update.files) return false;
    const listed = listedIn(listing);
    // The pages and groups kept are the previous build's, which its marker lists: what is new may not be.
    return written.every(listed) && this.unvouched(update).every(listed);
  }

  private refuseForeign(found: Found): void {
    const { folder } = this;
    if (found.foreign.length > 0 && !folder.force) {
      const m = folder.marker;
      throw foreignFiles(folder.what, folder.arg, m.kind, found.foreign, found.more, m.kind === "untrusted" ? m.why : "");
    }
  }

  /** Swaps the staging folder in for the folder (the old one is kept until the new one is in place), or updates it in place. */
  async commit(): Promise<void> {
    const plan = this.plan!;
    this.committing = true;
    const out = this.outDir;
    if (plan.inPlace) {
      if (plan.leaving) renameSync(plan.leaving, path.join(out, OUTPUT_MARKER));
      plan.update.apply(this.dir);
      if (plan.marker === "written") renameSync(path.join(this.dir, OUTPUT_MARKER), path.join(out, OUTPUT_MARKER));
      await rm(this.dir, { recursive: true, force: true });
      return;
    }
    const old = path.join(path.dirname(out), `.${path.basename(out)}.previous-${process.pid}-${randomBytes(4).toString("hex")}`);
    const hadOut = plan.found !== null || plan.file;
    if (hadOut) await rename(out, old);
    try {
      await rename(this.dir, out);
    } catch (e) {
      if (hadOut) await rename(old, out);
      throw e;
    }
    if (plan.file) unlinkSync(old);
    else plan.found?.remove(old);
  }

  async abort(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
