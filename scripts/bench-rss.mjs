// Preloaded into a benchmarked build (node --import): writes the process's peak RSS in KiB and its
// CPU time in milliseconds (user and system, worker threads included), "<KiB> <ms>", into the file
// BENCH_RSS_FILE names (else on stderr), as it exits. A file, not
// stderr, for the benchmark: a write to a pipe its reader has not emptied yet is queued, and a
// process that is exiting drops it (a benchmark run once lost its line so).
import { readFileSync, writeFileSync } from "node:fs";

/**
 * The peak of this process's own memory: Linux's VmHWM. Not getrusage's maxRSS, which on Linux
 * starts a child at the resident size of the parent that forked it (kept across exec): every
 * build the benchmark ran reported at least the benchmark's own size, which had grown to 140 MiB
 * by the rebuilds (a one-file rebuild of 1,000 pages reported 140 MiB, its own peak about 80).
 */
function peakKiB() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: getrusage's figure.
  }
  return process.resourceUsage().maxRSS;
}

process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  const line = `${peakKiB()} ${Math.round((user + system) / 1000)}`;
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, line);
  else process.stderr.write(`\nbench-rss ${line}\n`);
});
