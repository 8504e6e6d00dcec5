// Builds every event page (the engine): it alone decides how. A page whose file's status vouches
// for its bytes, and whose files stand in --out, is reused without being read; the rest are built
// on this thread one after another, their files written here, or, for many pages, by a thread of
// their own that also reads the next files ahead and checks each detail (write-thread.ts). The
// records come back in file-name order, whatever the threads did.
import { reuseCheck } from "../cache/page-cache.js";
import type { PageCache } from "../cache/page-cache.js";
import type { SummaryStore } from "../cache/summary-store.js";
import type { EventFile } from "../load/load-content.js";
import type { Tuning } from "../options.js";
import { sameStat, sourceStat } from "../io/file-status.js";
import { plural, type Diagnostic, type Step } from "../model/diagnostics.js";
import type { PageRecord } from "../model/page.js";
import { buildPage, type PageJob, type PageSource } from "../page/build-page.js";
import { canReuse, reusedRecord } from "../page/page-record.js";
import { tuneYoungGeneration } from "./heap.js";
import { PagePlacer, type PageSink } from "./place-pages.js";
import { canStartWorkers } from "./workers.js";
import { WriteThread } from "./write-thread.js";

/** The folders every page's files go into, made before the first page. */
const COLLECTION_FOLDERS = ["api", "api/v2", "api/v2/event_pages", "api/v2/pages"];
/** Pages between the builder's pauses (the write thread catching up, the next files asked for ahead). */
const BATCH = 250;

/** What the engine works with: the event files, the cache, the output transaction's staging folder (none for a check), the summaries' store. */
export interface PagesInput {
  eventFiles: readonly EventFile[];
  cache: PageCache | null;
  output: (PageSink & { dir: string; inPlace: boolean }) | null;
  summaries: SummaryStore;
  tuning: Pick<Tuning, "threads" | "writeThreadFrom" | "execArgv">;
  onProgress: (line: string) => void;
}

export interface BuiltPages {
  /** Every event file's record, in file-name order. */
  records: PageRecord[];
  reused: number;
}

/** Builds the pages of the context's content against `job`; the diagnostics are the pages' own errors. */
export async function buildEventPages(ctx: PagesInput, job: PageJob): Promise<Step<BuiltPages>> {
  const { cache, output } = ctx;
  for (const folder of COLLECTION_FOLDERS) output?.writer.makeFolder(folder);
  cache?.begin();
  const placer = new PagePlacer(output, cache, ctx.summaries);
  const { reusedAt, toBuild } = reusableByStatus(ctx, job, placer);
  const built = output && useWriteThread(ctx, toBuild.length) ? await withWriteThread(ctx, job, toBuild, placer) : await buildAll(ctx, job, toBuild, placer);
  // Back in file-name order.
  const records: PageRecord[] = [];
  for (let i = 0, b = 0; i < ctx.eventFiles.length; i++) records.push(reusedAt.get(i) ?? built[b++]!);
  const reused = records.reduce((n, r) => n + (r.reused ? 1 : 0), 0);
  if (reused > 0) ctx.onProgress(`Reused ${plural(reused, "unchanged event page")} from the previous build (--no-cache builds every page)`);
  const diagnostics: Diagnostic[] = [];
  for (const r of records) diagnostics.push(...r.diagnostics);
  return { value: { records, reused }, diagnostics };
}

/**
 * The pages whose file's status (size, times, inode) vouches for the bytes the cache knows, and
 * whose files still stand as written, are reused here without being read; the rest are to build
 * (the builder still reuses a page whose bytes turn out unchanged).
 */
function reusableByStatus(ctx: PagesInput, job: PageJob, placer: PagePlacer): { reusedAt: Map<number, PageRecord>; toBuild: PageSource[] } {
  const reusedAt = new Map<number, PageRecord>();
  const toBuild: PageSource[] = [];
  ctx.eventFiles.forEach((f, i) => {
    // A rebuild allocates most here before its first page: the young generation may grow from now.
    if ((i & 255) === 0) tuneYoungGeneration();
    const cached = ctx.cache?.get(f.file);
    if (!cached) {
      toBuild.push(f);
      return;
    }
    const stat = sourceStat(f.absolute);
    if (!sameStat(stat, cached.record.sourceStat)) toBuild.push({ ...f, cached: reuseCheck(cached), stat });
    else if (canReuse(job, reuseCheck(cached), ctx.output !== null)) reusedAt.set(i, placer.place(reusedRecord(f.file, stat)));
    else toBuild.push({ ...f, stat });
  });
  return { reusedAt, toBuild };
}

/** Whether the pages' files go through a thread of their own: for many pages, when threads may start at all. */
function useWriteThread(ctx: PagesInput, pages: number): boolean {
  return pages >= ctx.tuning.writeThreadFrom && ctx.tuning.threads && canStartWorkers();
}

const progressEvery = (ctx: PagesInput, n: number) => {
  if (n % 5000 === 0) ctx.onProgress(`Built ${n} event pages...`);
};

/** Every page on this thread, its files written here. */
async function buildAll(ctx: PagesInput, job: PageJob, files: readonly PageSource[], placer: PagePlacer): Promise<PageRecord[]> {
  const records: PageRecord[] = [];
  for (const file of files) {
    records.push(placer.place(buildPage(job, file, ctx.output !== null)));
    tuneYoungGeneration();
    if (records.length % BATCH === 0) progressEvery(ctx, records.length);
  }
  return records;
}

/**
 * Every page on this thread, its files written by the write thread, which also reads the files
 * ahead; the builder waits when the thread falls too far behind. Any failure stops the thread.
 */
async function withWriteThread(ctx: PagesInput, job: PageJob, files: readonly PageSource[], placer: PagePlacer): Promise<PageRecord[]> {
  const output = ctx.output!;
  const thread = new WriteThread(output.dir, ctx.tuning.execArgv, (r) => {
    output.adoptWritten(r.written);
    ctx.cache?.add(r);
  });
  placer.thread = thread;
  const threadJob: PageJob = { ...job, checkWhenWritten: true };
  try {
    const ahead = thread.readAhead(files, job.cache);
    const records: PageRecord[] = [];
    for (const file of files) {
      records.push(placer.place(buildPage(threadJob, file, true, ahead.take(records.length))));
      tuneYoungGeneration();
      if (records.length % BATCH === 0) {
        progressEvery(ctx, records.length);
        ahead.ahead(records.length);
        await thread.caughtUp();
      }
    }
    // Every page's files are in the staging folder before anything reads them back or lists them.
    await thread.finish();
    return records;
  } catch (e) {
    await thread.stop();
    throw e;
  } finally {
    placer.thread = null;
  }
}
