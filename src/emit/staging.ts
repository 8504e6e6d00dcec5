// The only code that touches --out: every file is written into a staging folder beside it, which
// is swapped in once the whole build has succeeded. Whatever fails, --out is left as it was.
// A rebuild that keeps pages of the previous output stages only what is new, and moves it into
// --out in place once the build has succeeded (update-in-place.ts).
// Writes are synchronous: on a fast disk a promise per file costs more than the write itself.
import { randomBytes } from "node:crypto";
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, writeSync } from "node:fs";
import { removeOutput } from "./remove-tree.js";
import { updateInPlace } from "./update-in-place.js";
import type { WrittenFile } from "../cache/page-cache.js";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Writes all of `data` (writeSync may write less than asked); returns its length. */
function writeAll(fd: number, data: Uint8Array): number {
  let done = 0;
  while (done < data.length) done += writeSync(fd, data, done, data.length - done);
  return data.length;
}

/** What the cache remembers of a file as written. */
export interface FileStatus {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** Writes files under one folder, making each folder once; a file with the bytes of an earlier one is a hard link to it. */
export class FolderWriter {
  private readonly made = new Set<string>();
  /** Each file written, when asked to list them (a staging folder moved into --out file by file). */
  readonly files: string[] | null;
  constructor(
    readonly root: string,
    listing = false,
  ) {
    this.files = listing ? [] : null;
  }

  /** Makes a folder and its parents, each once (a folder made by another thread is fine). */
  makeFolder(dir: string): void {
    if (dir === "." || this.made.has(dir)) return;
    this.makeFolder(path.posix.dirname(dir));
    try {
      mkdirSync(`${this.root}/${dir}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    // Bounded: a page's folder is asked for by its few files, one after another; remembering
    // every one (each name a slice holding its file's whole path) grew with the catalogue.
    if (this.made.size >= 4096) this.made.clear();
    this.made.add(dir);
  }

  private folder(rel: string): void {
    const slash = rel.lastIndexOf("/");
    if (slash > 0) this.makeFolder(rel.slice(0, slash));
  }

  /** Writes the file; returns its status as written (the cache remembers it). */
  write(rel: string, bytes: Uint8Array | string): FileStatus {
    this.folder(rel);
    this.files?.push(rel);
    const fd = openSync(`${this.root}/${rel}`, "w");
    try {
      writeAll(fd, typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
      return fstatSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Writes a file given in pieces of text; returns its size in bytes. */
  writeChunks(rel: string, chunks: Iterable<string>): number {
    this.folder(rel);
    this.files?.push(rel);
    const fd = openSync(`${this.root}/${rel}`, "w");
    let size = 0;
    try {
      for (const chunk of chunks) size += writeAll(fd, Buffer.from(chunk, "utf8"));
    } finally {
      closeSync(fd);
    }
    return size;
  }

  /**
   * Writes `rel` as a hard link to `existing` (written before, with status `written`: a link is
   * the same file), or as a copy where links are refused.
   */
  link(rel: string, existing: string, written: FileStatus, bytes: Uint8Array | string): FileStatus {
    this.folder(rel);
    try {
      linkSync(`${this.root}/${existing}`, `${this.root}/${rel}`);
      this.files?.push(rel);
      return written;
    } catch {
      return this.write(rel, bytes);
    }
  }
}

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
  static async open(outDir: string, inPlace = false): Promise<Staging> {
    const parent = path.dirname(outDir);
    await mkdir(parent, { recursive: true });
    const dir = path.join(parent, `.${path.basename(outDir)}.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(dir);
    return new Staging(outDir, dir, new FolderWriter(dir, inPlace), inPlace);
  }

  get inPlace(): boolean {
    return this.kept !== null;
  }

  /** Keeps these files of --out as they are (in place only). */
  keep(files: readonly WrittenFile[]): void {
    for (const [rel] of files) this.kept!.push(rel);
  }

  /**
   * Swaps the staging folder in for --out (the old --out is kept until the new one is in place),
   * or updates --out in place (`previousBuild`: when the build that wrote it ended, in ms).
   */
  async commit(previousBuild = 0): Promise<void> {
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
        await removeOutput(old);
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
