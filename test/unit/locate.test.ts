// Locating a key path in JSON and YAML text: the key of an object member, an array item, the
// object that misses a key; positions in lines and UTF-16 columns, CRLF and tabs included.
import { describe, expect, it } from "vitest";
import { error, type KeyPath } from "../../src/model/diagnostics.js";
import { formatCodeFrame } from "../../src/code-frame.js";
import { locateDiagnostics } from "../../src/load/locate.js";
import { positionAt } from "../../src/load/position.js";
import type { SourceFormat } from "../../src/load/source-names.js";

function at(text: string, format: SourceFormat, path: KeyPath) {
  const [d] = locateDiagnostics([error("f", path, "m")], new Map([["f", { file: "f", data: null, text, format }]]));
  return d ? [d.line, d.column, d.sourceLine] : [];
}

const JSON_TEXT = `{
  "id": 1,
  "performances": [
    {"id": 7, "datetime": "2026-05-12T19:30"},
    {
      "id": 8
    }
  ],
  "id": 2
}`;

const YAML_TEXT = `id: 1
base: &b
  image: 31
thumbnail: *b
performances:
  - id: 7
    datetime: 2026-05-12T19:30
  - id: 8
`;

describe("JSON", () => {
  it("points at a key, the last of two equal keys (the one JSON.parse keeps)", () => {
    expect(at(JSON_TEXT, "json", ["id"])).toEqual([9, 3, '  "id": 2']);
    expect(at(JSON_TEXT, "json", ["performances", 0, "datetime"])).toEqual([4, 15, '    {"id": 7, "datetime": "2026-05-12T19:30"},']);
  });
  it("points at an array item, and at the object (or its key) when a key is missing", () => {
    expect(at(JSON_TEXT, "json", ["performances", 1])).toEqual([5, 5, "    {"]);
    expect(at(JSON_TEXT, "json", ["performances", 1, "datetime"])).toEqual([5, 5, "    {"]);
    expect(at(JSON_TEXT, "json", ["title"])).toEqual([1, 1, "{"]);
    expect(at(JSON_TEXT, "json", [])).toEqual([1, 1, "{"]);
  });
  it("counts lines over CRLF, columns in UTF-16 code units, a tab as one column", () => {
    const text = '{\r\n\t"title": "Ünïcödé 🎭",\r\n\t"venu": 1\r\n}';
    expect(at(text, "json", ["venu"])).toEqual([3, 2, '\t"venu": 1']);
    expect(positionAt('{"a": "🎭", "b": 1}', 12)).toEqual({ line: 1, column: 13, sourceLine: '{"a": "🎭", "b": 1}' });
  });
});

describe("YAML", () => {
  it("points at a key, an array item, and follows aliases", () => {
    expect(at(YAML_TEXT, "yaml", ["performances", 0, "datetime"])).toEqual([7, 5, "    datetime: 2026-05-12T19:30"]);
    expect(at(YAML_TEXT, "yaml", ["performances", 1])).toEqual([8, 5, "  - id: 8"]);
    expect(at(YAML_TEXT, "yaml", ["thumbnail", "image"])).toEqual([3, 3, "  image: 31"]);
  });
  it("points at the key holding the object that misses a key", () => {
    expect(at(YAML_TEXT, "yaml", ["performances", 1, "datetime"])).toEqual([8, 5, "  - id: 8"]);
    expect(at(YAML_TEXT, "yaml", ["title"])).toEqual([1, 1, "id: 1"]);
  });
});

describe("code frame", () => {
  it("puts the caret under the column, with tabs widened alike", () => {
    const d = { ...error("f", ["venu"], "m"), line: 3, column: 2, sourceLine: '\t"venu": 1' };
    expect(formatCodeFrame(d)).toEqual(['     3 |   "venu": 1', "       |   ^"]);
    expect(formatCodeFrame(error("f", [], "m"))).toEqual([]);
  });
});
