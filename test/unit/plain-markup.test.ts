// The rich text check's quick pass (src/validate/plain-markup.ts) answers "plainly allowed" for
// the markup editors write, and must never say so of a text in which sanitize-html, read in full,
// finds a problem, nor name other references than the full read: held to that over generated
// markup (allowed and refused elements, attributes, links written every way, Wagtail's stored
// tags and their bent forms, quoting, whitespace, comments), the OWASP vectors, and an editor's text.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRichText, readAsParsed, readRichText } from "../../src/validate/html-safety.js";
import { isPlainlyAllowed } from "../../src/validate/plain-markup.js";
import { FIXTURES } from "../helpers/cli.js";
import { seeded } from "../helpers/random.js";

const ELEMENTS = ["p", "a", "h2", "br", "ul", "li", "em", "strong", "b", "div", "span", "script", "style", "img", "P", "A", "svg", "textarea", "h1", "bx"];
const ATTRIBUTES = ["title", "lang", "dir", "href", "target", "rel", "data-block-key", "HREF", "onclick", "class", "style", "src", "data-x", "id", "titlex"];
const VALUES = [
  "x", "", "https://example.org/?a=1&amp;b=2", "http://example.org", "mailto:box@example.org", "tel:+61-2", "/whats-on/", "//cdn.example.org",
  "#cast", "?page=2", "../up", ".", "javascript:alert(1)", "JavaScript:x", " javascript:x", "\tjavascript:x", "java\nscript:x",
  "&#106;avascript:x", "&#x6A;avascript:x", "javascript&colon;x", "data:text/html,x", "vbscript:x", "https://x&quot;y", "a>b",
  "https://example.org/\u0000", "ftp://example.org", "https:x", "tickets.html", "x:y", "&amp;", "&amp", "\u00a0https://x",
];
const SPACES = [" ", " ", "\n", "\t", "", "\u00a0", "\f", "  "];
const QUOTES = ['"', '"', '"', "'", ""];
const ENDS = [">", ">", ">", "/>", " >", " />", "", "\u00a0>"];
/** Wagtail's stored tags as its editor writes them, and as they may be bent (order, quotes, spaces, values, case). */
const STORED = [
  `<a id="3" linktype="page">`, `<a linktype="document" id="44">`, `<a id="3"\nlinktype="page">`, `<a id="3" linktype="page" >`,
  `<embed alt="A &quot;b&quot; &amp; c&#x27;s" embedtype="image" format="left" id="10"/>`, `<embed embedtype="image" format="full-width_2" id="10" />`,
  `<embed alt="" embedtype="image" format="right" id="999999999999999"/>`, `<embed embedtype="media" url="https://vimeo.com/1"/>`,
  `<a id="03" linktype="page">`, `<a id="3" linktype="external">`, `<a id="3" linktype="page" href="/x">`, `<a id='3' linktype='page'>`,
  `<a ID="3" linktype="page">`, `<a id="3" id="4" linktype="page">`, `<a id="9999999999999999" linktype="page">`, `<a id="3">`, `<a linktype="page">`,
  `<embed embedtype="image" format="left" id="10">`, `<embed embedtype="image" format="left" id="10"/ />`, `<embed alt="a>b" embedtype="image" format="left" id="10"/>`,
  `<embed alt="a<b" embedtype="image" format="left" id="10"/>`, `<embed embedtype="image" id="10" format="left"/>`, `<embed embedtype="image" format="" id="10"/>`,
  `<embed embedtype="image" format="le ft" id="10"/>`, `<embed embedtype="image" format="left" id="10" onerror="x"/>`, `<EMBED embedtype="image" format="left" id="10"/>`,
  `<embed embedtype="image" format="l&#101;ft" id="10"/>`, `<embed src="x" embedtype="image" format="left" id="10"/>`, `</embed>`,
];
const TEXTS = ["Hello", " on stage ", "a < b", "&amp; more", "x > y", "javascript: in text", "&lt;script&gt;", "\u00a0", "\n", "<", "</", "<!-- c -->", "<?x?>", "<![CDATA[x]]>", "--!>"];

