// Where each page's record goes once built: its files into the staging folder (directly, or
// through the write thread), its line into the cache, its summary into the store the end of the
// build reads; a reused page's files stay where the previous build left them.
import type { PageCache } from "../cache/page-cache.js";
import type { SummaryStore } from "../cache/summary-store.js";
import { writePageFiles, type FolderWriter } from "../io/folder-writer.js";
import type { PageRecord, WrittenFile } from "../model/page.js";
import { keptRecord } from "../page/page-record.js";
import type { WriteThread } from "./write-thread.js";

/** What the engine needs of the output transaction (output/staging.ts): where to write, and what to keep of --out. */
export interface PageSink {
  readonly writer: FolderWriter;
  keep(files: readonly WrittenFile[]): void;
  /** Notes files written into the staging folder by the write thread (the output lists every file). */
  adoptWritten(files: readonly WrittenFile[] | undefined): void;
}

export class PagePlacer {
  /** The write thread, while it writes the pages' files (see build-pages.ts). */
  thread: WriteThread | null = null;

  constructor(
    private readonly sink: PageSink | null,
    private readonly cache: PageCache | null,
    private readonly summaries: SummaryStore,
  ) {}

  /** Takes a record as it arrives; returns what the build keeps of it. */
  place(r: PageRecord): PageRecord {
    if (r.reused) {
      const cached = this.cache!.reuse(r.file, r.sourceStat, this.summaries);
      this.sink?.keep(cached.written ?? []);
      return this.kept(keptRecord(cached));
    }
    this.cache?.noteKeys(r);
    // The cache has a built page's line once its files are written.
    if (this.thread) this.thread.place(r);
    else {
      if (this.sink && r.outputs) {
        const written = writePageFiles(this.sink.writer, r.outputs);
        if (r.hash) r.written = written;
        r.outputs = undefined; // not delete: that turns the record into a dictionary, several times its size
      }
      this.cache?.add(r);
    }
    return this.kept(keptRecord(r));
  }

  /** Its summary goes to the store; on disk, the record keeps neither summary nor keys, only where the keys are. */
  private kept(kept: PageRecord): PageRecord {
    if (kept.page) this.summaries.add(kept.page);
    if (this.summaries.onDisk) {
      kept.page = undefined;
      if (kept.keys) kept.keysAt = this.summaries.addKeys(kept.keys);
      kept.keys = null;
    }
    return kept;
  }
}
