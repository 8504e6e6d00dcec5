// A YAML page's value must not keep its file's text alive: the parsers make strings by slicing
// the text, and V8 keeps a slice's whole parent; a build keeps each page's summary (its title,
// its slug) to the end, so it would keep every page's file. Measured on the heap itself.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { parseYamlText } from "../../src/load/read-yaml.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** Heap bytes still held after keeping the title of 100 files of 200 kB each. */
function heldByTitles(text: (i: number) => string): number {
  const titles: unknown[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 100; i++) {
    const read = parseYamlText(text(i), "events/x.yaml");
    if (!read.ok) throw new Error(read.diagnostics[0]?.message);
    titles.push((read.data as { title: string }).title);
  }
  gc();
  expect(titles[99]).toBe("A title long enough to be sliced 99");
  return process.memoryUsage().heapUsed - before;
}

describe("a YAML file's value", () => {
  const body = `${"word ".repeat(40_000)}end`;
  it("keeps nothing of the file's text but its own strings (js-yaml's reading)", () => {
    // 100 texts of 200 kB are 20 MB: held, they would show whole.
    expect(heldByTitles((i) => `title: A title long enough to be sliced ${i}\nbody: ${body}\n`)).toBeLessThan(4 * 1024 * 1024);
  });
  it("nor when the full parser reads it (an anchor sends it there)", () => {
    expect(heldByTitles((i) => `title: A title long enough to be sliced ${i}\nbody: ${body}\nfirst: &n 1\nsecond: *n\n`)).toBeLessThan(4 * 1024 * 1024);
  });
});
