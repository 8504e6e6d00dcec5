// YAML files in the admin (browser-safe): the file's own layout read from its text, values written
// in it, the structural edit through the `yaml` package's Document (when an edit cannot be made
// in place, keep-layout-yaml-splice.ts), and a new file's layout.
//
// The Document's edit keeps every value, comment, blank line between entries, quoting style, flow
// or block style and key order, but writes the whole file again, so it normalises what the
// Document does not record: the indentation of nested entries (to the step read from the file),
// the spaces before a comment on a line (to one), the padding inside flow brackets (to the file's
// first flow collection's), escapes in double-quoted text (written as the characters), and long
// strings folded over several lines (folded at 80 characters when the file had any so folded,
// else each on one line), the indentation of a list under a key, and anchors and aliases (each
// alias written out as the value it stands for).
import { Document, isAlias, isCollection, isMap, isPair, isScalar, isSeq, stringify, visit, type Node, type Pair, type ToStringOptions } from "yaml";
import type { Change } from "./keep-layout-diff.js";
import { YAML_OPTIONS } from "./keep-layout-parse.js";

/** The first line of a YAML event page `build-catalogue new event --yaml` writes (src/scaffold/source-text.ts): the schema for the YAML language server. */
export const YAML_SCHEMA_COMMENT = "# yaml-language-server: $schema=";

export interface YamlLayout {
  indent: number;
  indentSeq: boolean;
  /** 0: long strings on one line. */
  lineWidth: number;
  flowCollectionPadding: boolean;
  eol: string;
}

/** Column of an offset in the text. */
export const columnOf = (text: string, offset: number) => offset - (text.lastIndexOf("\n", offset - 1) + 1);

/** The file's layout, read from its first nested map and list; yaml's defaults where the file has none. */
export function yamlLayout(text: string, doc: Document.Parsed): YamlLayout {
  const layout: YamlLayout = { indent: 2, indentSeq: true, lineWidth: 0, flowCollectionPadding: true, eol: text.includes("\r\n") ? "\r\n" : "\n" };
  let indentSeen = false;
  let seqSeen = false;
  let flowSeen = false;
  visit(doc, {
    Pair(_key, pair) {
      const keyStart = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
      const value = pair.value;
      if (keyStart === undefined || !isCollection(value) || value.flow || value.items.length === 0) return;
      const first = value.items[0];
      const firstStart = isPair(first) ? (first.key as Node | null)?.range?.[0] : (first as Node | null)?.range?.[0];
      if (firstStart === undefined) return;
      if (isMap(value) && !indentSeen) {
        layout.indent = Math.max(1, columnOf(text, firstStart) - columnOf(text, keyStart));
        indentSeen = true;
      } else if (isSeq(value) && !seqSeen) {
        const dash = dashBefore(text, firstStart);
        if (dash !== null) layout.indentSeq = columnOf(text, dash) > columnOf(text, keyStart);
        seqSeen = true;
      }
    },
    Node(_key, node) {
      if (isCollection(node) && node.flow && node.items.length > 0 && !flowSeen && node.range) {
        layout.flowCollectionPadding = text[node.range[0] + 1] === " ";
        flowSeen = true;
      }
      if (isScalar(node) && node.range && !String(node.type).startsWith("BLOCK") && text.slice(node.range[0], node.range[1]).includes("\n")) layout.lineWidth = 80;
    },
  });
  return layout;
}

/** The offset of the `-` of a block list's item whose value starts at `start`, or null when the item does not start its line so. */
export function dashBefore(text: string, start: number): number | null {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const m = /^( *)- +$/.exec(text.slice(lineStart, start));
  return m ? lineStart + m[1]!.length : null;
}

const toStringOptions = (layout: YamlLayout): ToStringOptions => ({
  indent: layout.indent,
  indentSeq: layout.indentSeq,
  lineWidth: layout.lineWidth,
  flowCollectionPadding: layout.flowCollectionPadding,
});

/** A value as YAML lines in the file's layout (a Node, such as a Scalar of a chosen style, is written as it is), ending with the file's end of line. */
export function yamlLines(value: unknown, layout: YamlLayout): string {
  const text = stringify(value, { ...YAML_OPTIONS, ...toStringOptions(layout) });
  return layout.eol === "\n" ? text : text.replace(/\n/g, layout.eol);
}

/** A new YAML file: as `build-catalogue new event --yaml` writes one, its schema named on the first line when it has one. */
export function newYamlFile(value: unknown): string {
  const schema = value !== null && typeof value === "object" && typeof (value as Record<string, unknown>).$schema === "string" ? (value as Record<string, unknown>).$schema : null;
  return `${schema === null ? "" : `${YAML_SCHEMA_COMMENT}${String(schema)}\n`}${stringify(value, { lineWidth: 0 })}`;
}

/** Whether the document uses anchors or aliases: an edit in place could change a value at another place. */
export function hasAliases(doc: Document.Parsed): boolean {
  let found = false;
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node) || (node as { anchor?: string }).anchor) {
        found = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The file written again from its Document with the changes made (see the top of this file for what that normalises). */
export function editYamlDocument(doc: Document.Parsed, changes: readonly Change[], layout: YamlLayout): string {
  if (hasAliases(doc)) writeOutAliases(doc);
  for (const change of changes) {
    if (change.kind === "set") {
      if (change.path.length === 0) throw new Error("the file's value is written whole");
      const node = doc.getIn(change.path, true);
      if (isScalar(node) && !isCollectionValue(change.value)) node.value = change.value;
      else doc.setIn(change.path, doc.createNode(change.value));
    } else if (change.kind === "remove") {
      doc.deleteIn(change.path);
    } else if (change.kind === "addKey") {
      const map = change.path.length === 0 ? doc.contents : doc.getIn(change.path, true);
      if (!isMap(map)) throw new Error("not a map");
      map.items.splice(keyIndex(map.items, change.after, change.before), 0, doc.createPair(change.key, change.value) as Pair<unknown, unknown>);
    } else {
      const seq = change.path.length === 0 ? doc.contents : doc.getIn(change.path, true);
      if (!isSeq(seq)) throw new Error("not a list");
      seq.items.splice(change.index, 0, ...change.values.map((v) => doc.createNode(v)));
    }
  }
  const text = doc.toString(toStringOptions(layout));
  return layout.eol === "\n" ? text : text.replace(/\r?\n/g, layout.eol);
}

/** Each alias replaced by a copy of what it stands for, and the anchors dropped: a value changed at one place then changes there alone. */
function writeOutAliases(doc: Document.Parsed): void {
  visit(doc, {
    Alias(_key, alias) {
      const target = alias.resolve(doc);
      return target ? (target.clone() as Node) : undefined;
    },
  });
  visit(doc, {
    Node(_key, node) {
      if ((node as { anchor?: string }).anchor) (node as { anchor?: string }).anchor = undefined;
    },
  });
}

const isCollectionValue = (v: unknown) => v !== null && typeof v === "object";

const keyText = (pair: unknown) => (isPair(pair) && isScalar(pair.key) ? String(pair.key.value) : null);

function keyIndex(items: readonly unknown[], after: string | null, before: string | null): number {
  const keys = items.map(keyText);
  if (after !== null && keys.includes(after)) return keys.lastIndexOf(after) + 1;
  if (before !== null && keys.includes(before)) return keys.indexOf(before);
  return items.length;
}
