// The summaries of a build's event pages (see PageSummary), which the lists, the query index,
// the host rules, the image warnings and the next change read at the end of the build, each in
// one pass in ascending page id. A large catalogue keeps them on disk, one JSON line each in a
// file of its own, and reads them back on each pass: held as objects, about a kilobyte and a half
// a page, they were most of what a build of 100,000 pages grew by.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PageSummary } from "../validate/site.js";

/** The summaries in ascending page id, as many passes as wanted (an array is one). */
export interface EventSummaries extends Iterable<PageSummary> {
  readonly length: number;
}

/** From this many event pages a build keeps the summaries on disk. */
export const ON_DISK_FROM = 20_000;

/** Whether a build of this many pages keeps them on disk (`BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM` sets the number, for tests). */
export function summariesOnDisk(pages: number): boolean {
  const from = Number(process.env.BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM ?? ON_DISK_FROM);
  return pages >= (Number.isFinite(from) ? from : ON_DISK_FROM);
}

const CHUNK = 1 << 20;

export class SummaryStore {
  private readonly held: PageSummary[] = [];
  private disk: { dir: string; fd: number; chunk: Buffer; used: number; size: number } | null = null;
  /** On disk: each summary's page id, and where its line is in the file. */
  private ids = new Float64Array(1024);
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private count = 0;

  constructor(onDisk: boolean) {
    if (!onDisk) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), "build-catalogue-summaries-"));
    this.disk = { dir, fd: openSync(path.join(dir, "summaries.ndjson"), "w+"), chunk: Buffer.allocUnsafe(CHUNK), used: 0, size: 0 };
  }

  get onDisk(): boolean {
    return this.disk !== null;
  }

  add(summary: PageSummary): void {
    const disk = this.disk;
    if (!disk) {
      this.held.push(summary);
      return;
    }
    const line = JSON.stringify(summary);
    const bytes = Buffer.byteLength(line);
    if (bytes > CHUNK - disk.used) this.flush();
    if (this.count === this.ids.length) this.grow();
    this.ids[this.count] = summary.id;
    this.offsets[this.count] = disk.size;
    this.lengths[this.count] = bytes;
    this.count++;
    disk.size += bytes;
    if (bytes > CHUNK) writeSync(disk.fd, line);
    else disk.used += disk.chunk.write(line, disk.used);
  }

  private grow(): void {
    const bigger = <T extends Float64Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = bigger(this.ids, (n) => new Float64Array(n));
    this.offsets = bigger(this.offsets, (n) => new Float64Array(n));
    this.lengths = bigger(this.lengths, (n) => new Uint32Array(n));
  }

  private flush(): void {
    const disk = this.disk!;
    for (let done = 0; done < disk.used; ) done += writeSync(disk.fd, disk.chunk, done, disk.used - done);
    disk.used = 0;
  }

  /** Every summary added, in ascending page id (ids are unique once the checks across pages pass). */
  sorted(): EventSummaries {
    if (!this.disk) return [...this.held].sort((a, b) => a.id - b.id);
    this.flush();
    const ids = this.ids;
    const order = Uint32Array.from({ length: this.count }, (_, i) => i).sort((a, b) => ids[a]! - ids[b]! || a - b);
    const { fd } = this.disk;
    const { offsets, lengths } = this;
    return {
      length: this.count,
      *[Symbol.iterator]() {
        let buffer = Buffer.allocUnsafe(64 * 1024);
        for (const i of order) {
          const length = lengths[i]!;
          if (length > buffer.length) buffer = Buffer.allocUnsafe(length);
          for (let done = 0; done < length; ) done += readSync(fd, buffer, done, length - done, offsets[i]! + done);
          yield JSON.parse(buffer.toString("utf8", 0, length)) as PageSummary;
        }
      },
    };
  }

  /** Removes the file (the build is over, whichever way). */
  close(): void {
    const disk = this.disk;
    if (!disk) return;
    this.disk = null;
    try {
      closeSync(disk.fd);
    } finally {
      rmSync(disk.dir, { recursive: true, force: true });
    }
  }
}
