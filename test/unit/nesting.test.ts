// The bound on nesting (src/load/nesting.ts), as the parsers of content files apply it: a value 64
// levels deep is read, one 65 deep is an error at the level past the bound, and no text, however
// deep, JSON or YAML, flow or block, valid or not, exhausts the call stack on its way to that error.
import { describe, expect, it } from "vitest";
import { jsonTextPast, MAX_NESTING, nestedPast, pathPast, shownPath, yamlTextPast } from "../../src/load/nesting.js";
import { parseJsonText } from "../../src/load/read-json.js";
import { parseYamlText } from "../../src/load/read-yaml.js";
import { NEEDS_FULL_PARSE, readYamlPlaced } from "../../src/load/read-yaml-fast.js";

const levels = (n: number) => "[".repeat(n) + "]".repeat(n);
const blockYaml = (n: number) => Array.from({ length: n }, (_, i) => `${" ".repeat(i)}k:\n`).join("") + `${" ".repeat(n)}x\n`;
const NESTED = /^is nested deeper than 64 levels of lists and objects/;

/** The one diagnostic of a refused text, as `line:column: key path: message`. */
function refusal(result: ReturnType<typeof parseJsonText>): { at: string; path: readonly (string | number)[]; message: string } {
  expect(result.ok).toBe(false);
  expect(result.diagnostics).toHaveLength(1);
  const d = result.diagnostics[0]!;
  return { at: `${d.line}:${d.column}`, path: d.path, message: d.message };
}

describe("JSON", () => {
  it("reads a value 64 levels deep, and refuses one 65 deep at the bracket past the bound", () => {
    expect(MAX_NESTING).toBe(64);
    expect(parseJsonText(levels(64), "f.json").ok).toBe(true);
    const past = refusal(parseJsonText(levels(65), "f.json"));
    expect(past).toMatchObject({ at: "1:65", path: [] });
    expect(past.message).toMatch(NESTED);
  });

  it("names the last key on the way, and points at the level past the bound", () => {
    const text = `{\n  "a": [{"b": {"buttons": ${levels(70)}}}]\n}`;
    const past = refusal(parseJsonText(text, "f.json"));
    // The value is level 1, a 2, its item 3, b 4, buttons 5: the 61st bracket of buttons is level 65.
    expect(past).toMatchObject({ at: `2:${text.split("\n")[1]!.indexOf("[[") + 61}`, path: ["a", 0, "b", "buttons"] });
  });

  it("refuses a text of 200,000 levels, valid or left open, without exhausting the stack", () => {
    expect(refusal(parseJsonText(levels(200_000), "f.json")).at).toBe("1:65");
    expect(refusal(parseJsonText("[".repeat(200_000), "f.json")).at).toBe("1:65");
    expect(refusal(parseJsonText(`{"a":`.repeat(200_000) + "1" + "}".repeat(200_000), "f.json")).path).toEqual(Array(64).fill("a"));
  });

  it("counts no bracket inside a string, and ends a string where jsonc-parser does in a text that is not JSON", () => {
    expect(jsonTextPast(JSON.stringify({ text: "[".repeat(500), escaped: '\\"[[[' }))).toBe(-1);
    expect(parseJsonText(JSON.stringify({ text: "[".repeat(500) }), "f.json").ok).toBe(true);
    // Not JSON: the string stops at the line break for jsonc-parser, and the brackets after it count.
    const broken = `["abc\n${"[".repeat(100)}`;
    expect(jsonTextPast(broken)).toBe(6 + 63);
    expect(refusal(parseJsonText(broken, "f.json")).message).toMatch(NESTED);
    // A syntax error within the bound is worded as before.
    expect(refusal(parseJsonText(`${"[".repeat(10)}1,`, "f.json")).message).toMatch(/^invalid JSON at line 1/);
  });
});

describe("YAML", () => {
  it("reads block mappings 64 deep by the fast path, and refuses 65 at the key of the 65th", () => {
    expect(readYamlPlaced(blockYaml(64))).not.toBe(NEEDS_FULL_PARSE);
    expect(parseYamlText(blockYaml(64), "f.yaml").ok).toBe(true);
    const past = refusal(parseYamlText(blockYaml(65), "f.yaml"));
    expect(past).toMatchObject({ at: "64:64", path: Array(64).fill("k") });
    expect(past.message).toMatch(NESTED);
  });

  it("refuses flow, compact and block nesting far past the bound without exhausting the stack", () => {
    expect(refusal(parseYamlText(`a: ${levels(200_000)}\n`, "f.yaml"))).toMatchObject({ at: "1:67", path: ["a"] });
    expect(refusal(parseYamlText(`${"[".repeat(200_000)}\n`, "f.yaml"))).toMatchObject({ at: "1:65", path: [] });
    expect(refusal(parseYamlText(`${"- ".repeat(200_000)}x\n`, "f.yaml"))).toMatchObject({ at: "1:129", path: [] });
    expect(refusal(parseYamlText(`a:\n${"  - ".repeat(1)}${"- ".repeat(100_000)}x\n`, "f.yaml")).path).toEqual(["a"]);
    expect(refusal(parseYamlText(blockYaml(3_000), "f.yaml"))).toMatchObject({ at: "64:64", path: Array(64).fill("k") });
    // Flow nesting across lines goes to the full parser's path: measured first there too.
    expect(refusal(parseYamlText(`a:\n${"  [\n".repeat(200_000)}`, "f.yaml")).message).toMatch(NESTED);
  });

  it("refuses a value made deeper than the bound by an alias, though its text is not", () => {
    const text = `a: &deep ${levels(40)}\nb: ${"[".repeat(30)}*deep${"]".repeat(30)}\n`;
    expect(yamlTextPast(text)).toBeNull();
    const past = refusal(parseYamlText(text, "f.yaml"));
    expect(past.path).toEqual(["b"]);
    expect(past.message).toMatch(NESTED);
  });

  it("finds nothing past the bound in an ordinary file", () => {
    const page = "id: 1\ntitle: Hamlet\nperformances:\n  - id: 2\n    datetime: 2026-05-12T19:30\ndescription:\n  - type: richtext\n    value: { text: '<p>[sic]</p>', buttons: [] }\n";
    expect(yamlTextPast(page)).toBeNull();
    expect(parseYamlText(page, "f.yaml").ok).toBe(true);
  });
});

describe("the value's walk", () => {
  it("measures a value without recursion, and finds the first path past the bound as an editor reads the file", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { k: deep };
    expect(nestedPast(deep)).toBe(true);
    expect(pathPast(deep)).toEqual(Array(64).fill("k"));
    expect(nestedPast(JSON.parse(levels(64)))).toBe(false);
    expect(pathPast({ a: [1, JSON.parse(levels(70))], b: JSON.parse(levels(70)) })).toEqual(["a", 1, ...Array(62).fill(0)]);
    expect(shownPath(["description", 0, "value", "buttons", 0, 0, 0])).toEqual(["description", 0, "value", "buttons"]);
    expect(shownPath([0, 0])).toEqual([]);
  });
});
