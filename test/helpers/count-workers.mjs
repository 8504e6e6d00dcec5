// Preloaded into a build (NODE_OPTIONS=--import=...): notes the module of each worker thread the
// main thread starts and, as the process exits, writes them (comma-separated) to the file named
// by WORKERS_STARTED_FILE, or prints them on stderr, so a test can tell which threads ran.
import { writeFileSync } from "node:fs";
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
  process.on("exit", () => {
    const file = process.env.WORKERS_STARTED_FILE;
    if (file) writeFileSync(file, started.join(","));
    else process.stderr.write(`\nworkers started: ${started.join(",")}\n`);
  });
}
