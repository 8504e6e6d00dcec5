// A worker thread that builds event pages (see page-threads.ts): it sends back each page's record
// with its files, which the main thread writes (it alone makes entries in the output folder).
// The heavy half (schemas, enrich, the self-check) is loaded on the first page not reused, so a
// rebuild that reuses every page starts its workers in a fraction of the time.
import { parentPort, workerData } from "node:worker_threads";
import { youngSize } from "./heap.js";
import { readPage, travelling, type PageRecord } from "../page/page-record.js";
import type { WorkerReply, WorkerSetup, WorkerTask } from "./build-pages.js";

const setup = workerData as WorkerSetup;
let builder: typeof import("../page/build-page.js") | null = null;

async function build(task: WorkerTask): Promise<PageRecord[]> {
  const records: PageRecord[] = [];
  for (const source of task.files) {
    const read = readPage(setup.job, source, setup.writing);
    if ("record" in read) records.push(read.record);
    else {
      builder ??= await import("../page/build-page.js");
      records.push(builder.buildFromText(setup.job, source, read, setup.writing));
    }
  }
  return records;
}

/**
 * The records' files as bytes of their own, moved to the main thread with the message: text would
 * be copied into its heap, where a batch of pages' documents outlived its young generation.
 */
function transferable(records: PageRecord[]): ArrayBuffer[] {
  const moved: ArrayBuffer[] = [];
  for (const r of records) {
    if (!r.outputs) continue;
    r.outputs = r.outputs.map(travelling);
    for (const o of r.outputs) {
      if (typeof o.data !== "string" || o.sameAs) continue;
      const bytes = new Uint8Array(Buffer.byteLength(o.data, "utf8"));
      Buffer.from(bytes.buffer).write(o.data, "utf8");
      o.data = bytes;
      moved.push(bytes.buffer);
    }
  }
  return moved;
}

// Tasks arrive one after another; each is answered before the next is begun.
let queue = Promise.resolve();
parentPort!.on("message", (task: WorkerTask) => {
  queue = queue.then(async () => {
    let reply: WorkerReply;
    let moved: ArrayBuffer[] = [];
    try {
      const records = await build(task);
      moved = transferable(records);
      reply = { batch: task.batch, records, young: youngSize() };
    } catch (e) {
      reply = { batch: task.batch, error: e instanceof Error ? e.message : String(e), selfCheck: e instanceof Error && e.name === "SelfCheckFailed" };
    }
    parentPort!.postMessage(reply, moved);
  });
});
