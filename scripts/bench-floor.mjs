// The benchmark's floor: the least any build of this output could do. Reads every source file and
// writes the build's own bytes (read beforehand, not timed) to the same layout, synchronously in
// one thread, then prints the milliseconds of that part as JSON.
//   node scripts/bench-floor.mjs <content> <reference-output> <out>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [content, reference, out] = process.argv.slice(2);

function walk(dir, rel, list) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path.join(dir, entry.name), r, list);
    else list.push(r);
  }
  return list;
}

// Not timed: the precomputed bytes of every output file, in memory.
const files = walk(reference, "", []).sort().map((rel) => [rel, readFileSync(path.join(reference, rel))]);
const sources = walk(content, "", []).sort();

const started = performance.now();
let read = 0;
for (const rel of sources) read += readFileSync(path.join(content, rel)).length;
const made = new Set();
let written = 0;
for (const [rel, bytes] of files) {
  const dir = path.dirname(path.join(out, rel));
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(path.join(out, rel), bytes);
  written += bytes.length;
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, files: files.length, bytes: written, read }));
