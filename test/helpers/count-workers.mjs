// Preloaded into a build (NODE_OPTIONS=--import=...): notes the module of each worker thread the
// main thread starts and prints them on stderr as it exits, so a test can tell which threads ran.
import { isMainThread } from "node:worker_threads";
import workerThreads from "node:worker_threads";
import { syncBuiltinESMExports } from "node:module";

if (isMainThread) {
  const started = [];
  const Original = workerThreads.Worker;
  workerThreads.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      started.push(String(url).split("/").pop());
    }
  };
  syncBuiltinESMExports();
  process.on("exit", () => process.stderr.write(`\nworkers started: ${started.join(",")}\n`));
}
