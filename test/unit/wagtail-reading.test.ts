// Wagtail's reading of rich text, held to Python's own regular-expression engine: the three
// expressions of wagtail/rich_text/rewriters.py (Wagtail 5.2: `<a(\b[^>]*)>`, `<embed(\b[^>]*)/>`,
// `([\w-]+)\="([^"]*)"`, with Python's Unicode \w and \b), run by python3 over thousands of
// generated fragments, must find what wagtail-reading.ts's scans find, tag for tag and value
// for value. The scans are ours (the expressions take quadratic time on hostile text); this holds
// them to the reading a Wagtail site resolves the stored form with.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isStoredTag } from "../../src/validate/stored-references.js";
import { PYTHON, requireProgram } from "../helpers/programs.js";
import { wagtailReading, type WagtailTag } from "../../src/validate/wagtail-reading.js";
import { seeded } from "../helpers/random.js";

const PYTHON_BIN = requireProgram(PYTHON);

const READING = `
import json, re, sys
A_TAG = re.compile(r"<a(\\b[^>]*)>")
EMBED_TAG = re.compile(r"<embed(\\b[^>]*)/>")
ATTRS = re.compile(r'([\\w-]+)\\="([^"]*)"')
def decoded(v):
    return v.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
def tags(html):
    found = []
    for element, pattern in (("a", A_TAG), ("embed", EMBED_TAG)):
        for m in pattern.finditer(html):
            attributes = {}
            for name, value in ATTRS.findall(m.group(1)):
                attributes[name] = decoded(value)
            found.append((m.start(), element, attributes))
    found.sort(key=lambda t: t[0])
    return [{"element": e, "attributes": a} for _, e, a in found]
print(json.dumps([tags(h) for h in json.load(sys.stdin)]))
`;

/** What Python reads of each fragment (an error, saying why, when python3 cannot be run). */
function pythonReading(fragments: string[]): WagtailTag[][] {
  const run = spawnSync(PYTHON_BIN!, ["-c", READING], { input: JSON.stringify(fragments), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`python3 could not read the fragments: ${run.error?.message ?? run.stderr}`);
  return JSON.parse(run.stdout) as WagtailTag[][];
}

// What a fragment is made of: tags of the stored forms' parts, and what bends a reading (case,
// quotes, "=" and '"' where a name or value is looked for, Unicode letters beside names, entities).
const OPENERS = ["<a", "<a", "<embed", "<embed", "<A", "<EMBED", "<embedx", "<abbr", "<aé", "<a𝒜", "<a-"];
const SEPARATORS = [" ", " ", "\n", "\t", "", "  "];
const ATTRIBUTES = [
  'id="3"', 'id="3"', "id='3'", "id=3", 'id="x"', 'ID="3"', 'linktype="page"', 'linktype="page"', 'linktype="document"', "linktype='page'", 'LINKTYPE="page"',
  'href="/x"', 'embedtype="image"', 'embedtype="image"', 'embedtype="media"', 'format="left"', 'format="left"', 'alt="A &quot;b&quot; &amp; c"', 'alt="it&#x27;s"',
  'url="https://e.org/?a=1&amp;b=2"', 'title="a > b"', 'title="<a id=&quot;4&quot; linktype=&quot;page&quot;>"', '-id="4"', 'é-linktype="page"', "𝒜id=\"5\"",
  '="', '"', "=", "data-x=\"", 'alt="&amp;lt;"', "alt",
];
const CLOSERS = [">", ">", "/>", "/>", " />", "/ >", "", "x>"];
const TEXT = ["text", "<p>", "</p>", "</a>", "</embed>", ">", '"', "&lt;", "&quot;", "é", "𝒜", " "];

function fragments(count: number, seed: number): string[] {
  const next = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let html = "";
    for (let chunks = 1 + Math.floor(next() * 5); chunks > 0; chunks--) {
      if (next() < 0.3) {
        html += pick(TEXT);
        continue;
      }
      html += pick(OPENERS);
      for (let n = Math.floor(next() * 4); n > 0; n--) html += pick(SEPARATORS) + pick(ATTRIBUTES);
      html += pick(CLOSERS);
    }
    out.push(html);
  }
  return out;
}

describe.skipIf(!PYTHON_BIN)("Wagtail's reading of the stored form", () => {
  it("finds what Python's expressions find, over 6,000 generated fragments and the stored forms", () => {
    const given = [
      `<p data-block-key="k">See <a id="102" linktype="page">Ophelia</a></p><embed alt="A &quot;b&quot;" embedtype="image" format="left" id="10"/>`,
      `<embed embedtype="media" url="https://www.youtube.com/watch?v=x&amp;t=42"/><a id="4" linktype="document">PDF</a>`,
      `<a id="3" id="4" linktype="page">x</a><p title="<embed embedtype=&quot;image&quot;/>">y</p>`,
      ...fragments(6000, 2026),
    ];
    const python = pythonReading(given);
    let compared = 0;
    let stored = 0;
    given.forEach((html, i) => {
      expect(wagtailReading(html), JSON.stringify(html)).toEqual(python[i]);
      compared += python[i]!.length;
      stored += python[i]!.filter((t) => isStoredTag(t.element, t.attributes)).length;
    });
    // The corpus exercises the readings: many tags found, stored ones among them, not only empty answers.
    expect(compared).toBeGreaterThan(3000);
    expect(stored).toBeGreaterThan(1000);
  });
});
