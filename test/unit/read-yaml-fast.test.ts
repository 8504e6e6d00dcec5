// The YAML fast path (js-yaml) must give the value the full parser (`yaml`) gives, and place key
// paths where the full parser's tree does, or hand the file over to it: compared on hand-written
// files and on seeded random ones, written by both libraries in many styles and then damaged.
import { isDeepStrictEqual } from "node:util";
import jsYaml from "js-yaml";
import { describe, expect, it } from "vitest";
import * as YAML from "yaml";
import type { KeyPath } from "../../src/model/diagnostics.js";
import { yamlTreeLocator } from "../../src/load/locate.js";
import { NEEDS_FULL_PARSE, readYamlPlaced, yamlLocatorFast } from "../../src/load/read-yaml-fast.js";
import { parseYamlFully } from "../../src/load/read-yaml.js";
import { seeded } from "../helpers/random.js";

/** Every key path in a value, and beside each a missing key, a missing item and a first item. */
function* pathsIn(value: unknown, path: KeyPath = []): Generator<KeyPath> {
  yield path;
  yield [...path, "missing"];
  yield [...path, 999];
  yield [...path, 0];
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* pathsIn(value[i], [...path, i]);
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* pathsIn(v, [...path, k]);
}

/**
 * What the fast path did with the text: "fast" (and the full parser agrees on the value, and on
 * where every key path points when the fast path places them), "full", or how they differ.
 */
function compare(text: string): string {
  const read = readYamlPlaced(text);
  const fast = read === NEEDS_FULL_PARSE ? read : read.value;
  if (fast === NEEDS_FULL_PARSE) return "full";
  const full = parseYamlFully(text, "x.yaml");
  if (!full.ok || full.diagnostics.length > 0) return `the fast path read text the full parser refuses: ${full.diagnostics[0]?.message}`;
  if (!isDeepStrictEqual(fast, full.data)) return `different values: ${JSON.stringify(fast)} against ${JSON.stringify(full.data)}`;
  const locate = yamlLocatorFast(text);
  if (locate) {
    const reference = yamlTreeLocator(text);
    for (const path of pathsIn(fast)) {
      if (locate(path) !== reference(path)) return `${JSON.stringify(path)} placed at ${locate(path)}, not ${reference(path)}`;
    }
  }
  return "fast";
}

const page = `# An event page, as editors write it
id: 42
title: "Hamlet: the première"
slug: hamlet
first_published_at: 2026-01-10T09:00:00+10:00
on_sale: yes_really
price: 0o17
hex: 0x1F
ratio: .5
big: 1e3
none: ~
empty:
flag: True
times: [19:30, "14:00", 2026-05-12]
body: |
  First line,
    indented line.

  Second paragraph.
folded: >-
  One long
  sentence.
performances:
  - id: 1   # the opening night
    datetime: 2026-05-12T19:30
  -   id: 2
      sold_out: false
'quoted key': 'it''s'
"escapes": "tab\\tnew\\nline \\u00e9 \\U0001F600"
`;

