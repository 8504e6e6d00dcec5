// Preloaded into a build (NODE_OPTIONS=--import=...): prints the main thread's new space (its two
// semi-spaces) on stderr as it exits, so a test can tell how far the young generation grew.
import v8 from "node:v8";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  process.on("exit", () => {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    process.stderr.write(`\nnew space: ${space?.space_size ?? -1}\n`);
  });
}
