#!/usr/bin/env node
// Entry point of the published command: the compiled CLI lives in lib/.
import v8 from "node:v8";

// V8's defaults suit a long-lived server, not a build that allocates many short-lived objects and
// keeps little. The old generation grows 30% over what survived the last full collection, not up
// to four times, which let promoted garbage pile up (10,000 generated pages, one thread: about
// 220 -> 190 MiB peak RSS, the same time). Young generation: 4 MB semi-spaces; set here, that
// reaches worker threads only, since this thread's heap is laid out when Node starts (for it,
// NODE_OPTIONS=--max-semi-space-size=4: about 150 MiB, a little slower). A value given to Node
// by the user wins.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
for (const flag of ["--max-semi-space-size=4", "--heap-growing-percent=30"]) {
  if (!given.some((a) => a.startsWith(flag.split("=")[0]))) v8.setFlagsFromString(flag);
}

const { main } = await import("../lib/cli.js");
process.exitCode = await main(process.argv.slice(2));