/** A fragment of tags and text; `tame` keeps it mostly to what editors write, so both answers occur. */
function fragment(rnd: () => number, tame: boolean): string {
  const pick = <T,>(list: readonly T[], first = list.length) => list[Math.floor(rnd() * (tame ? Math.min(first, list.length) : list.length))]!;
  let html = "";
  const parts = 1 + Math.floor(rnd() * 8);
  for (let i = 0; i < parts; i++) {
    if (rnd() < 0.3) {
      html += pick(TEXTS, 7);
      continue;
    }
    if (rnd() < 0.15) {
      html += pick(STORED, 8);
      continue;
    }
    const name = pick(ELEMENTS, 8);
    if (rnd() < 0.35) {
      html += `</${name}${rnd() < 0.1 ? pick(SPACES) : ""}>`;
      continue;
    }
    html += `<${name}`;
    const count = Math.floor(rnd() * 3);
    for (let k = 0; k < count; k++) {
      const quote = pick(QUOTES, 3);
      html += `${pick(SPACES, 4)}${pick(ATTRIBUTES, 7)}=${quote}${pick(VALUES, 12)}${quote}`;
    }
    html += pick(ENDS, 6);
  }
  return html;
}

describe("the quick pass", () => {
  it("never passes a text in which sanitize-html finds a problem, over 30,000 generated fragments", () => {
    const rnd = seeded(40);
    const seen = { plain: 0, unsureClean: 0, refused: 0, plainNaming: 0 };
    for (let i = 0; i < 30_000; i++) {
      const html = fragment(rnd, i % 2 === 0);
      const parsed = readAsParsed(html);
      const problems = parsed.problems;
      if (isPlainlyAllowed(html)) {
        seen.plain++;
        expect(problems, JSON.stringify(html)).toEqual([]);
        // What its links by id and embeds name, as the full read finds it.
        expect(readRichText(html).references, JSON.stringify(html)).toEqual(parsed.references);
        if (parsed.references.length > 0) seen.plainNaming++;
      } else {
        seen[problems.length ? "refused" : "unsureClean"]++;
      }
      expect(checkRichText(html)).toEqual(problems);
    }
    // The generator gives each answer often enough to put the pass to the test.
    expect(seen.plain).toBeGreaterThan(3_000);
    expect(seen.refused).toBeGreaterThan(3_000);
    expect(seen.unsureClean).toBeGreaterThan(1_000);
    expect(seen.plainNaming).toBeGreaterThan(1_000);
  });

  it("passes none of the OWASP cheat sheet's refused vectors", () => {
    const owasp = JSON.parse(readFileSync(path.join(FIXTURES, "xss/owasp-filter-evasion.json"), "utf8")) as { refused: { html: string }[] };
    for (const { html } of owasp.refused) expect(isPlainlyAllowed(html), html).toBe(false);
  });

  it("passes what editors write, links with &amp; too, so that the full read is the exception", () => {
    const editor =
      `<h3>Hamlet: part 1</h3><p data-block-key="a1b2c">The <em>new company</em> &amp; the ensemble: ` +
      `<a href="https://www.example.org/1/2?ref=x&amp;lang=en" target="_blank" rel="noopener">read the programme</a>.</p>` +
      `<ul><li><strong>Cast</strong> a &lt; b</li></ul><p>Call <a href="tel:+61-2-9250-7777">us</a> or <a href="/tickets/">book</a>.<br/></p>`;
    expect(isPlainlyAllowed(editor)).toBe(true);
    expect(isPlainlyAllowed("plain text, no markup at all")).toBe(true);
    // Written otherwise, the same may be allowed, but only the full read says so.
    for (const unsure of [`<P>x</P>`, `<a href='https://x'>x</a>`, `<a href="&#104;ttps://x">x</a>`, `<p title=x>`, `a < b`]) {
      expect(isPlainlyAllowed(unsure), unsure).toBe(false);
      expect(checkRichText(unsure), unsure).toEqual([]);
    }
  });

  it("reads text of any length, past as many tags as one run of its expression holds", () => {
    const many = "<p>x</p>".repeat(200_000);
    expect(isPlainlyAllowed(many)).toBe(true);
    expect(isPlainlyAllowed(`${many}<div>`)).toBe(false);
    expect(isPlainlyAllowed(`${many}a < b`)).toBe(false);
    expect(isPlainlyAllowed(`${many}<a href="javascript:x">`)).toBe(false);
  });
});
