// A worker thread that builds event pages (see page-threads.ts): it sends back each page's record
// with its files, which the main thread writes (it alone makes entries in the output folder).
import { parentPort, workerData } from "node:worker_threads";
import { buildPage } from "./build-page.js";
import { SelfCheckFailed } from "./plan.js";
import type { WorkerReply, WorkerSetup, WorkerTask } from "./page-threads.js";

const setup = workerData as WorkerSetup;

parentPort!.on("message", (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    reply = { batch: task.batch, records: task.files.map((f) => buildPage(setup.job, f, setup.writing)) };
  } catch (e) {
    reply = { batch: task.batch, error: e instanceof Error ? e.message : String(e), selfCheck: e instanceof SelfCheckFailed };
  }
  parentPort!.postMessage(reply);
});
