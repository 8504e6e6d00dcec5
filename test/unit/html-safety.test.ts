// The rich text check: markup editors write passes; everything outside the allowlist (elements,
// attributes, URL schemes) is refused, each problem named with what to write instead, all of a
// fragment's problems in one run. Fed the OWASP XSS filter-evasion cheat sheet's vectors
// (test/fixtures/xss/owasp-filter-evasion.json, its source noted there) and the holes of the
// blocklist it replaced.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRichText, readRichText, richTextAsRead } from "../../src/validate/html-safety.js";
import { ALLOWED_ELEMENTS, ELEMENT_ATTRIBUTES, GLOBAL_ATTRIBUTES } from "../../src/validate/rich-text-allowlist.js";
import { FIXTURES } from "../helpers/cli.js";

interface Vector {
  name: string;
  html: string;
}
interface Harmless extends Vector {
  why: string;
}
const owasp = JSON.parse(readFileSync(path.join(FIXTURES, "xss/owasp-filter-evasion.json"), "utf8")) as {
  source: string;
  refused: Vector[];
  eventHandlers: string[];
  harmless: Harmless[];
};

const messages = (html: string) => checkRichText(html).map((p) => p.message);

describe("rich text as editors write it", () => {
  it("passes every allowed element with each of its attributes", () => {
    for (const element of ALLOWED_ELEMENTS) {
      const attributes = [...GLOBAL_ATTRIBUTES, ...(ELEMENT_ATTRIBUTES[element] ?? [])];
      const html = `<${element} ${attributes.map((a) => `${a}="${a === "href" ? "https://example.org/" : "x"}"`).join(" ")}>text</${element}>`;
      expect(messages(html), html).toEqual([]);
    }
  });

  it("passes links to http(s), mailto, tel and relative addresses, in any case and with references", () => {
    const links = [
      "https://www.example.org/whats-on/?a=1&amp;b=2#cast", "http://example.org", "HTTPS://EXAMPLE.ORG/", "mailto:box-office@example.org",
      "tel:+61-2-9250-7777", "/whats-on/hamlet/", "../tickets/", "tickets.html", "#cast", "?page=2", "//cdn.example.org/programme.pdf",
      "&#104;ttps://example.org/", "", "javascript", "./javascript:x",
      // A browser ignores the control characters and spaces before a scheme, not DEL: a relative address.
      "&#1;&#x7f;javascript:x",
    ];
    for (const href of links) expect(messages(`<p><a href="${href}" target="_blank" rel="noopener">link</a></p>`), href).toEqual([]);
  });

  it("passes the rich text of a Wagtail editor's output, and text that only looks like markup", () => {
    const wagtail =
      `<h2 data-block-key="a1b2c">Cast</h2><p data-block-key="d3e4f">Beethoven’s <b>Ode</b> to <i>Joy</i> &amp; more:<br/>sung live</p>` +
      `<ul><li data-block-key="g5h6i"><a href="https://example.org/tickets" target="_blank" rel="noopener noreferrer">Tickets</a></li></ul>` +
      `<hr/><blockquote>A quote</blockquote><p>H<sub>2</sub>O, E = mc<sup>2</sup>, <code>x &lt; y</code>, <s>sold out</s></p>`;
    expect(messages(wagtail)).toEqual([]);
    expect(messages("a < b, c > d, javascript: in text, &lt;script&gt; written as text, on stage")).toEqual([]);
  });
});

