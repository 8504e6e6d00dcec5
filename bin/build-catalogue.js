#!/usr/bin/env node
// Entry point of the published command: the compiled CLI lives in lib/.
import v8 from "node:v8";

// V8 lets the young generation grow to 16 MB a semi-space; a build allocates many short-lived
// objects, and at 8 MB it ran faster with less memory (10,000 generated pages: 4.55 -> 3.69 s,
// 317 -> 272 MiB peak RSS). Set before any module loads, so every thread gets it; a size given
// to Node by the user wins.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((a) => a.startsWith("--max-semi-space-size"));
if (!given) v8.setFlagsFromString("--max-semi-space-size=8");

const { main } = await import("../lib/cli.js");
process.exitCode = await main(process.argv.slice(2));
