// A worker thread that builds event pages (see page-threads.ts): it writes each page's documents
// into the staging folder itself and sends back only the pages' records.
import { parentPort, workerData } from "node:worker_threads";
import { buildPage } from "./build-page.js";
import { SelfCheckFailed } from "./plan.js";
import { FolderWriter } from "./staging.js";
import type { WorkerReply, WorkerSetup, WorkerTask } from "./page-threads.js";

const setup = workerData as WorkerSetup;
const writer = setup.root ? new FolderWriter(setup.root) : null;
writer?.madeElsewhere(...setup.made);

parentPort!.on("message", (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    reply = { batch: task.batch, records: task.files.map((f) => buildPage(setup.job, f, writer)) };
  } catch (e) {
    reply = { batch: task.batch, error: e instanceof Error ? e.message : String(e), selfCheck: e instanceof SelfCheckFailed };
  }
  parentPort!.postMessage(reply);
});
