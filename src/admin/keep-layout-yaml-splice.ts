// A YAML file edited in place (browser-safe): each change becomes a splice of the text at the
// places the parsed Document gives its nodes, so every other byte stays as it is. A scalar keeps
// its quoting style (plain, single or double quotes, a block); an entry of a block map or list is
// removed as its lines, and a new one is written in the file's layout as lines beside its
// neighbours. Changes inside flow collections (`{ id: 1 }`, `[1, 2]`), in documents with anchors
// or aliases, or anywhere the lines do not stand apart (`- id: 1` losing its first key) are not
// made here: the caller edits the Document instead (keep-layout-yaml.ts).
import { Scalar, isMap, isPair, isScalar, isSeq, type Document, type Node, type YAMLMap, type YAMLSeq } from "yaml";
import type { Change, Path } from "./keep-layout-diff.js";
import { columnOf, dashBefore, hasAliases, yamlLines, type YamlLayout } from "./keep-layout-yaml.js";

interface Splice {
  start: number;
  end: number;
  text: string;
}

/** Where a path leads in the Document: the node, and the map pair or list that holds it. */
interface Place {
  node: Node;
  pair: { key: Node } | null;
  parent: YAMLMap | YAMLSeq | null;
}

const NOT_IN_PLACE = null;

/** The text with the changes made in place, or null when one of them cannot be. */
export function spliceYaml(text: string, doc: Document.Parsed, changes: readonly Change[], layout: YamlLayout): string | null {
  if (hasAliases(doc)) return NOT_IN_PLACE;
  const editor = new Splicer(text, doc, layout);
  for (const change of changes) if (!editor.take(change)) return NOT_IN_PLACE;
  return editor.result();
}

