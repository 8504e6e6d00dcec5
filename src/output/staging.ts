// The only code that touches --out: every file is written into a staging folder beside it, which
// is swapped in once the whole build has succeeded. Whatever fails, --out is left as it was.
// A rebuild that keeps pages of the previous output stages only what is new, and moves it into
// --out in place once the build has succeeded (update-in-place.ts).
import { randomBytes } from "node:crypto";
import { FolderWriter, type FileStatus } from "../io/folder-writer.js";
import { holdsBytes } from "../io/same-bytes.js";
import { removeTree } from "./remove-tree.js";
import { updateInPlace } from "./update-in-place.js";
import type { WrittenFile } from "../model/page.js";
import { readdirSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { markerText, OUTPUT_MARKER, topLevelOf } from "./output-marker.js";
import path from "node:path";

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

export class Staging {
  /** In place: the files of --out the build keeps as they are (the pages it reused). */
  private readonly kept: string[] | null;
  private constructor(
    readonly outDir: string,
    readonly dir: string,
    readonly writer: FolderWriter,
    inPlace: boolean,
  ) {
    this.kept = inPlace ? [] : null;
  }

  /**
   * A staging folder beside --out. `inPlace`: it takes only what the build writes anew, and
   * commit() moves that into --out and removes what the build no longer writes; else commit()
   * swaps it in for --out whole.
   */
  static async open(outDir: string, inPlace: boolean): Promise<Staging> {
    const parent = path.dirname(outDir);
    await mkdir(parent, { recursive: true });
    const dir = path.join(parent, `.${path.basename(outDir)}.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(dir);
    return new Staging(outDir, dir, new FolderWriter(dir, inPlace), inPlace);
  }

  get inPlace(): boolean {
    return this.kept !== null;
  }

  /** Files another thread wrote into the staging folder (in place: moved into --out as this writer's are). */
  adopt(files: readonly string[] | null): void {
    if (files) for (const rel of files) this.writer.files?.push(rel);
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
    if (st) this.kept!.push(rel);
    return st;
  }

  /**
   * Swaps the staging folder in for --out (the old --out is kept until the new one is in place),
   * or updates --out in place (`previousBuild`: when the build that wrote it ended, in ms).
   */
  /** Whether commit() has begun: from then on, updating in place, --out may be part new. */
  committing = false;

  async commit(previousBuild = 0): Promise<void> {
    this.committing = true;
    // The marker names what the build wrote at the top of --out, so the next build knows the folder is its own.
    const top = this.kept ? new Set([...topLevelOf(this.writer.files!), ...topLevelOf(this.kept)]) : readdirSync(this.dir);
    this.writer.write(OUTPUT_MARKER, markerText(top));
    if (this.kept) {
      updateInPlace(this.outDir, this.dir, this.writer.files!, this.kept, previousBuild);
      await rm(this.dir, { recursive: true, force: true });
      return;
    }
    const parent = path.dirname(this.outDir);
    const old = path.join(parent, `.${path.basename(this.outDir)}.previous-${process.pid}-${randomBytes(4).toString("hex")}`);
    const hadOut = await exists(this.outDir);
    if (hadOut) await rename(this.outDir, old);
    try {
      await rename(this.dir, this.outDir);
    } catch (e) {
      if (hadOut) await rename(old, this.outDir);
      throw e;
    }
    if (hadOut) {
      try {
        removeTree(old);
      } catch {
        // Something unexpected inside (a file made read-only by hand): the thorough way.
        await rm(old, { recursive: true, force: true });
      }
    }
  }

  async abort(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
