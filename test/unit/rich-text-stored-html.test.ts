// The rich text editor's writer: a document written as Wagtail 5.2 stores rich text (its
// exporter's spelling: attributes in order, Python's html.escape, void tags closed with "/>",
// each run of styles wrapped on its own, bold outside italic, a link around the runs it covers),
// and the block keys new blocks are given.
import { EditorState } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { keyBlocks, newBlockKey } from "../../src/admin/extension/rich-text/block-keys.js";
import { escapeStored, storedHtml } from "../../src/admin/extension/rich-text/stored-html.js";
import { storedSchema as s } from "../../src/admin/extension/rich-text/stored-schema.js";

const { nodes, marks } = s;
const text = (t: string, ...m: ReturnType<typeof marks.bold.create>[]) => s.text(t, m);
const p = (key: string | null, ...content: ReturnType<typeof s.text>[]) => nodes.paragraph!.create({ blockKey: key }, content);
const doc = (...blocks: ReturnType<typeof p>[]) => nodes.doc!.create(null, blocks);
const b = marks.bold!.create();
const i = marks.italic!.create();

describe("the rich text editor writes Wagtail's stored form", () => {
  it("escapes text and values as Python's html.escape does", () => {
    expect(escapeStored(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; &#x27;f&#x27;");
    expect(storedHtml(doc(p("k1", text(`Tom's "café" & <more>`))))).toBe(`<p data-block-key="k1">Tom&#x27;s &quot;café&quot; &amp; &lt;more&gt;</p>`);
  });

  it("wraps each run of styles on its own, bold outside italic, and a link around the runs it covers", () => {
    const link = marks.link!.create({ href: "https://example.org/?a=1&b=2" });
    const page = marks.stored_link!.create({ id: "102", linktype: "page" });
    const written = storedHtml(doc(p("x", text("A "), text("bold", b), text("both", i, b), text(" and "), text("here", link), text(" and ", link, b), text("Ophelia", page))));
    expect(written).toBe(`<p data-block-key="x">A <b>bold</b><b><i>both</i></b> and <a href="https://example.org/?a=1&amp;b=2">here<b> and </b></a><a id="102" linktype="page">Ophelia</a></p>`);
  });

  it("keeps the tag bold and italic were read from (<strong>, <em>), and writes Wagtail's <b> and <i> for new ones", () => {
    const strong = marks.bold!.create({ tag: "strong" });
    const em = marks.italic!.create({ tag: "em" });
    expect(storedHtml(doc(p(null, text("old", strong), text(" "), text("new", b), text(" "), text("em", em), text("i", i))))).toBe("<p><strong>old</strong> <b>new</b> <em>em</em><i>i</i></p>");
  });

  it("writes headings, lists (nested in their item), rules, line breaks and embeds as Wagtail does, with no space between blocks", () => {
    const li = (key: string, t: string, ...nested: ReturnType<typeof p>[]) => nodes.list_item!.create({ blockKey: key }, [p(null, text(t)), ...nested]);
    const written = storedHtml(doc(
      nodes.heading!.create({ level: 3, blockKey: "h" }, [text("Cast")]),
      nodes.bullet_list!.create(null, [li("a", "One", nodes.ordered_list!.create(null, [li("b", "Two")])), li("c", "Three")]),
      nodes.horizontal_rule!.create(),
      nodes.paragraph!.create({ blockKey: "d" }, [text("line", b), nodes.hard_break!.create(null, null, [b]), text("next", b)]),
      nodes.image!.create({ id: "10", format: "left", alt: `Ophelia's "flowers"` }),
      nodes.image!.create({ id: "11", format: "fullwidth", alt: null }),
      nodes.media!.create({ url: "https://www.youtube.com/watch?v=x&t=42" }),
    ));
    expect(written).toBe(
      `<h3 data-block-key="h">Cast</h3><ul><li data-block-key="a">One<ol><li data-block-key="b">Two</li></ol></li><li data-block-key="c">Three</li></ul><hr/>` +
        `<p data-block-key="d"><b>line<br/>next</b></p><embed alt="Ophelia&#x27;s &quot;flowers&quot;" embedtype="image" format="left" id="10"/><embed embedtype="image" format="fullwidth" id="11"/>` +
        `<embed embedtype="media" url="https://www.youtube.com/watch?v=x&amp;t=42"/>`,
    );
  });

  it("writes an editor left empty as empty text, as Wagtail saves an empty editor", () => {
    expect(storedHtml(nodes.doc!.createAndFill()!)).toBe("");
    expect(storedHtml(doc(p("k", text("x"))))).not.toBe("");
  });
});

describe("block keys", () => {
  it("are made as Draft.js makes them: a 24-bit random number in base 32, not one already taken", () => {
    const values = [0x12345, 0x12345, 0xffffff];
    const key = newBlockKey(new Set([(0x12345).toString(32)]), () => values.shift()!);
    expect(key).toBe((0xffffff).toString(32));
    for (let n = 0; n < 200; n++) expect(newBlockKey(new Set())).toMatch(/^[0-9a-v]{1,5}$/);
  });

  it("are given after an edit to each keyed block with none or with a key an earlier block has, and to nothing else", () => {
    const start = doc(p("keep", text("a")), p("keep", text("b")), p(null, text("c")));
    const state = EditorState.create({ doc: start });
    const tr = keyBlocks(state)!;
    const keys: unknown[] = [];
    tr.doc.forEach((n) => keys.push(n.attrs.blockKey));
    expect(keys[0]).toBe("keep");
    expect(keys[1]).toMatch(/^[0-9a-v]{1,5}$/);
    expect(keys[2]).toMatch(/^[0-9a-v]{1,5}$/);
    expect(new Set(keys).size).toBe(3);
    // A list item's own paragraph is written as the item's text, without a key of its own.
    const list = doc(nodes.bullet_list!.create(null, [nodes.list_item!.create({ blockKey: "li" }, [p(null, text("x"))])]) as never);
    expect(keyBlocks(EditorState.create({ doc: list }))).toBeNull();
    expect(keyBlocks(EditorState.create({ doc: doc(p("a", text("x"))) }))).toBeNull();
  });
});
