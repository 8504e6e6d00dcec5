// Wagtail's stored form in rich text (what Wagtail 5.2's Draftail converter writes and its API
// answers): links to pages and documents by id and image and media embeds pass, naming what they
// refer to; every other shape of those tags is refused with what to write instead, as strictly as
// the rest of rich text; and a tag that Wagtail's own rewriter would read differently from a
// browser is refused too. Wagtail's reading itself is held to Python's own regular expressions in
// wagtail-reading.test.ts.
import { describe, expect, it } from "vitest";
import { readRichText } from "../../src/validate/html-safety.js";

const read = (html: string) => readRichText(html);
const messages = (html: string) => read(html).problems.map((p) => p.message);

describe("the stored forms pass, and name what they refer to", () => {
  it("reads Draftail's output: page and document links, image embeds in each default format, a media embed", () => {
    const html =
      `<h2 data-block-key="k1">Cast</h2><p data-block-key="k2">With <a id="102" linktype="page">Ophelia</a>, the <a id="3" linktype="page">season</a> and the ` +
      `<a id="4" linktype="document">programme (PDF)</a>.</p>` +
      `<embed alt="Hamlet holds a skull" embedtype="image" format="fullwidth" id="10"/><p data-block-key="k3">x</p>` +
      `<embed alt="left" embedtype="image" format="left" id="11"/><embed alt="right" embedtype="image" format="right" id="12"/>` +
      `<embed embedtype="media" url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42"/><hr/><p data-block-key="k4">It&#x27;s <b>bold</b></p>`;
    expect(read(html)).toEqual({
      problems: [],
      references: [
        { kind: "page", id: 102 },
        { kind: "page", id: 3 },
        { kind: "document", id: 4 },
        { kind: "image", id: 10, format: "fullwidth" },
        { kind: "image", id: 11, format: "left" },
        { kind: "image", id: 12, format: "right" },
        { kind: "media", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42" },
      ],
    });
  });

  it("takes the alt text as Wagtail escapes it, the attributes in any order, an embed without alt, an embed in a paragraph", () => {
    for (const html of [
      `<embed alt="A &quot;skull&quot; &amp; a crown: Hamlet&#x27;s &lt;props&gt;" embedtype="image" format="left" id="10"/>`,
      `<embed id="10" format="left" embedtype="image" alt=""/>`,
      `<embed embedtype="image" format="left" id="10"/>`,
      `<p><embed embedtype="image" format="left" id="10" /></p>`,
      `<embed\n  embedtype="image"\n  format="left"\n  id="10"/>`,
    ]) {
      expect(read(html), html).toEqual({ problems: [], references: [{ kind: "image", id: 10, format: "left" }] });
    }
    expect(read(`<a linktype="page" id="7">x</a>`).references).toEqual([{ kind: "page", id: 7 }]);
  });

  it("leaves the image format to the catalogue: any name passes here", () => {
    expect(read(`<embed embedtype="image" format="half-width" id="10"/>`).references).toEqual([{ kind: "image", id: 10, format: "half-width" }]);
  });
});

describe("every other shape of them is refused, with what to write", () => {
  it.each([
    // A link either leads to an address or names a page by id.
    [`<a href="https://example.org/" id="3" linktype="page">x</a>`, "has both href and linktype on <a>; a link leads to an address (href) or to a page or document of the site by its id"],
    [`<a href="javascript:alert(1)" linktype="page" id="3">x</a>`, "has both href and linktype on <a>"],
    [`<a id="3" linktype="page" target="_blank">x</a>`, `has the attribute target="..." on a link by id (<a id="3" linktype="page">), which has only id and linktype, as Wagtail stores it: remove it`],
    [`<a id="3" linktype="page" data-block-key="x">x</a>`, `has the attribute data-block-key="..." on a link by id`],
    [`<a id="3">x</a>`, `has id="3" on <a> without linktype; an id names a page or a document of the site only with linktype`],
    [`<a linktype="page">x</a>`, `has linktype="page" on <a> without an id: write the page's id`],
    [`<a linktype="external" id="3">x</a>`, `has linktype="external" on <a>, which rich text does not allow: a link by id is to a "page" or a "document" of the site`],
    [`<a linktype="email" id="3">x</a>`, `has linktype="email" on <a>, which rich text does not allow`],
    // Ids are positive whole numbers in digits.
    [`<a id="abc" linktype="page">x</a>`, `has id="abc" on a link by id (<a id="3" linktype="page">), which must be the page's id, a positive whole number such as id="3"`],
    [`<a id="0" linktype="page">x</a>`, `has id="0" on a link by id`],
    [`<a id="-3" linktype="document">x</a>`, `has id="-3" on a link by id (<a id="3" linktype="page">), which must be the document's id`],
    [`<a id="1.5" linktype="page">x</a>`, `has id="1.5" on a link by id`],
    [`<a id=" 3" linktype="page">x</a>`, `has id=" 3" on a link by id`],
    [`<a id="99999999999999999999" linktype="page">x</a>`, `has id="99999999999999999999" on a link by id`],
    [`<embed embedtype="image" format="left" id="x10"/>`, `has id="x10" on an image embed, which must be an image's id of images.json, a positive whole number such as id="10"`],
    // Embeds: only Wagtail's two, with their own attributes.
    [`<embed embedtype="image" format="left" id="10" onerror="alert(1)"/>`, `has an event-handler attribute onerror="..." on <embed>; rich text cannot run script: remove the attribute`],
    [`<embed embedtype="media" url="https://example.org/v" onload="alert(1)"/>`, `has an event-handler attribute onload="..." on <embed>`],
    [`<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>`, `has an <embed> without embedtype, which rich text does not allow (it has src): an <embed> is Wagtail's, an image of images.json`],
    [`<embed embedtype="image" format="left" id="10" src="https://evil.example/x.swf"/>`, `has the attribute src="..." on an image embed, which has only alt, embedtype, format and id, as Wagtail stores it: remove it`],
    [`<embed embedtype="image" format="left" id="10" style="width:1px"/>`, `has the attribute style="..." on an image embed`],
    [`<embed embedtype="image" format="left" id="10" url="https://example.org/"/>`, `has the attribute url="..." on an image embed`],
    [`<embed embedtype="media" url="https://example.org/" alt="x"/>`, `has the attribute alt="..." on a media embed, which has only embedtype and url, as Wagtail stores it: remove it`],
    [`<embed embedtype="document" id="4"/>`, `has embedtype="document" on <embed>, which rich text does not allow (it has id)`],
    [`<embed embedtype="image" id="10"/>`, `has an image embed without format: write one of the site's image formats, such as format="fullwidth"`],
    [`<embed embedtype="image" format="left"/>`, `has an image embed without id: write the image's id of images.json, such as id="10"`],
    [`<embed embedtype="media"/>`, `has a media embed without url: write the media's address`],
    // A media embed's url is an absolute http(s) address, however it is written.
    [`<embed embedtype="media" url="javascript:alert(1)"/>`, `has a script URL in url="javascript:alert(1)" on a media embed, which rich text does not allow: a media embed's url is the absolute http(s) address`],
    [`<embed embedtype="media" url="JaVaScRiPt:alert(1)"/>`, `has a script URL in url="JaVaScRiPt:alert(1)" on a media embed`],
    [`<embed embedtype="media" url="jav&#x61;script:alert(1)"/>`, `has a script URL in url="javascript:alert(1)" on a media embed`],
    [`<embed embedtype="media" url=" javascript:alert(1)"/>`, `in url=" javascript:alert(1)" on a media embed`],
    [`<embed embedtype="media" url="data:text/html,x"/>`, `has a data: URL in url="data:text/html,x" on a media embed`],
    [`<embed embedtype="media" url="//evil.example/v"/>`, `has an address that is not absolute in url="//evil.example/v" on a media embed`],
    [`<embed embedtype="media" url="https://example.org/a b"/>`, `in url="https://example.org/a b" on a media embed`],
  ])("%s", (html, message) => {
    const found = messages(html);
    expect(found.length, html).toBeGreaterThan(0);
    expect(found.some((m) => m.includes(message)), `${html}\n${found.join("\n")}`).toBe(true);
  });

  it("refuses content inside an <embed>, and an <embed> not closed as Wagtail closes it", () => {
    expect(messages(`<embed embedtype="image" format="left" id="10"/>A caption</embed>`)).toEqual([
      `has an end tag </embed>; an <embed> holds nothing (Wagtail stores it as one tag, <embed alt="..." embedtype="image" format="fullwidth" id="10"/>): remove the end tag, and write any text around it in <p>`,
    ]);
    expect(messages(`<embed embedtype="image" format="left" id="10">A caption</embed>`)).toHaveLength(2);
    expect(messages(`<embed embedtype="image" format="left" id="10">`)).toEqual([
      `has <embed embedtype="image" format="left" id="10"> (a link by id or an embed), which Wagtail reads as no such tag: write links by id and embeds exactly as Wagtail stores them, the tag and its attribute names in lowercase, each attribute once with its value in double quotes, an <embed> closed with "/>" (<a id="3" linktype="page">, <embed alt="..." embedtype="image" format="fullwidth" id="10"/>)`,
    ]);
  });

  it.each([
    [`<A ID="3" LINKTYPE="page">x</A>`, `has <a id="3" linktype="page"> (a link by id or an embed), which Wagtail reads as no such tag`],
    [`<a id='3' linktype='page'>x</a>`, `has <a id="3" linktype="page"> (a link by id or an embed), which Wagtail reads as no such tag`],
    [`<a id=3 linktype=page>x</a>`, `which Wagtail reads as no such tag`],
    [`<EMBED embedtype="image" format="left" id="10"/>`, `has <embed embedtype="image" format="left" id="10"> (a link by id or an embed), which Wagtail reads as no such tag`],
    [`<embed embedtype="image" FORMAT="left" id="10"/>`, `which Wagtail reads as <embed embedtype="image" FORMAT="left" id="10"/>`],
    // A browser keeps the first of two values, Wagtail the last.
    [`<a id="3" id="4" linktype="page">x</a>`, `has <a id="3" linktype="page"> (a link by id or an embed), which Wagtail reads as <a id="4" linktype="page">`],
    // A character reference Wagtail does not decode, in what names the target.
    [`<a id="&#51;" linktype="page">x</a>`, `has <a id="3" linktype="page"> (a link by id or an embed), which Wagtail reads as <a id="&#51;" linktype="page">`],
    [`<embed embedtype="image" format="l&#101;ft" id="10"/>`, `which Wagtail reads as <embed embedtype="image" format="l&#101;ft" id="10"/>`],
    // A tag Wagtail finds where a browser finds none.
    [`<p title="<embed embedtype=&quot;image&quot;/>">x</p>`, `has <embed/> where a browser reads no such tag (in a value, or in an element dropped whole)`],
    [`<p title='<a id="3" linktype="page">'>x</p>`, `has <a id="3" linktype="page"> where a browser reads no such tag`],
    [`<p title="a > b" data-block-key='<a linktype="page" id="9">'>x</p>`, `has <a linktype="page" id="9"> where a browser reads no such tag`],
  ])("refuses a tag Wagtail reads differently from a browser: %s", (html, message) => {
    const found = messages(html);
    expect(found.some((m) => m.includes(message)), `${html}\n${found.join("\n")}`).toBe(true);
  });

  it("refuses an <a> with id and href as before, and says how a link by id is written", () => {
    expect(messages(`<a href="https://example.org/" id="t">x</a>`)).toEqual([
      `has the attribute id="..." on <a>, which rich text does not allow: remove it (<a> may have href, target, rel, lang, dir, title, data-block-key); a link to a page of the site by its id is written without href, <a id="3" linktype="page">`,
    ]);
  });

  it("does not look inside an element dropped whole, whose content is the element's problem", () => {
    expect(messages(`<script><embed embedtype="image" format="left" id="10"/></script>`)[0]).toMatch(/^has the element <script>/);
  });
});

it("reads a megabyte of hostile stored tags in seconds (Wagtail's expressions would take hours)", () => {
  const started = performance.now();
  const long = [
    "<a ".repeat(300_000),
    `${"<embed ".repeat(150_000)}>`,
    `<a ${"x".repeat(1_000_000)}>`,
    `<a ${'x="'.repeat(300_000)}>`,
    `<a linktype="page" ${"-".repeat(1_000_000)}="1">x</a>`,
    `<a id="3" linktype="page">${"<a id=\"3\" linktype=\"page\">x</a>".repeat(30_000)}</a>`,
    `${'<embed embedtype="image" format="left" id="10"/>'.repeat(20_000)}`,
  ];
  for (const html of long) readRichText(html);
  expect(performance.now() - started).toBeLessThan(10_000);
});
