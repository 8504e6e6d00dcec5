// Builds every event page, on this thread for a small catalogue and across worker threads for a
// large one. Pages are handed out in batches to whichever thread is free; the records come back
// in file-name order whatever the threads did, so messages and bytes never depend on them.
import os from "node:os";
import type { Worker } from "node:worker_threads";
import { canStartWorkers, running, startWorker } from "./workers.js";
import { freeYoungGeneration, tuneYoungGeneration, workersGrown, YOUNG_CAP } from "./heap.js";
import { buildPage, type PageJob, type PageRecord, type PageSource } from "../page/build-page.js";
import { SelfCheckFailed } from "../api/self-check.js";
import type { ReadAhead } from "./read-ahead.js";
import { moduleUrl } from "../package-files.js";

/**
 * Below this many pages a worker costs more than it saves: it loads and warms up its own copy of
 * the code, and its heap is tens of MiB. Generated pages on 2 cores, one thread against main
 * plus one worker: 10,000 pages 3.7 s both ways, 187 against 227 MiB; 30,000 pages 11.1 against
 * 8.7 s, the same memory.
 */
export const THREADS_FROM = 15_000;
/**
 * Page workers need more cores than two. On two, the write thread beside this one (write-thread.ts:
 * it writes the files, reads the sources ahead and checks the details) does more for a build of
 * any size than a page worker beside a thread that writes: generated pages, 2-core VM, alternated,
 * 30,000 pages 6.08 -> 5.26 s (5 pairs, 0.87x, 186 -> 153 MiB), 100,000 pages 17.8 -> 16.5 s
 * (3 pairs, 0.94x, 242 -> 215 MiB). With more cores, two or three workers build beside this
 * thread (not measured against the write thread: no such machine was at hand).
 */
export const WORKERS_FROM_CORES = 3;
const BATCH = 250;

/** Message from a worker: the records of a batch with its new space as it sent them (see heap-flags.ts), or why it failed. */
export type WorkerReply = { batch: number; records: PageRecord[]; young: number } | { batch: number; error: string; selfCheck: boolean };
/** Message to a worker: a batch of files. */
export interface WorkerTask {
  batch: number;
  files: PageSource[];
}
export interface WorkerSetup {
  job: PageJob;
  /** Leave each page's files in its record, for this thread to write (false: a check). */
  writing: boolean;
}

/**
 * Worker threads beside this one, which builds pages too: BUILD_CATALOGUE_THREADS sets the number
 * (0: none); by default one per core but this thread's, at most 3, from THREADS_FROM pages on a
 * machine of WORKERS_FROM_CORES cores or more.
 */
export function threadCount(pages: number, cores = os.availableParallelism()): number {
  const asked = process.env.BUILD_CATALOGUE_THREADS;
  if (asked !== undefined && /^[0-9]+$/.test(asked)) return Number(asked);
  if (pages < THREADS_FROM || cores < WORKERS_FROM_CORES) return 0;
  return Math.min(cores - 1, 3);
}

/** The workers that will build this many pages (none from the TypeScript sources). */
export const pageWorkers = (pages: number): number => (canStartWorkers() ? Math.min(threadCount(pages), Math.ceil(pages / BATCH)) : 0);

const WORKER_URL = moduleUrl("engine/page-worker.js");

/**
 * Builds the pages; `place` takes each record on this thread as it arrives (it writes the page's
 * files while the workers go on) and returns the record to keep. Without workers, `pause` is
 * awaited between batches (the write thread catching up; it runs only without workers).
 */
export async function buildPages(
  job: PageJob,
  files: readonly PageSource[],
  writing: boolean,
  place: (record: PageRecord, source: PageSource) => PageRecord,
  onProgress: (pagesDone: number) => void,
  pause: () => Promise<void> = async () => {},
  readAhead?: ReadAhead,
): Promise<PageRecord[]> {
  const threads = pageWorkers(files.length);
  if (threads === 0) {
    const records: PageRecord[] = [];
    for (const file of files) {
      records.push(place(buildPage(job, file, writing, readAhead?.take(records.length)), file));
      tuneYoungGeneration();
      if (records.length % BATCH === 0) {
        onProgress(records.length);
        readAhead?.ahead(records.length);
        await pause();
      }
    }
    return records;
  }
  const batches: PageSource[][] = [];
  for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
  const results: PageRecord[][] = new Array(batches.length);
  const setup: WorkerSetup = { job, writing };
  freeYoungGeneration(); // the workers' semi-spaces grow under the same flag as this thread's
  const workers = Array.from({ length: threads }, () => startWorker(WORKER_URL, { workerData: setup }));
  // Each worker's start resets this thread's heap flags (see heap-flags.ts): build once they are set again.
  await Promise.all(workers.map(running));
  let next = 0;
  let done = 0;
  let failed = false;
  /** Each worker's new space in its last reply. */
  const young = new Map<Worker, number>();
  const checkYoung = () => {
    if (young.size === workers.length && [...young.values()].every((size) => size >= YOUNG_CAP)) workersGrown();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (e: unknown) => {
        failed = true;
        reject(e);
      };
      const send = (w: Worker) => {
        if (next < batches.length) {
          const task: WorkerTask = { batch: next, files: batches[next]! };
          next++;
          w.postMessage(task);
        }
      };
      for (const w of workers) {
        w.on("message", (reply: WorkerReply) => {
          if ("error" in reply) {
            fail(reply.selfCheck ? new SelfCheckFailed(reply.error) : new Error(reply.error));
            return;
          }
          try {
            const sources = batches[reply.batch]!;
            results[reply.batch] = reply.records.map((r, i) => place(r, sources[i]!));
          } catch (e) {
            fail(e);
            return;
          }
          young.set(w, reply.young);
          checkYoung();
          done += reply.records.length;
          onProgress(done);
          if (done === files.length) resolve();
          else send(w);
        });
        w.on("error", fail);
        w.on("exit", (code) => {
          if (done < files.length) fail(new Error(`a page builder thread stopped (exit code ${code}) before its pages were built`));
        });
        // Two batches each, so a thread never waits for its next one.
        send(w);
        send(w);
      }
      // This thread builds batches too, between writing what the workers send (a worker's
      // reply waits at most one batch; each worker has its next batch already).
      void (async () => {
        while (!failed && next < batches.length) {
          const batch = next++;
          try {
            results[batch] = batches[batch]!.map((f) => place(buildPage(job, f, writing), f));
          } catch (e) {
            fail(e);
            return;
          }
          done += batches[batch]!.length;
          onProgress(done);
          checkYoung();
          if (done === files.length) resolve();
          await new Promise((r) => setImmediate(r));
        }
      })();
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results.flat();
}
