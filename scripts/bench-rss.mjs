// Preloaded into a benchmarked build (node --import): writes the process's peak RSS in KiB, worker
// threads included, into the file BENCH_RSS_FILE names (else on stderr), as it exits. A file, not
// stderr, for the benchmark: a write to a pipe its reader has not emptied yet is queued, and a
// process that is exiting drops it (a benchmark run once lost its line so).
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  const rss = String(process.resourceUsage().maxRSS);
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, rss);
  else process.stderr.write(`\nbench-rss ${rss}\n`);
});
