// A JSON file edited in place (browser-safe): each change is one edit of the text at the place
// jsonc-parser's syntax tree gives, so every other byte stays as it is: key order, the file's
// indentation, end of line and final newline, and a one-line object or list (`{ "id": 1, "a": 2 }`)
// stays on its line. (jsonc-parser's own `modify` formats the lines around what it inserts or
// removes, which would rewrite such a neighbouring one-line object; so the edits are made here.)
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type Node } from "jsonc-parser";
import type { Change } from "./keep-layout-diff.js";

export interface JsonLayout {
  /** One level of indentation: the file's first indented line's, else two spaces. */
  unit: string;
  eol: string;
}

export function jsonLayout(text: string): JsonLayout {
  return { unit: /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ", eol: text.includes("\r\n") ? "\r\n" : "\n" };
}

/** The text with the changes made, in their order (keep-layout-diff.ts). Throws when a change's path is not in the text. */
export function editJson(text: string, changes: readonly Change[]): string {
  const layout = jsonLayout(text);
  let out = text;
  for (const change of changes) {
    if (change.kind === "addItems") {
      change.values.forEach((value, i) => {
        out = applyEdits(out, [insertion(out, nodeAt(out, change.path), change.index + i, null, value, layout)]);
      });
      continue;
    }
    const edit =
      change.kind === "set"
        ? replacement(out, nodeAt(out, change.path), change.value, layout)
        : change.kind === "remove"
          ? removal(nodeAt(out, change.path))
          : insertion(out, nodeAt(out, change.path), keyIndex(nodeAt(out, change.path), change.after, change.before), change.key, change.value, layout);
    out = applyEdits(out, [edit]);
  }
  return out;
}

function nodeAt(text: string, path: Array<string | number>): Node {
  const root = parseTree(text);
  const node = root && (path.length === 0 ? root : findNodeAtLocation(root, path));
  if (!node) throw new Error(`no value at ${path.join(".")}`);
  return node;
}

const end = (node: Node) => node.offset + node.length;
/** The object or list that holds a value (past its property). */
const holder = (node: Node) => (node.parent?.type === "property" ? node.parent.parent : node.parent);
const oneLine = (text: string, node: Node | undefined) => node !== undefined && !text.slice(node.offset, end(node)).includes("\n");
const indentAt = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", offset - 1) + 1))![0];

/** A value as the file writes one: on one line inside a one-line object or list, else indented from its line's indentation. */
function render(value: unknown, indent: string, compact: boolean, layout: JsonLayout): string {
  const text = JSON.stringify(value, null, layout.unit);
  return compact ? text.replace(/\n\s*/g, " ") : text.replace(/\n/g, layout.eol + indent);
}

function replacement(text: string, node: Node, value: unknown, layout: JsonLayout): Edit {
  return { offset: node.offset, length: node.length, content: render(value, indentAt(text, node.offset), oneLine(text, holder(node)), layout) };
}

/** A key or item removed with the comma that separated it: the line it stood on goes with it. */
function removal(node: Node): Edit {
  const target = node.parent?.type === "property" ? node.parent : node;
  const siblings = target.parent!.children!;
  const i = siblings.indexOf(target);
  if (i > 0) return { offset: end(siblings[i - 1]!), length: end(target) - end(siblings[i - 1]!), content: "" };
  if (siblings.length > 1) return { offset: target.offset, length: siblings[1]!.offset - target.offset, content: "" };
  return { offset: target.parent!.offset + 1, length: target.parent!.length - 2, content: "" };
}

/** Where a new key goes among the object's keys: after `after`, else before `before`, else last. */
function keyIndex(object: Node, after: string | null, before: string | null): number {
  const keys = (object.children ?? []).map((p) => p.children?.[0]?.value as string);
  if (after !== null && keys.includes(after)) return keys.lastIndexOf(after) + 1;
  if (before !== null && keys.includes(before)) return keys.indexOf(before);
  return keys.length;
}

/** A key (`key` a string) or an item (`key` null) inserted at `index` of an object or list, on a line of its own as its neighbours are. */
function insertion(text: string, container: Node, index: number, key: string | null, value: unknown, layout: JsonLayout): Edit {
  const siblings = container.children ?? [];
  const compact = oneLine(text, container);
  const prefix = key === null ? "" : `${JSON.stringify(key)}: `;
  if (siblings.length === 0) {
    const inner = indentAt(text, container.offset) + layout.unit;
    const entry = prefix + render(value, inner, compact, layout);
    const content = compact ? `${entry}` : `${layout.eol}${inner}${entry}${layout.eol}${indentAt(text, container.offset)}`;
    return { offset: container.offset + 1, length: container.length - 2, content };
  }
  const neighbour = siblings[Math.min(index, siblings.length - 1)]!;
  const indent = indentAt(text, neighbour.offset);
  const entry = prefix + render(value, indent, compact, layout);
  const separator = compact ? ", " : `,${layout.eol}${indent}`;
  if (index >= siblings.length) return { offset: end(neighbour), length: 0, content: separator + entry };
  if (index > 0) return { offset: end(siblings[index - 1]!), length: 0, content: separator + entry };
  return { offset: neighbour.offset, length: 0, content: entry + separator };
}
