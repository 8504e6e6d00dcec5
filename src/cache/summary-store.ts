// The summaries of a build's event pages (see PageSummary), which the lists, the query index,
// the host rules, the image warnings and the next change read at the end of the build, each in
// one pass in ascending page id, and the pages' keys (what must be unique across pages), which
// the checks across pages read once. A large catalogue keeps them on disk, one JSON line each in
// a file of its own, read back by positioned reads: held as objects, they were most of what the
// build of a large catalogue grew by (docs/benchmark.md has the measurement).
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EventSummaries, PageSummary } from "../model/site.js";
import type { PageKeys } from "../model/page.js";
import { AppendFile } from "../io/append-file.js";
import { ReadWindow, type Span } from "../io/read-window.js";

/** A page's keys from their JSON (JSON.stringify's, which writes NaN as null). */
export function parseKeys(json: string): PageKeys {
  const keys = JSON.parse(json) as PageKeys;
  // NaN (a performance left out) again, which equals no value.
  const nan = (values: (number | null)[]) => values.map((v) => v ?? NaN);
  return { ...keys, performanceIds: nan(keys.performanceIds), performanceCodes: nan(keys.performanceCodes) };
}

export class SummaryStore {
  private readonly held: PageSummary[] = [];
  private disk: { dir: string; fd: number; lines: AppendFile; window: ReadWindow } | null = null;
  /** On disk: each summary's page id, and where its line is in the file. */
  private ids = new Float64Array(1024);
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private count = 0;

  constructor(onDisk: boolean) {
    if (!onDisk) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), "build-catalogue-summaries-"));
    const fd = openSync(path.join(dir, "summaries.ndjson"), "w+");
    // Read back through a window: the passes read mostly in the order written.
    this.disk = { dir, fd, lines: new AppendFile(fd), window: new ReadWindow(fd) };
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
    this.push(JSON.stringify(summary), summary.id);
  }

  /** Appends a line (a summary with its page id, or keys with NaN), as text or as the bytes of its JSON. */
  private push(line: string | Span, id: number): void {
    const lines = this.disk!.lines;
    if (this.count === this.ids.length) this.grow();
    this.ids[this.count] = id;
    this.offsets[this.count] = lines.size;
    if (typeof line === "string") this.lengths[this.count] = lines.text(line);
    else {
      lines.bytes(line.buffer, line.start, line.end);
      this.lengths[this.count] = line.end - line.start;
    }
    this.count++;
  }

  /** Adds a summary given as the bytes of its JSON (as the build cache keeps it), with its page id. Only on disk. */
  addJson(summary: Span, id: number): void {
    this.push(summary, id);
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

  /**
   * Keeps a page's keys (the values unique across pages) on disk; returns where, for keysAt().
   * Only on disk, and only a page built anew's: a reused page's stay in the build cache.
   */
  addKeys(keys: PageKeys): number {
    this.push(JSON.stringify(keys), NaN);
    return this.count - 1;
  }

  /** The keys kept at `at` by addKeys(). */
  keysAt(at: number): PageKeys {
    return parseKeys(this.read(at));
  }

  /** Every summary added, in ascending page id (ids are unique once the checks across pages pass). */
  sorted(): EventSummaries {
    if (!this.disk) return [...this.held].sort((a, b) => a.id - b.id);
    const ids = this.ids;
    // The summaries' lines (the keys' have no id), in ascending id.
    const order = Uint32Array.from({ length: this.count }, (_, i) => i)
      .filter((i) => !Number.isNaN(ids[i]))
      .sort((a, b) => ids[a]! - ids[b]! || a - b);
    const read = (i: number) => this.read(i);
    return {
      length: order.length,
      *[Symbol.iterator]() {
        for (const i of order) yield JSON.parse(read(i)) as PageSummary;
      },
      *lazily() {
        for (const i of order) yield [ids[i]!, () => JSON.parse(read(i)) as PageSummary];
      },
    };
  }

  /** Line `i`'s text. */
  private read(i: number): string {
    const disk = this.disk!;
    disk.lines.flush();
    return disk.window.text(this.offsets[i]!, this.lengths[i]!);
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