class Splicer {
  private readonly splices: Splice[] = [];
  /** Where each added key went, by its map's path and its key: a key added after it goes there too. */
  private readonly addedAt = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly doc: Document.Parsed,
    private readonly layout: YamlLayout,
  ) {}

  take(change: Change): boolean {
    if (change.kind === "set") return this.set(change.path, change.value);
    if (change.kind === "remove") return this.remove(change.path);
    if (change.kind === "addKey") return this.addKey(change.path, change.key, change.value, change.after, change.before);
    return this.addItems(change.path, change.index, change.values);
  }

  /** The text with every splice made, from the last place to the first (a removal before an insertion at the same place). */
  result(): string {
    const order = this.splices.map((s, i) => ({ ...s, i }));
    order.sort((a, b) => b.start - a.start || b.end - a.end || b.i - a.i);
    let out = this.text;
    for (const s of order) out = out.slice(0, s.start) + s.text + out.slice(s.end);
    return out;
  }

  private set(path: Path, value: unknown): boolean {
    const place = this.locate(path);
    if (!place?.parent) return false;
    const { node } = place;
    const block = isScalar(node) && (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED");
    // Text on several lines: double quotes hold it on one line (as "\n"); other styles become a block.
    const multiline = typeof value === "string" && value.includes("\n") && !(isScalar(node) && node.type === "QUOTE_DOUBLE");
    if (isScalar(node) && (value === null || typeof value !== "object") && !block && !(multiline && !place.parent.flow)) {
      return this.setScalar(node, value, place.parent.flow === true);
    }
    if (place.parent.flow) return false;
    const written = block || multiline ? blockScalar(value, block ? node.type : "BLOCK_LITERAL") : value;
    return place.pair ? this.replacePairValue(place.pair.key, node, written) : this.replaceItem(node, written);
  }

  /** A scalar's text replaced in its style; when the style cannot hold the value on one line, in double quotes (JSON's, which YAML reads). */
  private setScalar(node: Scalar, value: unknown, inFlow: boolean): boolean {
    const [start, end] = node.range!;
    let written = JSON.stringify(value);
    if (typeof value === "string" && node.type !== "QUOTE_DOUBLE") {
      const styled = new Scalar(value);
      styled.type = node.type === "QUOTE_SINGLE" ? "QUOTE_SINGLE" : "PLAIN";
      const line = yamlLines(styled, { ...this.layout, lineWidth: 0, eol: "\n" }).replace(/\n$/, "");
      const fits = !line.includes("\n") && !/^[|>]/.test(line) && !(inFlow && /[,[\]{}]/.test(line));
      if (fits) written = line;
    }
    // An empty value (`key:`) gets the space its new value needs after the colon.
    const pad = start === end && !/\s/.test(this.text[start - 1] ?? " ") ? " " : "";
    this.splices.push({ start, end, text: pad + written });
    return true;
  }

  /** A map's value written whole after its key (`key: 1`, or `key:` and its lines). */
  private replacePairValue(key: Node, node: Node, value: unknown): boolean {
    const keyEnd = key.range![1];
    let lines = yamlLines({ k: value }, this.layout).slice(1);
    // A comment after a one-line value stays on the key's line.
    const comment = this.trailingComment(node);
    if (comment) lines = lines.replace(/\r?\n/, (eol) => comment + eol);
    this.splices.push({ start: keyEnd, end: this.lineEnd(node.range![2]), text: this.indented(lines, columnOf(this.text, key.range![0]), false) });
    return true;
  }

  /** The comment after a value on its line (` # note`), when the value is on one line. */
  private trailingComment(node: Node): string | null {
    const [start, valueEnd] = node.range!;
    if (isScalar(node) && String(node.type).startsWith("BLOCK")) return null;
    if (this.text.slice(start, valueEnd).includes("\n")) return null;
    return /^([ \t]+#[^\r\n]*)/.exec(this.text.slice(valueEnd, this.lineEnd(valueEnd)))?.[1] ?? null;
  }

  /** A list's item written whole on its own lines. */
  private replaceItem(node: Node, value: unknown): boolean {
    const dash = dashBefore(this.text, node.range![0]);
    if (dash === null) return false;
    const lineStart = dash - columnOf(this.text, dash);
    this.splices.push({ start: lineStart, end: this.lineEnd(node.range![2]), text: this.items([value], dash, node.range![0] - dash) });
    return true;
  }

  /** List items as lines at the list's column, each item's content as far from its `-` as the list's first item's is (`-   id: 1`). */
  private items(values: unknown[], dash: number, gap: number): string {
    const shift = " ".repeat(Math.max(0, gap - 2));
    const lines = values.map((v) => yamlLines([v], this.layout).replace(/^- /, `-${" ".repeat(Math.max(1, gap - 1))}`).replace(/\n(?=[^\r\n])/g, `\n${shift}`));
    return this.indented(lines.join(""), columnOf(this.text, dash), true);
  }

  private remove(path: Path): boolean {
    const place = this.locate(path);
    if (!place?.parent || place.parent.flow || place.parent.items.length < 2) return false;
    const first = place.pair ? this.ownLineStart(place.pair.key.range![0]) : this.itemLineStart(place.node);
    if (first === null) return false;
    this.splices.push({ start: first, end: this.lineEnd(place.node.range![2]), text: "" });
    return true;
  }

  private addKey(path: Path, key: string, value: unknown, after: string | null, before: string | null): boolean {
    const map = this.locate(path)?.node;
    if (!isMap(map) || map.flow || map.items.length === 0) return false;
    const firstKey = (map.items[0]!.key as Node).range![0];
    const at = this.keyInsertion(path, map, after, before);
    if (at === null) return false;
    this.addedAt.set(JSON.stringify([...path, key]), at);
    this.insert(at, this.indented(yamlLines({ [key]: value }, this.layout), columnOf(this.text, firstKey), true));
    return true;
  }

  /** After the key it follows (or where that key was added), else before the key it precedes, else after the map's last entry. */
  private keyInsertion(path: Path, map: YAMLMap, after: string | null, before: string | null): number | null {
    const pairOf = (k: string | null) => (k === null ? undefined : map.items.find((p) => isScalar(p.key) && String(p.key.value) === k));
    const previous = pairOf(after);
    if (previous) return this.lineEnd((previous.value as Node | null)?.range?.[2] ?? (previous.key as Node).range![2]);
    if (after !== null) return this.addedAt.get(JSON.stringify([...path, after])) ?? null;
    const next = pairOf(before);
    if (next) return this.ownLineStart((next.key as Node).range![0]);
    const last = map.items[map.items.length - 1]!;
    return this.lineEnd((last.value as Node | null)?.range?.[2] ?? (last.key as Node).range![2]);
  }

  private addItems(path: Path, index: number, values: unknown[]): boolean {
    const seq = this.locate(path)?.node;
    if (!isSeq(seq) || seq.flow || seq.items.length === 0) return false;
    const first = (seq.items[0] as Node).range![0];
    const dash = dashBefore(this.text, first);
    if (dash === null) return false;
    const at = index < seq.items.length ? this.itemLineStart(seq.items[index] as Node) : this.lineEnd((seq.items[seq.items.length - 1] as Node).range![2]);
    if (at === null) return false;
    this.insert(at, this.items(values, dash, first - dash));
    return true;
  }

  private insert(at: number, lines: string): void {
    // The last line of a file without a final newline gets one before what follows it.
    const pad = at === this.text.length && !this.text.endsWith("\n") ? this.layout.eol : "";
    this.splices.push({ start: at, end: at, text: pad + lines });
  }

  /** The node a path leads to, with what holds it; null past an alias or a key that is not there. */
  private locate(path: Path): Place | null {
    let place: Place = { node: this.doc.contents as Node, pair: null, parent: null };
    for (const segment of path) {
      const { node } = place;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
        if (!pair || !pair.value || !(pair.key as Node).range || !(pair.value as Node).range) return null;
        place = { node: pair.value as Node, pair: { key: pair.key as Node }, parent: node };
      } else if (isSeq(node) && typeof segment === "number") {
        const item = node.items[segment] as Node | undefined;
        if (!item?.range) return null;
        place = { node: item, pair: null, parent: node };
      } else return null;
    }
    return place;
  }

  /** The start of the line the offset is on, when only spaces stand before it there. */
  private ownLineStart(offset: number): number | null {
    const start = offset - columnOf(this.text, offset);
    return /^ *$/.test(this.text.slice(start, offset)) ? start : null;
  }

  /** The start of a list item's line, when the item's `- ` starts it. */
  private itemLineStart(node: Node): number | null {
    const dash = dashBefore(this.text, node.range![0]);
    return dash === null ? null : dash - columnOf(this.text, dash);
  }

  /** The end of the line an offset is on (past its newline); an offset at a line's start is its own. */
  private lineEnd(offset: number): number {
    if (offset > 0 && this.text[offset - 1] === "\n") return offset;
    const newline = this.text.indexOf("\n", offset);
    return newline === -1 ? this.text.length : newline + 1;
  }

  /** Lines moved right by `column` spaces (the first too, or not); empty lines stay empty. */
  private indented(lines: string, column: number, first: boolean): string {
    const pad = " ".repeat(column);
    return lines.replace(/(^|\n)(?=[^\r\n])/g, (m, nl: string, offset: number) => (offset === 0 && nl === "" && !first ? m : nl + pad));
  }
}

function blockScalar(value: unknown, type: Scalar.Type | undefined): unknown {
  if (typeof value !== "string") return value;
  const scalar = new Scalar(value);
  scalar.type = type === "BLOCK_FOLDED" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
  return scalar;
}
