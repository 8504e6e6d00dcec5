// Preloaded into a build (NODE_OPTIONS=--import=...): counts the event files the main thread reads
// (those of content/events/ in the folder the build runs in; the package's own files, its starter
// content among them, are not the site's), by name or opened to be read, and prints the count on
// stderr as it exits, so a test can tell which pages a rebuild read.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const events = path.join(process.cwd(), "content", "events") + path.sep;
const read = fs.readFileSync;
const open = fs.openSync;
let eventReads = 0;
const count = (file) => {
  if (typeof file === "string" && path.resolve(file).startsWith(events)) eventReads++;
};
fs.readFileSync = function readFileSync(file, ...rest) {
  count(file);
  return read.call(this, file, ...rest);
};
// A content file is read from the descriptor it is opened with (io/regular-file.ts).
fs.openSync = function openSync(file, ...rest) {
  count(file);
  return open.call(this, file, ...rest);
};
syncBuiltinESMExports();
process.on("exit", () => process.stderr.write(`\nevent files read: ${eventReads}\n`));
