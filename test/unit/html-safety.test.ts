// The check of rich text for script reads markup without decoding character references (so that
// its parser skips text at speed) and decodes attribute values itself. It must find the same
// elements and the same values as htmlparser2 reading with references decoded: held to that on
// hand-picked fragments and on random ones made of the pieces that could tell the two apart.
// Plain markup is vouched for by a regular expression without the parser: it must give the
// parser's answer on every fragment, and be taken for the markup editors write.
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { eachElement, findScriptByParsing, findScriptInHtml, plainlyWithoutScript } from "../../src/validate/html-safety.js";

type Element = [name: string, attributes: Record<string, string>];

function readDecoding(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser(
    { onopentag: (name, attributes) => found.push([name, { ...attributes }]) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

function read(html: string): Element[] {
  const found: Element[] = [];
  eachElement(html, (name, attributes) => found.push([name, { ...attributes }]));
  return found;
}

const FRAGMENTS = [
  `<p>Plain <a href="https://example.org/?a=1&amp;b=2">link</a> &amp; text &copy 2026</p>`,
  `<a href="jav&#x61;script:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href="&#x6A&#x61vascript:x">no semicolons</a>`,
  `<a href="javascript&colon;alert(1)">named colon</a>`,
  `<a href="java&Tab;script:x">tab</a><a href="java&NewLine;script:x">newline</a>`,
  `<a href='&amp'>legacy at the end</a><a href=&amp>unquoted</a><a href="&ampx">legacy then letter</a>`,
  `<a href="&amp=">legacy then equals</a><a title="&notit; &notin; &#0; &#xD800; &#" href=x>odd references</a>`,
  `<img src=x ONERROR="alert(1)"><IMG SRC="JaVaScRiPt:x">`,
  `<a/onclick="x">slash</a><a href="x"onmouseover="y">no space</a>`,
  `<title>&lt;a href="javascript:x"&gt;</title><textarea><a href="javascript:y"></textarea>`,
  `<!-- <a href="javascript:x"> --><![CDATA[<a href="javascript:y">]]>`,
  `<svg><a xlink:href="javascript:x"><animate attributeName="href" values="javascript:y"/></a></svg>`,
  `<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`,
  `<scr<script>ipt>x</script><noscript><p title="</noscript><img src=x onerror=y>"></p></noscript>`,
  `text with javascript: and &lt;script&gt; that is not markup`,
  `<a href="unterminated &amp; value`,
  `<a href="x" href="javascript:second">duplicate attribute</a>`,
];

const PIECES = [
  "<a", "<A", "<img", "<script", "<title>", "</title>", "<textarea>", "</textarea>", "<svg>", "<!--", "-->",
  "<![CDATA[", "]]>", "</", "<", ">", "/>", "/", " ", "\t", "\n", "=", '"', "'", " href=", " HREF=", " onclick=",
  " srcdoc=", " title=", "javascript:", "java", "script", ":", "x", "&", "&amp", "&amp;", "&#106;", "&#x6A",
  "&#x6a;", "&colon;", "&Tab;", "&NewLine;", "&#0;", "&#", "&#x", "&lt", "&quot;", "&notit;", "&copy", "&ampx",
  "&amp=", "é", "😀",
];

/** mulberry32: a small PRNG whose sequence depends only on the seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the rich text's reading for script", () => {
  it("finds the elements and decoded attribute values a decoding parser finds, on hand-picked fragments", () => {
    for (const html of FRAGMENTS) expect(read(html), html).toEqual(readDecoding(html));
  });

  it("and on 20,000 random fragments of the pieces that could tell the two apart", () => {
    const rnd = random(9);
    let elements = 0;
    let decoded = 0;
    for (let n = 0; n < 20_000; n++) {
      let html = "";
      for (let k = 1 + Math.floor(rnd() * 30); k > 0; k--) html += PIECES[Math.floor(rnd() * PIECES.length)];
      const expected = readDecoding(html);
      expect(read(html), JSON.stringify(html)).toEqual(expected);
      elements += expected.length;
      decoded += expected.filter(([, attributes]) => Object.values(attributes).some((v) => /[&:]/.test(v))).length;
    }
    // The fragments did reach what matters: elements, and values with references or schemes.
    expect(elements).toBeGreaterThan(10_000);
    expect(decoded).toBeGreaterThan(500);
  });

  it("reports script URLs hidden behind character references, and not safe links or text", () => {
    const urls = (html: string) => findScriptInHtml(html).map((p) => p.message.replace(/ on <.*/, ""));
    expect(urls(`<a href="jav&#x61;script:alert(1)">x</a>`)).toEqual([`has a script URL in href="javascript:alert(1)"`]);
    expect(urls(`<a href="&#x6A&#x61vascript:x">x</a>`)).toEqual([`has a script URL in href="javascript:x"`]);
    expect(urls(`<a href="javascript&colon;x">x</a>`)).toEqual([`has a script URL in href="javascript:x"`]);
    expect(urls(`<a href="java&Tab;script:x">x</a>`)).toEqual([`has a script URL in href="java\\tscript:x"`]);
    expect(urls(`<a href=" &#10;vbscript:x">x</a>`)).toEqual([`has a script URL in href=" \\nvbscript:x"`]);
    expect(urls(`<a href="https://example.org/?a=1&amp;b=javascript:x">x</a> javascript:y &lt;script&gt;`)).toEqual([]);
    expect(urls(`<a href="javascript">x</a><a href="./javascript:x">y</a>`)).toEqual([]);
  });

  it("vouches for plain markup without the parser only where the parser finds nothing, on 20,000 editor-like fragments", () => {
    const rnd = random(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const TEXT = ["Some words ", "a &gt; b &amp; c ", "x > y ", "café ", "on stage ", "javascript: in text ", "&", "\n"];
    const NAMES = ["p", "a", "em", "strong", "li", "ul", "h2", "br", "img", "span", "P", "svg", "script", "title", "textarea", "noscript", "iframe", "xmp"];
    // The first nine are common (plain, though some values start with what a script URL could: j, v, &).
    const ATTRIBUTES = [
      ` href="https://example.org/?a=1&amp;b=2"`, ` href='/relative'`, ` title="x onclick=y"`, ` data-block-key="a1b2c"`,
      ` class="lead"`, ` disabled`, ` href = "mailto:a@example.org"`, ` title="jazz &amp; javascript"`, ` href="&#47;v"`, ` href="javascript:x"`, ` href="VBScript:x"`, ` href="jav&#x61;script:x"`,
      ` href=" java\tscript:x"`, ` href="java&Tab;script:x"`, ` href="&#x6A&#x61vascript:x"`, ` src='vbscript:x'`, ` onclick="x"`,
      ` onClick="x"`, ` srcdoc="y"`, ` href=unquoted`, `\u00a0href="javascript:x"`, ` href="x"title="y"`, ` href="x" href="javascript:y"`,
      ` href="javascript:y" href="x"`, ` xlink:href="javascript:x"`, ` title="a>b"`, ` title="<script>"`,
    ];
    const tag = () => {
      const name = pick(NAMES);
      if (rnd() < 0.3) return `</${name}>`;
      let attributes = "";
      for (let k = Math.floor(rnd() * 3); k > 0; k--) attributes += rnd() < 0.85 ? pick(ATTRIBUTES.slice(0, 9)) : pick(ATTRIBUTES);
      return `<${name}${attributes}${pick(["", "", "/", " /", "  "])}>`;
    };
    let plain = 0;
    let plainWithAttributes = 0;
    for (let n = 0; n < 20_000; n++) {
      let html = "";
      for (let k = 1 + Math.floor(rnd() * 12); k > 0; k--) {
        const r = rnd();
        html += r < 0.5 ? pick(TEXT) : r < 0.97 ? tag() : pick(["<!-- c -->", "<", "<!doctype html>", "</p", "<a href=\"x"]);
      }
      expect(findScriptInHtml(html), JSON.stringify(html)).toEqual(findScriptByParsing(html));
      if (plainlyWithoutScript(html)) {
        plain++;
        if (/<[a-z]+ /.test(html)) plainWithAttributes++;
      }
    }
    // Both ways were taken: the fragments vouched for without the parser, some with attributes, and the rest.
    expect(plain).toBeGreaterThan(1_000);
    expect(plainWithAttributes).toBeGreaterThan(300);
    expect(plain).toBeLessThan(19_000);
  });

  it("vouches for rich text as editors write it, and not for markup a parser reads specially", () => {
    const text = `<p>Beethoven’s <em>Ode to Joy</em> &amp; more:</p><ul><li>One</li></ul><p><a href="https://example.org/?a=1&amp;b=2">Tickets</a><br/></p><h3 data-block-key="x1">Cast</h3>`;
    expect(plainlyWithoutScript(text)).toBe(true);
    for (const odd of [`<svg><a href="x">y</a></svg>`, `<title>x</title>`, `<!-- x -->`, `<P>x</P>`, `<a href=x>y</a>`, `a < b`])
      expect(plainlyWithoutScript(odd), odd).toBe(false);
  });

  it("backtracks on no input: about a megabyte of unfinished or repeated markup is decided in seconds, not hours", () => {
    const started = performance.now();
    const long = [`<a${" ".repeat(200_000)}`, `<a title="${"x ".repeat(100_000)}`, `<p${' a="x"'.repeat(30_000)} `, "<p>".repeat(60_000)];
    long.push(`${"text ".repeat(40_000)}<x`, `${"<p>x".repeat(40_000)}<x`, `<a href="h${"x".repeat(200_000)}`, `<p${" a".repeat(50_000)}=`);
    for (const html of long)
      findScriptInHtml(html);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
