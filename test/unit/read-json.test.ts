// Keys written twice in a JSON source: the cheap count that proves there is none must never hide
// one, and a file with one must still get the located diagnostic of the exact walk.
import { visit } from "jsonc-parser";
import { describe, expect, it, vi } from "vitest";
import { jsonc } from "../../src/load/libraries.js";
import { parseJsonText } from "../../src/load/read-json.js";

// The exact walk is watched, to see that a file without a duplicate is cleared without it.
vi.mock("../../src/load/libraries.js", async (actual) => {
  const real = await actual<typeof import("../../src/load/libraries.js")>();
  const watched = { ...real.jsonc(), visit: vi.fn(real.jsonc().visit) };
  return { ...real, jsonc: () => watched };
});
const walks = () => vi.mocked(jsonc().visit).mock.calls.length;

/** The key paths written twice, found by walking every property, as the reference. */
function writtenTwice(text: string): string[] {
  const found: string[] = [];
  const objects: Set<string>[] = [];
  visit(text, {
    onObjectBegin: () => void objects.push(new Set()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, _offset, _length, _line, _character, pathSupplier) => {
      const seen = objects[objects.length - 1]!;
      if (seen.has(key)) found.push(JSON.stringify([...pathSupplier(), key]));
      seen.add(key);
    },
  });
  return found;
}

/** The key paths parseJsonText reports, and whether it needed the exact walk to find them. */
function reported(text: string): string[] {
  const before = walks();
  const result = parseJsonText(text, "x.json");
  expect(result.ok).toBe(true);
  const paths = result.diagnostics.map((d) => JSON.stringify(d.path));
  expect(walks() - before, "walks").toBe(paths.length > 0 ? 1 : 0);
  return paths;
}

const noDuplicate: [string, string][] = [
  ["an empty object", "{}"],
  ["an empty array", "[]"],
  ["a scalar", '"a"'],
  ["nested empty objects", '{"a": {}, "b": [{}, {}], "c": {"d": {}}}'],
  ["keys inside string values", '{"a": "\\"a\\": 1, \\"a\\": 2", "b": "a: b"}'],
  ["a value that reads like a key", '{"a": "b", "c": "a"}'],
  ['"\\":" inside strings', '{"x\\":": "\\":", "y": "\\" :\\":"}'],
  ["escaped quotes in keys", '{"a\\"": 1, "a": 2, "\\"a": 3}'],
  ["escaped backslashes in keys and values", '{"a\\\\": "\\\\", "a\\\\\\\\": "\\\\\\"", "a": "\\\\\\\\"}'],
  ["a backslash before the closing quote", '{"k\\\\": "v\\\\", "k": "v\\\\\\\\"}'],
  ["the same key in sibling objects", '[{"a": 1, "b": 2}, {"a": 3, "b": 4}]'],
  ["the same key at two depths", '{"a": {"a": {"a": 1}}}'],
  ["whitespace before the colon", '{"a"\n\t :1, "b"\r\n: 2}'],
  ["unicode escapes of different keys", '{"\\u0061": 1, "\\u0062": 2, "\\u00e9": 3, "é\\u0301": 4}'],
  ["__proto__ as a key", '{"__proto__": {"a": 1}, "a": 2}'],
  ["keys that are numbers or empty", '{"": 1, "0": 2, "00": 3, " ": 4}'],
];

const duplicate: [string, string, string[]][] = [
  ["at the top", '{"a": 1, "b": 2, "a": 3}', ['["a"]']],
  ["in a nested object", '{"a": {"b": 1, "b": 2}}', ['["a","b"]']],
  ["in an array of objects", '[{"a": 1}, {"a": 1, "a": 2}]', ['[1,"a"]']],
  ["written once plainly and once as a unicode escape", '{"a": 1, "\\u0061": 2}', ['["a"]']],
  ["written twice as escapes", '{"\\u00e9": 1, "é": 2, "\\u00E9": 3}', ['["é"]', '["é"]']],
  ["with an escaped quote", '{"a\\"b": 1, "a\\u0022b": 2}', ['["a\\"b"]']],
  ["next to a string that holds the same key and a colon", '{"a": "\\"a\\":", "a": 2}', ['["a"]']],
  ["hidden by a key written once more elsewhere", '{"o": {"a": 1, "a": 2}, "p": {}}', ['["o","a"]']],
  ["three times", '{"a": 1, "a": 2, "a": 3}', ['["a"]', '["a"]']],
  ["__proto__ twice", '{"__proto__": 1, "__proto__": 2}', ['["__proto__"]']],
];

describe("keys written twice in JSON", () => {
  for (const [name, text] of noDuplicate) {
    it(`none: ${name}`, () => {
      expect(JSON.parse(text)).toBeDefined();
      expect(writtenTwice(text)).toEqual([]);
      expect(reported(text)).toEqual([]);
    });
  }

  for (const [name, text, paths] of duplicate) {
    it(`reported: ${name}`, () => {
      expect(writtenTwice(text)).toEqual(paths);
      expect(reported(text)).toEqual(paths);
    });
  }

  it("names the key, both lines and the column of the second spelling", () => {
    const text = '{\n  "venue": 1,\n  "name": "x",\n  "\\u0076enue": 2\n}\n';
    const result = parseJsonText(text, "events/a.json");
    expect(result.ok && result.data).toEqual({ venue: 2, name: "x" });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        file: "events/a.json",
        path: ["venue"],
        message: 'the key "venue" is written twice in this object (first at line 2); JSON keeps only the last one, silently: remove one of the two',
        line: 4,
        column: 3,
        sourceLine: '  "\\u0076enue": 2',
      },
    ]);
  });

  it("a huge file: no duplicate among many keys and long strings, then one at the very end", () => {
    const events = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      title: `Event "${i}": a \\ title`,
      tags: [{ name: "a" }, { name: "b", note: '"name": "c"' }],
    }));
    const body = { events, long: '\\"'.repeat(2_000_000) + "x".repeat(5_000_000) };
    const text = JSON.stringify(body, null, 2);
    expect(text.length).toBeGreaterThan(10_000_000);
    expect(reported(text)).toEqual([]);

    const twice = text.replace(/\n}$/, ',\n  "long": 1\n}');
    expect(twice).not.toBe(text);
    const result = parseJsonText(twice, "big.json");
    expect(result.diagnostics.map((d) => [d.path, d.line, d.column])).toEqual([[["long"], twice.split("\n").length - 1, 3]]);
  });
});
