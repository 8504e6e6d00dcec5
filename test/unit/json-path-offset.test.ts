// The walk that locates a key path in JSON text (json-path-offset.ts) against the syntax tree it
// replaced (jsonTreeLocator): the same offset for every path into every value of the texts
// below, and for paths that leave them (a missing key, an item past the end, a step into a
// string), on hand-made texts and on the worked example's event files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { KeyPath } from "../../src/model/diagnostics.js";
import { jsonPathOffset, NotJson } from "../../src/load/json-path-offset.js";
import { jsonTreeLocator } from "../../src/load/locate.js";

/** Every path to a value of `value`, and from each a missing key, an item past the end and a step too deep. */
function paths(value: unknown, at: KeyPath = [], out: KeyPath[] = []): KeyPath[] {
  out.push(at, [...at, "no such key"], [...at, 99], [...at, -1]);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function expectSameAsTree(text: string): number {
  const tree = jsonTreeLocator(text);
  const all = paths(JSON.parse(text));
  for (const p of all) expect([p, jsonPathOffset(text, p)]).toEqual([p, tree(p)]);
  return all.length;
}

const EXAMPLE = path.join(import.meta.dirname, "../fixtures/good/spec-example/content/events");

describe("jsonPathOffset", () => {
  it("finds what the syntax tree finds, in texts with every kind of value", () => {
    const texts = [
      `{"a": 1, "b": [1, 2, {"c": null}], "d": {"e": "x"}}`,
      // Strings with brackets, braces, commas, colons, escaped quotes and backslashes, and escaped keys.
      `{ "s" : "[{,:}]\\"\\\\", "t\\u0041": "\\\\", "u": ["]", "}", "\\"]"], "v": {"w": "{"} }`,
      // The last of two equal keys (JSON.parse keeps it), an escaped spelling of one among them.
      `{"id": 1, "x": {"id": 2}, "i\\u0064": 3}`,
      // Whitespace of every kind, CRLF, nested empties, numbers and literals at an object's end.
      `\r\n\t {\r\n\t"a":[ [ ], { } ,[[1]] ] ,\r\n"b" :-1.5e+3,"c":true,"d":false,"e":null}\n`,
      `[1, "two", [3, [4]], {"five": 5}]`,
      `"just a string"`,
      `42`,
      `{}`,
      `[]`,
    ];
    for (const text of texts) expect(expectSameAsTree(text)).toBeGreaterThan(0);
  });

  it("finds what the syntax tree finds in the worked example's event files", () => {
    const files = readdirSync(EXAMPLE).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(expectSameAsTree(readFileSync(path.join(EXAMPLE, f), "utf8"))).toBeGreaterThan(20);
  });

  it("refuses text JSON.parse refuses on the way to the path, for the tree to take over", () => {
    expect(() => jsonPathOffset(`{"a": 1,}`, ["b"])).toThrow(NotJson);
    expect(() => jsonPathOffset(`{"a": "open`, ["b"])).toThrow(NotJson);
    expect(() => jsonPathOffset(``, [])).toThrow(NotJson);
    expect(() => jsonPathOffset(`{a: 1}`, ["a"])).toThrow(NotJson);
  });
});
