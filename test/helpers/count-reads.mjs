// Preloaded into a build (NODE_OPTIONS=--import=...): counts the event files the main thread reads
// (those of content/events/ in the folder the build runs in; the package's own files, its starter
// content among them, are not the site's), by name or opened to be read, and as the process exits
// writes the count to the file named by EVENT_READS_FILE, so a test can tell which pages a rebuild
// read. (Not on stderr: a write to a full pipe as the process exits can be lost.)
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
const file = process.env.EVENT_READS_FILE;
if (!file) throw new Error("count-reads.mjs: EVENT_READS_FILE names no file to write the count to");
process.on("exit", () => fs.writeFileSync(file, String(eventReads)));
