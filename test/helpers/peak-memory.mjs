// Preloaded into a command (NODE_OPTIONS=--import=...): as the process exits, writes its peak
// resident memory in KiB (the whole process, libvips' threads and buffers included) to the file
// named by PEAK_MEMORY_FILE, so a test can tell that a hostile input did not balloon it.
import { writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

if (isMainThread && process.env.PEAK_MEMORY_FILE) {
  process.on("exit", () => writeFileSync(process.env.PEAK_MEMORY_FILE, String(process.resourceUsage().maxRSS)));
}
