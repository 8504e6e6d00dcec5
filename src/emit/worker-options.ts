// Starting the build's worker threads.
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker with the process's Node options (so `--cpu-prof` profiles it too), less those a worker
 * always refuses (--input-type, and the heap sizes: a worker's are its resourceLimits). Node
 * refuses other process-wide options in a worker too (`--expose-gc`, ...): then it starts
 * without any.
 */
export function startWorker(url: URL, options: WorkerOptions): Worker {
  const execArgv = process.execArgv.filter((a) => !/^--(input-type|max-old-space-size|max-semi-space-size)/.test(a));
  try {
    return new Worker(url, { ...options, execArgv });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ERR_WORKER_INVALID_EXEC_ARGV") throw e;
    return new Worker(url, { ...options, execArgv: [] });
  }
}
