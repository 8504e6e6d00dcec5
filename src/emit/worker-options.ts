// Options for the build's worker threads.

/**
 * A worker takes the process's Node options, less those a worker refuses: --input-type (a
 * process started with `node --input-type=module -e ...`) and the heap sizes (a worker's are
 * its resourceLimits).
 */
export function workerExecArgv(): string[] {
  return process.execArgv.filter((a) => !/^--(input-type|max-old-space-size|max-semi-space-size)/.test(a));
}
