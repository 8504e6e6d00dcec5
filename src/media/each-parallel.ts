// Runs an async task over a list with a bounded number at once.

/** Runs `task` over `items` with at most `parallel` at once, in any order. */
export async function eachParallel<T>(items: readonly T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, lane));
}

/** A runner of tasks one at a time, in the order given, whatever else runs beside them. */
export function oneAtATime(): <R>(task: () => Promise<R>) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task, task);
    last = run.catch(() => {});
    return run;
  };
}
