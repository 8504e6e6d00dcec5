// Block keys as Draftail gives them: every text block and list item has one, unique in its text,
// and a block the editor makes (Enter, a new heading, a block split in two) gets a new one as
// Draft.js makes it (a random 24-bit number in base 32). Keys are only given after an edit, so a
// text opened and left alone is never rewritten.
import type { Node as ProseNode } from "prosemirror-model";
import { Plugin, type Transaction, type EditorState } from "prosemirror-state";
import { KEYED } from "./stored-schema.js";

/** A key Draft.js could have made, not one of `taken`. */
export function newBlockKey(taken: ReadonlySet<string>, random: () => number = () => crypto.getRandomValues(new Uint32Array(1))[0]! >>> 8): string {
  for (;;) {
    const key = random().toString(32);
    if (!taken.has(key)) return key;
  }
}

/** Whether `node` (a child of `parent`) is a block Wagtail writes with a key: not the paragraph inside a list item, which is written as the item's text. */
const isKeyed = (node: ProseNode, parent: ProseNode | null) => KEYED.has(node.type.name) && !(node.type.name === "paragraph" && parent?.type.name === "list_item");

/** The transaction that gives each keyed block without a key, or with a key an earlier block has, a new key; null when none needs one. */
export function keyBlocks(state: EditorState): Transaction | null {
  const taken = new Set<string>();
  state.doc.descendants((node) => {
    if (typeof node.attrs.blockKey === "string") taken.add(node.attrs.blockKey);
  });
  const seen = new Set<string>();
  const missing: Array<{ pos: number; node: ProseNode }> = [];
  state.doc.descendants((node, pos, parent) => {
    if (!isKeyed(node, parent)) return;
    const key = node.attrs.blockKey as string | null;
    if (key && !seen.has(key)) seen.add(key);
    else missing.push({ pos, node });
  });
  if (missing.length === 0) return null;
  const tr = state.tr;
  for (const { pos, node } of missing) {
    const key = newBlockKey(taken);
    taken.add(key);
    tr.setNodeMarkup(pos, undefined, { ...node.attrs, blockKey: key });
  }
  return tr;
}

/** Gives new blocks their keys after each edit (never on opening). */
export const blockKeys = (): Plugin =>
  new Plugin({
    appendTransaction: (transactions, _old, state) => (transactions.some((t) => t.docChanged) ? keyBlocks(state) : null),
  });