describe("the YAML fast path", () => {
  it("reads an event page and the scalars of the core schema as the full parser does, and places its key paths as the full parser's tree does", () => {
    expect(yamlLocatorFast(page)).not.toBeNull();
    expect(yamlLocatorFast(`- [a, b]\n- {c: [d]}\n- [[e]]\n`)).not.toBeNull();
    expect(compare(`- [a, b]\n- {c: [d]}\n- [[e]]\n`)).toBe("fast");
    expect(compare(page)).toBe("fast");
    expect(compare(page.replace(/\n/g, "\r\n"))).toBe("fast");
    expect(compare(`---\n${page}`)).toBe("fast");
    const value = (readYamlPlaced(page) as { value: Record<string, unknown> }).value;
    expect(value.times).toEqual(["19:30", "14:00", "2026-05-12"]);
    expect([value.price, value.hex, value.ratio, value.big, value.none, value.empty, value.flag, value.on_sale]).toEqual([15, 31, 0.5, 1000, null, null, true, "yes_really"]);
    for (const scalar of ["yes", "on", "1_000", "0b101", "+12", "-0", "012", "1.", "-.INF", ".NaN", "0o8", "0xG", "12:30:45", "TRUE", "tRUE", "Null", "123456789012345678901234567890"]) {
      expect(compare(`a: ${scalar}\nb: [${scalar}]\n`), scalar).toBe("fast");
    }
  });

  it("hands over every file whose problems the full parser words, or that the two could read differently", () => {
    const handed = [
      "a: 1\na: 2", // a key written twice
      "a: 1\n'a': 2",
      "a: &x 1\nb: *x", // an alias
      "a: *x", // an alias without its anchor
      "a: !!binary aGk=",
      "a: !!float 1",
      "a: !custom 1",
      "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1",
      "a: 1\n---\nb: 2", // two documents
      "...\na: 1",
      "a: 1\n...\n",
      "~: 1", // keys that are not text
      "null: 1",
      "? [a, b]\n: 1",
      "? {a: 1}\n: 2",
      "a: b: c", // syntax errors
      "a: [1, 2",
      'a: "unterminated',
      "\ta: 1",
      "a:\n  b: 1\n c: 2",
      "- a\nb: 1",
      // where js-yaml strays from the spec (found by comparing the two)
      "a: |2\n   \n\nb: 1", // an indentation indicator
      "- >1-\n   \n",
      "a: |\n  x\n  \n", // a line of spaces alone
      "- - \n- 1", // empty list items
      "-\n  - # c\n- null",
      "---- x", // a marker run into text
      "---  a: 1",
      "- !\n", // a tag before an empty value
      "a: &p 1",
      "a: 1\n&x b: 2", // an anchor at a line's start: on a key, on a value, on an item
      "a:\n  &x b: 1",
      "a:\n  &x\n  b: 1",
      "a:\n  &x [1]",
      "- &x a\n- b",
      "&x a: 1",
      "&x\na: 1",
      "{\n  a: 1\n#c\n}", // a comment inside brackets across lines
      "{'a':# c\n 1}",
      "{ [x], b: 1 }", // a list or mapping as a key
      "{ &a {x: 1}, b: 2 }",
      "a:\n# c\n  b", // a comment between a key and its value
      "a: 1\rb: 2", // a carriage return alone
    ];
    for (const text of handed) expect(compare(text), text).toBe("full");
  });

  it("reads rich text with `&` at the start of its lines (a plain scalar run over several lines) itself", () => {
    // As the `yaml` package writes a long rich text (the build's YAML catalogues are written so).
    const text = `text: <p>Prose with <a href="https://example.org/">links</a>\n  &amp; <em>emphasis</em>. Prose with <a href="https://example.org/">links</a>\n  &amp; more.</p>\nafter: 1\n`;
    expect(YAML.parse(text).text).toContain("links</a> &amp; <em>");
    expect(compare(text)).toBe("fast");
    expect(compare(`a: one\n  &amp; two\nb: c & d\n`)).toBe("fast");
  });

  it("gives the full parser's value for every random file it reads (seeded)", () => {
    // mulberry32: 32-bit integer steps (a float LCG loses precision and repeats within a few hundred files).
    const random = seeded(20261125);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const tricky = ["yes", "no", "on", "0o17", "0x1F", "1e3", ".5", "5.", "+.inf", ".NaN", "null", "~", "", "19:30", "2025-01-01", "@x", "`x", "%x", "&x", "!x", "|", "> x", "- x", "a: b", "a #b", "#x", " lead", "trail ", "a\nb", "a\n\nb\n", "é ü", "😀", "\u2028x", "x\u0085y", "'q'", '"dq"', "a\\b", "{x}", "[x]", "? x", "x:", "--- x", "...", "<<", "1_000", "+1", "-0", "01", "TRUE", "x\ty", "x\r\ny"];
    const text = () => (random() < 0.5 ? pick(tricky) : Array.from({ length: Math.floor(random() * 20) }, () => pick([..."ab :#-'\"\n\t\\{}[],&!|>%@`?é"])).join(""));
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.35) return pick([text, () => pick([0, -0, 1, -7, 1.5, 1e21, 1e-7, 2 ** 60]), () => random() < 0.5, () => null])();
      if (r < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, (_, i) => [random() < 0.6 ? `key${i}` : text(), value(depth + 1)]));
    };
    const write = (v: unknown): string =>
      random() < 0.6
        ? YAML.stringify(v, {
            indent: pick([2, 4]),
            lineWidth: pick([0, 20, 80]),
            defaultStringType: pick(["PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE", "BLOCK_LITERAL", "BLOCK_FOLDED"] as const),
            collectionStyle: pick(["any", "block", "flow"] as const),
          })
        : jsYaml.dump(v, { flowLevel: pick([-1, 0, 1]), lineWidth: pick([-1, 20, 80]), forceQuotes: random() < 0.2, quotingType: pick(["'", '"'] as const), indent: pick([2, 4]) });
    const damage = (t: string): string => {
      for (let n = Math.floor(random() * 3); n > 0; n--) {
        const at = Math.floor(random() * t.length);
        const r = random();
        if (r < 0.4) t = t.slice(0, at) + pick([..." \n:-#'\"[]{},\t|>&!%?"]) + t.slice(at);
        else if (r < 0.7) t = t.slice(0, at) + t.slice(at + 1);
        else {
          const lines = t.split("\n");
          const l = Math.floor(random() * lines.length);
          lines[l] = pick(["  ", "", "- "]) + lines[l];
          t = lines.join("\n");
        }
      }
      return t;
    };
    const outcomes = new Map<string, number>();
    let placed = 0;
    const differences: string[] = [];
    for (let i = 0; i < 3000; i++) {
      let t: string;
      try {
        t = write({ id: i, ...(value(0) as object) });
      } catch {
        continue;
      }
      if (random() < 0.4) t = damage(t);
      if (t.trim() === "") continue;
      const outcome = compare(t);
      if (outcome === "fast" && yamlLocatorFast(t)) placed++;
      if (outcome !== "fast" && outcome !== "full") differences.push(`${JSON.stringify(t)}: ${outcome}`);
      outcomes.set(outcome === "fast" || outcome === "full" ? outcome : "different", (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(differences).toEqual([]);
    // Both paths were taken many times, so the comparison covered each (and placed key paths in most of the first).
    expect(outcomes.get("fast")).toBeGreaterThan(1000);
    expect(placed).toBeGreaterThan(800);
    expect(outcomes.get("full")).toBeGreaterThan(300);
  });
});
