// The rich text editor's document: exactly what Wagtail's own editor (Draftail) stores, and
// nothing else, so the editor can only make text the content format allows. Blocks keep the key
// Draftail gave them (`data-block-key`); bold and italic remember the tag they were read from
// (`<b>` or `<strong>`), so text written outside Wagtail is written back as it was.
import { Schema, type DOMOutputSpec, type Node as ProseNode } from "prosemirror-model";
import { linkProblem, mediaProblem } from "./addresses.js";

/** An element as the parser hands it (typed without the DOM's names: the tests read this module in Node). */
type Read = { getAttribute(name: string): string | null } | string;

const keyOf = (dom: Read) => (typeof dom === "string" ? null : dom.getAttribute("data-block-key"));
const blockKey = { blockKey: { default: null as string | null } };

/** A picture placed in the text, as the editor shows it (the stored tag is written by stored-html.ts). */
const imageView = (node: ProseNode): DOMOutputSpec => [
  "figure",
  { class: `stored-embed stored-image ${String(node.attrs.format)}`, "data-image-id": String(node.attrs.id) },
  ["figcaption", `Image ${String(node.attrs.id)} (${String(node.attrs.format)})${node.attrs.alt ? `: ${String(node.attrs.alt)}` : ""}`],
];

export const storedSchema = new Schema({
  nodes: {
    doc: { content: "block+" },
    paragraph: {
      content: "inline*",
      group: "block",
      attrs: blockKey,
      parseDOM: [{ tag: "p", getAttrs: (dom) => ({ blockKey: keyOf(dom) }) }],
      toDOM: () => ["p", 0],
    },
    heading: {
      content: "inline*",
      group: "block",
      defining: true,
      attrs: { level: { default: 2 }, ...blockKey },
      parseDOM: [2, 3, 4].map((level) => ({ tag: `h${level}`, getAttrs: (dom: Read) => ({ level, blockKey: keyOf(dom) }) })),
      toDOM: (node) => [`h${String(node.attrs.level)}`, 0],
    },
    bullet_list: { content: "list_item+", group: "block", parseDOM: [{ tag: "ul" }], toDOM: () => ["ul", 0] },
    ordered_list: { content: "list_item+", group: "block", parseDOM: [{ tag: "ol" }], toDOM: () => ["ol", 0] },
    // Draftail's list item holds its text directly (`<li>text</li>`); the paragraph inside is the
    // editor's own (the list commands need one) and is not written.
    list_item: {
      content: "paragraph (bullet_list | ordered_list)*",
      defining: true,
      attrs: blockKey,
      parseDOM: [{ tag: "li", getAttrs: (dom) => ({ blockKey: keyOf(dom) }) }],
      toDOM: () => ["li", 0],
    },
    horizontal_rule: { group: "block", parseDOM: [{ tag: "hr" }], toDOM: () => ["hr"] },
    image: {
      group: "block",
      atom: true,
      draggable: true,
      attrs: { id: {}, format: {}, alt: { default: null as string | null } },
      parseDOM: [{
        tag: 'embed[embedtype="image"]',
        getAttrs: (dom) => (typeof dom === "string" ? false : { id: dom.getAttribute("id") ?? "", format: dom.getAttribute("format") ?? "", alt: dom.getAttribute("alt") }),
      }],
      toDOM: imageView,
    },
    media: {
      group: "block",
      atom: true,
      draggable: true,
      attrs: { url: {} },
      parseDOM: [{ tag: 'embed[embedtype="media"]', getAttrs: (dom) => (typeof dom === "string" || mediaProblem(dom.getAttribute("url") ?? "") !== null ? false : { url: dom.getAttribute("url") }) }],
      toDOM: (node) => ["div", { class: "stored-embed stored-media" }, `Media: ${String(node.attrs.url)}`],
    },
    text: { group: "inline" },
    hard_break: { inline: true, group: "inline", selectable: false, parseDOM: [{ tag: "br" }], toDOM: () => ["br"] },
  },
  // In the order Wagtail nests them: a link outside, then bold, then italic (draftjs_exporter
  // wraps a text's styles in their names' order inside its entity).
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
      excludes: "link stored_link",
      // A link to an address rich text may not hold (pasted `javascript:`) is not read: its words stay, unlinked.
      parseDOM: [{ tag: "a[href]", getAttrs: (dom) => (typeof dom === "string" || linkProblem(dom.getAttribute("href") ?? "") !== null ? false : { href: dom.getAttribute("href") }) }],
      toDOM: (mark) => ["a", { href: String(mark.attrs.href), title: String(mark.attrs.href) }, 0],
    },
    stored_link: {
      attrs: { id: {}, linktype: {} },
      inclusive: false,
      excludes: "link stored_link",
      parseDOM: [{ tag: "a[linktype]", getAttrs: (dom) => (typeof dom === "string" ? false : { id: dom.getAttribute("id") ?? "", linktype: dom.getAttribute("linktype") ?? "" }) }],
      toDOM: (mark) => ["a", { class: "stored-link", "data-linktype": String(mark.attrs.linktype), title: `${String(mark.attrs.linktype)} ${String(mark.attrs.id)}` }, 0],
    },
    bold: {
      attrs: { tag: { default: "b" } },
      parseDOM: [{ tag: "b", attrs: { tag: "b" } }, { tag: "strong", attrs: { tag: "strong" } }],
      toDOM: () => ["b", 0],
    },
    italic: {
      attrs: { tag: { default: "i" } },
      parseDOM: [{ tag: "i", attrs: { tag: "i" } }, { tag: "em", attrs: { tag: "em" } }],
      toDOM: () => ["i", 0],
    },
  },
});

/** The node types that carry a block key (the blocks Draftail keys: text blocks and list items; not an embed or a rule). */
export const KEYED = new Set(["paragraph", "heading", "list_item"]);
