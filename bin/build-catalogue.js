#!/usr/bin/env node
// Entry point of the published command: the compiled CLI lives in lib/.
import { applyHeapFlags } from "../lib/heap-flags.js";

// Before anything is loaded: the heap's young generation must not have grown yet (see heap-flags).
applyHeapFlags();

const { main } = await import("../lib/cli.js");
process.exitCode = await main(process.argv.slice(2));
