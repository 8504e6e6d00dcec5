// Runs an async task over a list with a bounded number at once.

/** Runs `task` over `items` with at most `parallel` at once, in any order. */
export async function eachParallel<T>(items: readonly T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, lane));
}
