// Preloaded into a build (NODE_OPTIONS=--import=...): counts the event files the main thread reads
// (those of content/events/ in the folder the build runs in; the package's own files, its starter
// content among them, are not the site's) and prints the count on stderr as it exits, so a test
// can tell which pages a rebuild read.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const events = path.join(process.cwd(), "content", "events") + path.sep;
const read = fs.readFileSync;
let eventReads = 0;
fs.readFileSync = function readFileSync(file, ...rest) {
  if (typeof file === "string" && path.resolve(file).startsWith(events)) eventReads++;
  return read.call(this, file, ...rest);
};
syncBuiltinESMExports();
process.on("exit", () => process.stderr.write(`\nevent files read: ${eventReads}\n`));
