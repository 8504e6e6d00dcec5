#!/usr/bin/env node
// Entry point of the published command: the compiled CLI lives in lib/.
import { main } from "../lib/cli.js";

process.exitCode = await main(process.argv.slice(2));