describe("what the blocklist let through", () => {
  // Each is refused, and the problem names the element, or the attribute and scheme.
  it.each([
    [`<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`, "has the element <iframe>, which rich text does not allow: use an \"embed\" block"],
    [`<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>`, "has the element <object>, which rich text does not allow: use an \"embed\" block"],
    [`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, `has a data: URL in href="data:text/html;base64,PHNjcmlwdD5hbGVydC" on <a>, which rich text does not allow: a link may be http(s), mailto:, tel: or relative`],
    [`<base href="https://evil.example">`, "has the element <base>, which rich text does not allow: remove it"],
    [`<style>p { display: none }</style>`, "has the element <style>, which rich text does not allow: remove it; the front end's stylesheet"],
    [`<form action="https://evil.example"><p>Your card number</p></form>`, `has the element <form>, which rich text does not allow: link to the form instead: <a href="https://...">`],
  ])("%s", (html, message) => {
    const found = messages(html);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
});

describe("URLs however they are written", () => {
  it.each([
    [`<a href="jav&#x61;script:alert(1)">x</a>`, `has a script URL in href="javascript:alert(1)" on <a>`],
    [`<a href="&#x6A&#x61vascript:x">x</a>`, `has a script URL in href="javascript:x" on <a>`],
    [`<a href="javascript&colon;x">x</a>`, `has a script URL in href="javascript:x" on <a>`],
    [`<a href="java&Tab;script:x">x</a>`, `has a script URL in href="java\\tscript:x" on <a>`],
    [`<a href="java\nscript:x">x</a>`, `has a script URL in href="java\\nscript:x" on <a>`],
    [`<a href=" &#10;vbscript:x">x</a>`, `has a script URL in href=" \\nvbscript:x" on <a>`],
    [`<a href="\u0001javascript:x">x</a>`, `has a script URL in href="\\u0001javascript:x" on <a>`],
    [`<A HREF="JaVaScRiPt:x">x</A>`, `has a script URL in href="JaVaScRiPt:x" on <a>`],
    [`<a href=javascript:x>x</a>`, `has a script URL in href="javascript:x" on <a>`],
    [`<a href="ftp://example.org/file">x</a>`, `has a ftp: URL in href="ftp://example.org/file" on <a>`],
    [`<a href="sms:+61">x</a>`, `has a sms: URL in href="sms:+61" on <a>`],
  ])("%s", (html, message) => {
    expect(messages(html)).toEqual([`${message}, which rich text does not allow: a link may be http(s), mailto:, tel: or relative; replace it`]);
  });
});

describe("every problem of a fragment, in one run", () => {
  it("names each element and attribute once, with how often it occurs, in the order they occur", () => {
    const html =
      `<div class="lead"><p onclick="go()" style="color:red">One</p><span>a</span><span>b</span></div>` +
      `<p><a href="javascript:x()" id="t">x</a><a href="https://example.org" onmouseover="y()">y</a></p><h1>Title</h1><table><tr><td>1</td></tr></table>`;
    expect(messages(html)).toEqual([
      "has the element <div>, which rich text does not allow: write the text in <p> (or <h2>-<h6>, a list, <blockquote>); the front end lays rich text out",
      `has an event-handler attribute onclick="..." on <p>; rich text cannot run script: remove the attribute`,
      `has the attribute style="..." on <p>, which rich text does not allow: remove it; the front end's stylesheet gives rich text its look`,
      "has the element <span> (2 times), which rich text does not allow: write the text in <p> (or <h2>-<h6>, a list, <blockquote>); the front end lays rich text out",
      `has a script URL in href="javascript:x()" on <a>, which rich text does not allow: a link may be http(s), mailto:, tel: or relative; replace it`,
      `has the attribute id="..." on <a>, which rich text does not allow: remove it (<a> may have href, target, rel, lang, dir, title, data-block-key); a link to a page of the site by its id is written without href, <a id="3" linktype="page">`,
      `has an event-handler attribute onmouseover="..." on <a>; rich text cannot run script: remove the attribute`,
      "has the element <h1>, which rich text does not allow: use <h2> (the page's title is its <h1>), or <h3>-<h6> below it",
      `has the element <table>, which rich text does not allow: rich text has no tables: use a list (<ul>, <ol>), or a "credits" block for roles and names`,
      `has the element <tr>, which rich text does not allow: rich text has no tables: use a list (<ul>, <ol>), or a "credits" block for roles and names`,
      `has the element <td>, which rich text does not allow: rich text has no tables: use a list (<ul>, <ol>), or a "credits" block for roles and names`,
    ]);
  });

  it("refuses comments and declarations, which parsers have ended at different places", () => {
    expect(messages(`<p>a</p><!-- --!> <a href="x" onclick="y"> -->`)[0]).toMatch(/^has a comment or declaration "<!-- --!> <a", which rich text does not allow/);
    expect(messages(`<!doctype html><?php x ?>`)).toEqual([
      `has a comment or declaration "<!doctype ht" and 1 more, which rich text does not allow (a browser and a checker may end it at different places): remove it, or write "<" as &lt;`,
    ]);
  });

  it("refuses a fragment that ends inside a tag, which the markup after it on a page would finish, and reads the tag as finished", () => {
    expect(messages(`<p>Tickets</p><a href="javascript:alert(1)"`)).toEqual([
      `has a script URL in href="javascript:alert(1)" on <a>, which rich text does not allow: a link may be http(s), mailto:, tel: or relative; replace it`,
      `ends inside an unfinished tag or element "<a href=\\"javascript:alert(1)\\"", which markup after the text on a page would finish: end it (a tag with >, an element with its end tag), or write "<" as &lt;`,
    ]);
    for (const html of [`<p`, `<a href="https://example.org`, `<a title='x`, `</p`, `<script>x`]) expect(messages(html).at(-1), html).toMatch(/^ends inside an unfinished tag/);
    for (const html of [`<p>open paragraph`, `text ending with >`, `a <`, `x &amp`, `<p>a</p>\n`]) expect(messages(html), html).toEqual([]);
  });

  it("shows a name's control characters escaped, not as they are", () => {
    expect(messages("<a\0 onclick=x>y</a>")).toEqual([
      "has the element <a\\u0000>, which rich text does not allow: remove the element and keep its text (see the content reference for the elements rich text may use)",
    ]);
  });

  it("does not report again what is inside an element dropped whole", () => {
    expect(messages(`<script><a onclick="x"></script><textarea><b onclick="y"></textarea>`)).toEqual([
      "has the element <script>, which rich text does not allow: remove it; rich text cannot run script (it would run in every client that shows the page)",
      `has the element <textarea>, which rich text does not allow: link to the form instead: <a href="https://...">`,
    ]);
  });
});

