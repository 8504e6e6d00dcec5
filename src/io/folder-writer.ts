// Writes files under one folder. Writes are synchronous: on a fast disk a promise per file costs
// more than the write itself. Used by the thread that owns a build's staging folder (staging.ts)
// and by the write thread that takes the event pages' files off the main thread (write-thread.ts).
import { closeSync, fstatSync, linkSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import type { WrittenFile } from "../model/page.js";
import { writeAll } from "./append-file.js";
import { PathLog } from "./path-log.js";

/** What the cache remembers of a file as written. */
export interface FileStatus {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** A file as the cache notes it: its path under the folder and its status as written. */
export const writtenFile = (rel: string, st: FileStatus): WrittenFile => [rel, st.size, st.mtimeMs, st.ino];

/** Writes files under one folder, making each folder once; a file with the bytes of an earlier one is a hard link to it. */
export class FolderWriter {
  private readonly made = new Set<string>();
  /** Each file written, when asked to list them (a staging folder moved into --out file by file). */
  readonly files: PathLog | null;
  constructor(
    readonly root: string,
    listing = false,
  ) {
    this.files = listing ? new PathLog() : null;
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

  /** Writes a file given in pieces (text, or bytes); returns its status as written. */
  writeChunks(rel: string, chunks: Iterable<string | Uint8Array>): FileStatus {
    this.folder(rel);
    this.files?.push(rel);
    const fd = openSync(`${this.root}/${rel}`, "w");
    try {
      for (const chunk of chunks) writeAll(fd, typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
      return fstatSync(fd);
    } finally {
      closeSync(fd);
    }
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

/**
 * Writes one page's files: each its data, or a hard link to an earlier file of the page
 * (`sameAs`), whose data is written instead where links are refused. Returns each file's status
 * as written, for the cache.
 */
export function writePageFiles(writer: FolderWriter, files: readonly { rel: string; data: string | Uint8Array; sameAs?: string | undefined }[]): WrittenFile[] {
  const written: WrittenFile[] = [];
  const earlier = new Map<string, { status: FileStatus; data: string | Uint8Array }>();
  for (const f of files) {
    const first = f.sameAs === undefined ? undefined : earlier.get(f.sameAs)!;
    const data = first ? first.data : f.data;
    const st = first ? writer.link(f.rel, f.sameAs!, first.status, data) : writer.write(f.rel, data);
    earlier.set(f.rel, { status: st, data });
    written.push(writtenFile(f.rel, st));
  }
  return written;
}
