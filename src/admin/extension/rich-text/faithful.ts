// Reading stored rich text into the editor, and whether the editor holds all of it. The editor
// makes only what Wagtail's editor makes; a text with more (a `<u>`, a `title`, a `<blockquote>`)
// would lose it if the editor rewrote it, so such a text is edited as HTML instead. "Holds all of
// it" compares what a reader gets: the blocks with their attributes, and each piece of text with
// the set of elements around it; it does not compare spelling (`'` and `&#x27;`, the attributes'
// order, `<b><i>` and `<i><b>`), which Wagtail's form decides once the text is edited.
import { DOMParser as ProseParser, type Node as ProseNode } from "prosemirror-model";
import { storedSchema } from "./stored-schema.js";
import { storedHtml } from "./stored-html.js";

const fragment = (html: string): HTMLElement => new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html").body;

/** The editor's document for stored rich text. */
export function parseStored(html: string): ProseNode {
  return ProseParser.fromSchema(storedSchema).parse(fragment(html), { preserveWhitespace: true });
}

/** Elements that sit inside a line of text (the rest are blocks). */
const INLINE = new Set(["a", "b", "strong", "i", "em", "u", "s", "del", "ins", "sub", "sup", "small", "mark", "code", "kbd", "abbr", "cite", "q", "span", "font"]);

const describe = (el: Element) => [el.localName, ...[...el.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort()].join(" ");

/** What a reader gets of a fragment: its blocks, and its text each piece with the set of elements around it. */
export function readingOf(html: string): string[] {
  const out: string[] = [];
  let lastText = "";
  const walk = (node: Node, around: string[]) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = (child as Text).data;
        // Spaces between blocks are not read.
        if (around.length === 0 && /^\s*$/.test(text) && ["BODY", "UL", "OL"].includes(node.nodeName)) continue;
        const at = `text ${[...around].sort().join(" | ")}:`;
        if (lastText === at) out[out.length - 1] += text;
        else out.push(at + text);
        lastText = at;
        continue;
      }
      const el = child as Element;
      // Text in the same elements reads on across them (<b>a</b><b>b</b> is <b>ab</b>).
      if (child.nodeType === Node.ELEMENT_NODE && INLINE.has(el.localName)) {
        walk(el, [...around, describe(el)]);
        continue;
      }
      lastText = "";
      if (child.nodeType !== Node.ELEMENT_NODE) out.push(`other ${child.nodeName}`);
      else if (el.localName === "br") out.push(`br ${[...around].sort().join(" | ")}`);
      else {
        out.push(`<${describe(el)}>`);
        walk(el, []);
        out.push(`</${el.localName}>`);
        lastText = "";
      }
    }
  };
  walk(fragment(html), []);
  return out;
}

/** The editor's document for `html`, or null when the editor would lose something of it (then it is edited as HTML). */
export function editableDoc(html: string): ProseNode | null {
  const doc = parseStored(html);
  const written = storedHtml(doc);
  return JSON.stringify(readingOf(written)) === JSON.stringify(readingOf(html)) ? doc : null;
}
