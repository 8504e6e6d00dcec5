// Micro-benchmark of reading JSON sources (JSON.parse and the check for keys written twice) over
// every .json file under a folder, read into memory beforehand. Each round times every variant over
// all files, in turn; prints the median milliseconds of a round per variant.
//   node scripts/bench-json-keys.mjs <content> [rounds] [lib ...]
// Each lib is a compiled lib/ folder (default: ./lib), so two builds of read-json can be compared.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [content, roundsArg, ...libs] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 21);
if (!content) throw new Error("usage: node scripts/bench-json-keys.mjs <content> [rounds] [lib ...]");

function walk(dir, list) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, list);
    else if (entry.name.endsWith(".json")) list.push(full);
  }
  return list;
}
const texts = walk(content, []).sort().map((file) => [file, readFileSync(file, "utf8")]);

const variants = [["JSON.parse only", (text) => JSON.parse(text)]];
for (const lib of libs.length > 0 ? libs : ["lib"]) {
  const { parseJsonText } = await import(pathToFileURL(path.resolve(lib, "load/read-json.js")).href);
  variants.push([`parseJsonText (${lib})`, parseJsonText]);
}

const times = variants.map(() => []);
let reported = 0;
for (let round = 0; round < rounds + 2; round++) {
  variants.forEach(([, run], i) => {
    const started = performance.now();
    for (const [file, text] of texts) {
      const result = run(text, file);
      if (result?.diagnostics?.length) reported++;
    }
    if (round >= 2) times[i].push(performance.now() - started); // two rounds to warm up
  });
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`${texts.length} files, ${rounds} rounds, ${reported} diagnostics`);
variants.forEach(([name], i) => console.log(`${name}: median ${median(times[i]).toFixed(1)} ms`));
