// Preloaded into a benchmarked build (node --import): prints the process's peak RSS in KiB, worker
// threads included, on stderr as it exits.
process.on("exit", () => process.stderr.write(`\nbench-rss ${process.resourceUsage().maxRSS}\n`));
