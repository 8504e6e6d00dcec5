// The editor's document written as Wagtail stores rich text, byte for byte as Wagtail 5.2 writes
// it (its exporter, draftjs_exporter's string engine): blocks one after another with no space
// between, attributes in alphabetical order, text and values escaped as Python's html.escape does
// (`&#x27;` for an apostrophe), `<hr/>`, `<br/>` and `<embed .../>` closed with a slash, each run
// of text with its own styles wrapped on its own (bold outside italic), a link around the runs it
// covers. Pure: the tests run it without a browser.
import { Mark, type Node as ProseNode } from "prosemirror-model";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text or an attribute's value escaped as Wagtail escapes it. */
export const escapeStored = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** `<name a="1" b="2">` (or `<name .../>` when `empty`), the attributes in alphabetical order, those null left out. */
function tag(name: string, attrs: Record<string, string | null>, empty = false): string {
  const written = Object.keys(attrs)
    .filter((key) => attrs[key] !== null)
    .sort()
    .map((key) => ` ${key}="${escapeStored(attrs[key]!)}"`)
    .join("");
  return `<${name}${written}${empty ? "/" : ""}>`;
}

const keyed = (node: ProseNode) => ({ "data-block-key": (node.attrs.blockKey as string | null) ?? null });

/** The tags a mark opens and closes. */
function markTags(mark: Mark): [string, string] {
  switch (mark.type.name) {
    case "link":
      return [tag("a", { href: String(mark.attrs.href) }), "</a>"];
    case "stored_link":
      return [tag("a", { id: String(mark.attrs.id), linktype: String(mark.attrs.linktype) }), "</a>"];
    default: {
      const name = String(mark.attrs.tag);
      return [`<${name}>`, `</${name}>`];
    }
  }
}

const isLink = (mark: Mark) => mark.type.name === "link" || mark.type.name === "stored_link";

/** A run of inline nodes with the same marks. */
const runText = (nodes: ProseNode[]) => nodes.map((n) => (n.isText ? escapeStored(n.text ?? "") : n.type.name === "hard_break" ? "<br/>" : "")).join("");

/** A text block's content: runs of the same styles, each wrapped alone; a link around the runs it covers. */
export function inlineHtml(block: ProseNode): string {
  const runs: ProseNode[][] = [];
  block.forEach((child) => {
    const last = runs[runs.length - 1];
    if (last && Mark.sameSet(last[0]!.marks, child.marks)) last.push(child);
    else runs.push([child]);
  });
  let html = "";
  let openLink: Mark | null = null;
  for (const run of runs) {
    const marks = run[0]!.marks;
    const link = marks.find(isLink) ?? null;
    if (openLink && !(link && link.eq(openLink))) {
      html += "</a>";
      openLink = null;
    }
    if (link && !openLink) {
      html += markTags(link)[0];
      openLink = link;
    }
    const styles = marks.filter((m) => !isLink(m));
    html += styles.map((m) => markTags(m)[0]).join("") + runText(run) + styles.map((m) => markTags(m)[1]).reverse().join("");
  }
  if (openLink) html += "</a>";
  return html;
}

function listHtml(list: ProseNode): string {
  const name = list.type.name === "ordered_list" ? "ol" : "ul";
  let html = `<${name}>`;
  list.forEach((item) => {
    let inner = "";
    item.forEach((child) => {
      inner += child.type.name === "paragraph" ? inlineHtml(child) : listHtml(child);
    });
    html += `${tag("li", keyed(item))}${inner}</li>`;
  });
  return `${html}</${name}>`;
}

function blockHtml(block: ProseNode): string {
  switch (block.type.name) {
    case "paragraph":
      return `${tag("p", keyed(block))}${inlineHtml(block)}</p>`;
    case "heading":
      return `${tag(`h${String(block.attrs.level)}`, keyed(block))}${inlineHtml(block)}</h${String(block.attrs.level)}>`;
    case "bullet_list":
    case "ordered_list":
      return listHtml(block);
    case "horizontal_rule":
      return "<hr/>";
    case "image":
      return tag("embed", { alt: block.attrs.alt as string | null, embedtype: "image", format: String(block.attrs.format), id: String(block.attrs.id) }, true);
    case "media":
      return tag("embed", { embedtype: "media", url: String(block.attrs.url) }, true);
    default:
      throw new Error(`The rich text editor has no stored form for a ${block.type.name}`);
  }
}

/** The document as Wagtail stores it; a document of one empty paragraph is empty text (as Wagtail saves an empty editor). */
export function storedHtml(doc: ProseNode): string {
  const only = doc.childCount === 1 ? doc.firstChild! : null;
  if (only && only.type.name === "paragraph" && only.content.size === 0) return "";
  let html = "";
  doc.forEach((block) => {
    html += blockHtml(block);
  });
  return html;
}