describe("the OWASP XSS filter-evasion cheat sheet", () => {
  it("names its source", () => {
    expect(owasp.source).toContain("XSS Filter Evasion Cheat Sheet");
    expect(owasp.refused.length).toBeGreaterThan(80);
  });

  it("refuses every vector that is markup", () => {
    for (const { name, html } of owasp.refused) expect(checkRichText(html).length, `${name}: ${html}`).toBeGreaterThan(0);
  });

  it("refuses each event handler of its list, on an element rich text allows", () => {
    expect(owasp.eventHandlers.length).toBeGreaterThan(90);
    for (const handler of owasp.eventHandlers) {
      expect(messages(`<a href="/tickets/" ${handler}="alert(1)">x</a>`)).toEqual([
        `has an event-handler attribute ${handler.toLowerCase()}="..." on <a>; rich text cannot run script: remove the attribute`,
      ]);
    }
  });

  // The rest is harmless as rich text, shown by what the check reads of it (sanitize-html's
  // reading, written back): no tag at all, or a link to an http(s) or relative address (or one
  // that a browser cannot read as an address, and follows nowhere).
  it.each(owasp.harmless.map((v) => [v.name, v] as const))("passes, harmless: %s", (_, { html, why }) => {
    expect(messages(html)).toEqual([]);
    const read = richTextAsRead(html);
    if (why.startsWith("text")) {
      expect(read).not.toContain("<");
    } else {
      const link = /^<a href="([^"]*)">[^<]*<\/a>$/.exec(read);
      expect(link, read).not.toBeNull();
      const href = link![1]!.replaceAll("&amp;", "&");
      const base = "https://www.example.org/whats-on/";
      if (URL.canParse(href, base)) expect(["http:", "https:"]).toContain(new URL(href, base).protocol);
    }
  });
});

it("decides about a megabyte of unfinished or repeated markup in seconds, not hours", () => {
  const started = performance.now();
  const long = [`<a${" ".repeat(200_000)}`, `<a title="${"x ".repeat(100_000)}`, `<p${' a="x"'.repeat(30_000)} `, "<p>".repeat(60_000)];
  long.push(`${"text ".repeat(40_000)}<x`, `${"<p>x".repeat(40_000)}<x`, `<a href="h${"x".repeat(200_000)}`, `<p${" a".repeat(50_000)}=`);
  for (const html of long) checkRichText(html);
  expect(performance.now() - started).toBeLessThan(5_000);
});
