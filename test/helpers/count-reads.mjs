// Preloaded into a build (NODE_OPTIONS=--import=...): counts the event files the main thread reads
// and prints the count on stderr as it exits, so a test can tell which pages a rebuild read.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const read = fs.readFileSync;
let eventReads = 0;
fs.readFileSync = function readFileSync(file, ...rest) {
  if (typeof file === "string" && /[\\/]events[\\/]/.test(file)) eventReads++;
  return read.call(this, file, ...rest);
};
syncBuiltinESMExports();
process.on("exit", () => process.stderr.write(`\nevent files read: ${eventReads}\n`));
