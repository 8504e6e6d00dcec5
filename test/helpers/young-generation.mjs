// Preloaded into a build (NODE_OPTIONS=--import=...): writes the main thread's new space (its two
// semi-spaces), in bytes, to the file named by YOUNG_GENERATION_FILE as the process exits, so a test
// can tell how far the young generation grew. (Not on stderr: a write to a full pipe as the process
// exits can be lost.)
import { writeFileSync } from "node:fs";
import v8 from "node:v8";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const file = process.env.YOUNG_GENERATION_FILE;
  if (!file) throw new Error("young-generation.mjs: YOUNG_GENERATION_FILE names no file to write the new space's size to");
  process.on("exit", () => {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    writeFileSync(file, String(space?.space_size ?? -1));
  });
}
