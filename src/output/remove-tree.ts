// Removes a folder the build wrote, synchronously: a previous output of a large catalogue is tens
// of thousands of entries, and a promise for each costs several times the removal itself.
import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { canStartWorkers, running, startWorker } from "../engine/workers.js";
import { moduleUrl } from "../package-files.js";
import type { Tuning } from "../options.js";

export function removeTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) removeTree(p);
    else unlinkSync(p);
  }
  rmdirSync(dir);
}

const WORKER_URL = moduleUrl("output/remove-worker.js");

/**
 * Removes a previous output: the page folders of its collections shared between this thread and
 * a worker when there are many (the compiled module only: from the TypeScript sources, one thread).
 */
export async function removeOutput(dir: string, tuning: Pick<Tuning, "threads" | "parallelRemoveFrom">): Promise<void> {
  const pageDirs: string[] = [];
  for (const collection of ["api/v2/event_pages", "api/v2/pages"]) {
    const root = path.join(dir, collection);
    try {
      for (const e of readdirSync(root, { withFileTypes: true })) if (e.isDirectory()) pageDirs.push(path.join(root, e.name));
    } catch {
      // Not there: nothing to share.
    }
  }
  // Below `parallelRemoveFrom` page folders one thread is quicker than starting another.
  const threads = tuning.threads && os.availableParallelism() > 1 && pageDirs.length >= tuning.parallelRemoveFrom && canStartWorkers();
  if (threads) {
    const half = pageDirs.splice(0, pageDirs.length >> 1);
    const worker = startWorker(WORKER_URL, { workerData: half });
    const done = new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
      worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`removing the previous output stopped (exit code ${code})`))));
    });
    // Its start resets this thread's heap flags until it runs (see engine/heap.ts).
    await running(worker);
    for (const d of pageDirs) removeTree(d);
    await done;
  }
  removeTree(dir);
}
