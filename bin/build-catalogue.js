#!/usr/bin/env node
// Entry point of the published command: the compiled CLI lives in lib/, bundled into one module
// (scripts/bundle.mjs) that loads faster than its modules one by one.
import { existsSync } from "node:fs";
import { applyHeapFlags, heapFlagsGiven } from "../lib/engine/heap.js";

// Before anything is loaded: the heap's young generation must not have grown yet (see src/engine/heap.ts).
// A flag the user gave Node wins over the command's.
applyHeapFlags(heapFlagsGiven(process.execArgv, process.env.NODE_OPTIONS));

// A reader that stops early (`build-catalogue --help | head -1`) closes the pipe: not a failure of the command.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(process.exitCode ?? 0);
  });
}

const bundle = new URL("../lib/cli.bundle.js", import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : "../lib/cli.js");
process.exitCode = await main(process.argv.slice(2));
