// Starting the build's worker threads.
import { Worker, type WorkerOptions } from "node:worker_threads";
import { workerStarting } from "./heap.js";
import { FROM_SOURCES } from "../package-files.js";

/** Workers run the compiled modules: from the TypeScript sources (the tests), everything stays on this thread. */
export const canStartWorkers = (): boolean => !FROM_SOURCES;

/**
 * A worker with the process's Node options (`nodeOptions`, the tuning's execArgv: so `--cpu-prof`
 * profiles it too), less those a worker always refuses (--input-type, and the heap sizes: a
 * worker's are its resourceLimits). Node refuses other process-wide options in a worker too
 * (`--expose-gc`, ...): then it starts without any.
 */
export function startWorker(url: URL, options: WorkerOptions, nodeOptions: readonly string[]): Worker {
  const execArgv = nodeOptions.filter((a) => !/^--(input-type|max-old-space-size|max-semi-space-size)/.test(a));
  let worker: Worker;
  try {
    worker = new Worker(url, { ...options, execArgv });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ERR_WORKER_INVALID_EXEC_ARGV") throw e;
    worker = new Worker(url, { ...options, execArgv: [] });
  }
  // Starting it sets V8's flags back to Node's own (see heap.ts).
  whenRunning(worker, workerStarting());
  return worker;
}

/** Calls `then` once the worker runs, or has failed to start (whichever comes first; later events call it again). */
function whenRunning(worker: Worker, then: () => void): void {
  worker.once("online", then);
  worker.once("error", then);
  worker.once("exit", then);
}

/**
 * Resolves once the worker runs (and this thread's heap flags are set again), or has failed to
 * start: what this thread allocates before then is laid out under V8's defaults.
 */
export const running = (worker: Worker): Promise<void> => new Promise((resolve) => whenRunning(worker, () => resolve()));
