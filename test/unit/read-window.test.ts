// Reading a file through a reused window (the build cache, the summaries on disk): every line
// comes back whole and where it is in the file, however it falls across the window's edges, and
// spans read back are the file's bytes.
import { closeSync, openSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReadWindow } from "../../src/io/read-window.js";

const file = path.join(os.tmpdir(), `bc-read-window-${process.pid}.txt`);
afterEach(() => rmSync(file, { force: true }));

type Line = { text: string; offset: number; complete: boolean };

function linesOf(text: string, size: number, from = 0): Line[] {
  writeFileSync(file, text);
  const fd = openSync(file, "r");
  try {
    const out: Line[] = [];
    // A line's bytes hold until the window reads again: decoded as each comes.
    for (const l of new ReadWindow(fd, size).lines(from)) out.push({ text: l.buffer.toString("utf8", l.start, l.end), offset: l.offset, complete: l.complete });
    return out;
  } finally {
    closeSync(fd);
  }
}

/** What the lines of `text` are, split the plain way (no last empty line after a final newline). */
function expected(text: string, from = 0): Line[] {
  const out: Line[] = [];
  let offset = from;
  const bytes = Buffer.from(text, "utf8");
  while (offset < bytes.length) {
    const nl = bytes.indexOf(0x0a, offset);
    const end = nl < 0 ? bytes.length : nl;
    out.push({ text: bytes.toString("utf8", offset, end), offset, complete: nl >= 0 });
    offset = end + 1;
  }
  return out;
}

describe("ReadWindow", () => {
  // Lines shorter than the window, as long, longer (several times), empty, and non-ASCII text
  // whose bytes may be split by the window's edge.
  const lines = ["a", "", "bb", "x".repeat(7), "y".repeat(8), "z".repeat(9), "Café ☃ 𝄞", "w".repeat(40), "", "end"];
  for (const size of [8, 16, 1 << 20]) {
    it(`gives every line whole, with its offset, through a window of ${size} bytes`, () => {
      const text = `${lines.join("\n")}\n`;
      expect(linesOf(text, size)).toEqual(expected(text));
    });
  }

  it("gives a last line without its newline (a file cut short), and starts where asked", () => {
    const text = `first\nsecond line\nlast, cut sh`;
    expect(linesOf(text, 8)).toEqual(expected(text));
    expect(linesOf(text, 8, 6)).toEqual(expected(text, 6));
    expect(linesOf("", 8)).toEqual([]);
  });

  it("reads spans back as the file's bytes, in any order, longer than the window too", () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i} ${"é".repeat(i % 13)}`).join("\n");
    writeFileSync(file, text);
    const bytes = Buffer.from(text, "utf8");
    const fd = openSync(file, "r");
    try {
      const window = new ReadWindow(fd, 64);
      for (const [offset, length] of [[0, 10], [5, 50], [1000, 30], [3, 200], [bytes.length - 7, 7], [900, 64], [10, 1]] as const) {
        const span = window.span(offset, length);
        expect(span.buffer.subarray(span.start, span.end).equals(bytes.subarray(offset, offset + length))).toBe(true);
        expect(window.text(offset, length)).toBe(bytes.toString("utf8", offset, offset + length));
      }
    } finally {
      closeSync(fd);
    }
  });
});
