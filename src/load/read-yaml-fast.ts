// The fast path for YAML sources. The `yaml` package keeps a syntax tree with every node's place,
// which the diagnostics need, but building it costs several times what a page's other work does.
// js-yaml builds the value alone, much faster, so it reads each file first; whenever it refuses a file
// or the file holds what the two could read differently, `yaml` reads it as before and words the
// problems. A file either reads gives the same value, and a page's warnings are placed from the
// nodes js-yaml reports as it reads, where the tree would place them (test/unit/read-yaml-fast.test.ts).
import type { LoadOptions, Schema } from "js-yaml";
import { jsYaml } from "./libraries.js";
import { MAX_NESTING } from "./nesting.js";
import type { KeyPathPlacer } from "./source-names.js";

/**
 * How deep js-yaml, which recurses, may read before it gives up (and the file goes to the checks
 * of the full parser's path): it counts a scalar as a level too, and some nodes twice, so a file
 * within MAX_NESTING stays well within this; its value is held to MAX_NESTING after.
 */
const JS_YAML_MAX_DEPTH = 2 * MAX_NESTING;

// YAML 1.2's core schema as the `yaml` package resolves plain scalars: its tests, tried in its
// order (null, bool, octal, decimal and hexadecimal int, then the floats), and its conversions.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const OCTAL = /^0o[0-7]+$/;
const DECIMAL = /^[-+]?[0-9]+$/;
const HEXADECIMAL = /^0x[0-9a-fA-F]+$/;
const INFINITY_OR_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const EXPONENT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

let coreSchema: Schema | null = null;

function schema(): Schema {
  if (coreSchema) return coreSchema;
  const { Type, FAILSAFE_SCHEMA } = jsYaml();
  const scalar = (name: string, resolve: (s: string) => boolean, construct: (s: string) => unknown) => new Type(`tag:yaml.org,2002:${name}`, { kind: "scalar", resolve, construct });
  coreSchema = FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar("null", (s) => NULL.test(s), () => null),
      scalar("bool", (s) => BOOL.test(s), (s) => s[0] === "t" || s[0] === "T"),
      scalar(
        "int",
        (s) => OCTAL.test(s) || DECIMAL.test(s) || HEXADECIMAL.test(s),
        (s) => (OCTAL.test(s) ? parseInt(s.slice(2), 8) : DECIMAL.test(s) ? parseInt(s, 10) : parseInt(s.slice(2), 16)),
      ),
      scalar(
        "float",
        (s) => INFINITY_OR_NAN.test(s) || EXPONENT.test(s) || FLOAT.test(s),
        (s) => (INFINITY_OR_NAN.test(s) ? (s.slice(-3).toLowerCase() === "nan" ? NaN : s[0] === "-" ? -Infinity : Infinity) : parseFloat(s)),
      ),
    ],
  });
  return coreSchema;
}

/** Returned when the file needs the full parser: a problem to word, or something the two parsers read differently. */
export const NEEDS_FULL_PARSE: unique symbol = Symbol("needs the full YAML parser");

// Text the full parser reads, because js-yaml reads it differently or takes what YAML forbids.
// The patterns are coarse on purpose: one that also matches harmless text only costs that file
// the full parse. Most were found by comparing the two on random files (the unit test does).
const NEEDS_FULL: readonly RegExp[] = [
  /\*/, // an alias: shared, or counted differently (the full parser caps them at 1,000)
  /(?:^|[\n[{,]|[:?-][ \t])[ \t]*!/, // a tag: js-yaml reads `!` before nothing as null, the full parser as ""
  /(?:^|[\r\n])\.\.\.(?:[ \t\r\n]|$)|[\r\n]---(?:[ \t\r\n]|$)/, // `...`, or `---` after the first line: an end, or a second document
  /(?:^|[\r\n])---(?:[^ \t\r\n]|[ \t]+[^#\s])/, // `---` run into text, or followed by a value on its line
  /["'[\]{},:]#/, // a comment not set off by a space after a bracket, quote, comma or colon (an error in YAML)
  /\r(?!\n)/, // a carriage return alone: a line break to js-yaml, text to the full parser
  /(?:^|\n) *\t/, // a tab in a line's indentation (an error in YAML, not always to js-yaml)
  /[\]}][ \t]*:|(?:^|[\n[{,]|- )[ \t]*\?(?:[ \t\r\n]|$)|[{,][ \t\r\n]*[[{]/, // a key that is a list or a mapping: named by its items, or as YAML
  /(?:^|[ \t\n])[|>](?:[1-9][-+]?|[-+][1-9])[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/, // a block scalar's indentation indicator (`|2`)
  /(?:^|\n)[ \t]*[|>][-+0-9]*[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/, // a block scalar with no key or item before it
  /(?:^|\n)[ \t]+(?:\r?\n|$)/, // a line of spaces alone (block scalars end differently)
  /(?:^|[ \t\n])-[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/, // an empty list item (js-yaml can nest the next item in it)
  /:[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*#/, // a comment between a key and its value
  /\ufeff/, // a byte order mark past the first character (the full parser skips some as space)
];

function load(text: string, listener: ((event: "open" | "close", state: ListenerState) => void) | undefined): unknown {
  if (NEEDS_FULL.some((pattern) => pattern.test(text)) || hasFlowAcrossLines(text)) return NEEDS_FULL_PARSE;
  let warned = false;
  let value: unknown;
  // An anchor can hide a key that is a mapping: a file js-yaml read one in goes to the full parser.
  // Asked of js-yaml, not of the text: `&` also starts many a line of rich text (`&amp;`) in a
  // plain scalar run over several lines, which a pattern cannot tell from an anchor.
  let state: ListenerState | undefined;
  const onNode = text.includes("&")
    ? (event: "open" | "close", s: ListenerState) => {
        state = s;
        listener?.(event, s);
      }
    : listener;
  try {
    // js-yaml refuses a key written twice, an unknown tag, a directive it does not know and any
    // syntax error: each is worded by the full parser.
    // (maxDepth is js-yaml's own option, not yet in its published types.)
    const options: LoadOptions & { maxDepth: number } = { schema: schema(), maxDepth: JS_YAML_MAX_DEPTH, onWarning: () => void (warned = true), ...(onNode ? { listener: onNode } : {}) };
    value = jsYaml().load(text, options);
  } catch {
    return NEEDS_FULL_PARSE;
  }
  return warned || hasNullKey(value) || (state !== undefined && readAnAnchor(state)) ? NEEDS_FULL_PARSE : value;
}

/** Whether js-yaml stored an anchor while it read the file (any, when it does not say). */
function readAnAnchor(state: ListenerState): boolean {
  const anchors = state.anchorMap;
  return anchors === null || typeof anchors !== "object" || Object.keys(anchors).length > 0;
}

/** What js-yaml's listener is shown as each node opens and closes. */
interface ListenerState {
  position: number;
  kind: string | null;
  result: unknown;
  /** The anchors read so far (js-yaml's own record, not a documented field). */
  anchorMap?: unknown;
}

/** A node as the listener saw it: where it opened, what it became, and the nodes read inside it (a mapping's keys and values in turn). */
interface Frame {
  open: number;
  kind: string | null;
  result: unknown;
  children: Frame[];
}

/** Where a key path points in a file: an offset of its text. */
export type { KeyPathPlacer } from "./source-names.js";

/**
 * Where key paths point in a file the fast path reads, as the full parser's tree would place
 * them (locate.ts): at a key, at a list item, at the whole value. Null when the file needs the
 * full parser, or when the nodes js-yaml reported do not add up to the value it returned.
 */
export function yamlLocatorFast(text: string): KeyPathPlacer | null {
  const read = readYamlPlaced(text);
  return read === NEEDS_FULL_PARSE ? null : read.placer();
}

/**
 * The value of a YAML file (or NEEDS_FULL_PARSE), read once with the nodes js-yaml reports kept, so
 * that a page with something to report is placed without reading its file again (keeping them costs
 * less than reading each page with a warning twice: docs/benchmark.md has the measurement).
 * `placer` makes yamlLocatorFast's answer from them.
 */
export function readYamlPlaced(text: string): { value: unknown; placer: () => KeyPathPlacer | null } | typeof NEEDS_FULL_PARSE {
  const root: Frame = { open: 0, kind: null, result: undefined, children: [] };
  const stack: Frame[] = [root];
  const value = load(text, (event, state) => {
    if (event === "open") stack.push({ open: state.position, kind: null, result: undefined, children: [] });
    else {
      const frame = stack.pop()!;
      frame.kind = state.kind;
      frame.result = state.result;
      // A node where a block node could have been (the whole file, a list item) but written in
      // brackets or as a scalar is reported twice: the same value inside itself. Keep one.
      const only = frame.children.length === 1 ? frame.children[0]! : null;
      stack.at(-1)!.children.push(only && only.result === frame.result ? only : frame);
    }
  });
  if (value === NEEDS_FULL_PARSE) return value;
  // Made once: a page's errors, warnings and placeholders are each placed with it.
  let placer: KeyPathPlacer | null | undefined;
  return { value, placer: () => (placer === undefined ? (placer = placerOf(text, value, root, stack.length)) : placer) };
}

function placerOf(text: string, value: unknown, root: Frame, depth: number): KeyPathPlacer | null {
  const top = root.children[0];
  // A file of no value (comments alone) is placed by the full parser: it has no node to point at.
  if (value === null || depth !== 1 || root.children.length !== 1 || !top || !addsUp(top)) return null;
  return (path) => {
    let node = top;
    let keyStart: number | null = null;
    for (const step of path) {
      if (node.kind === "mapping" && typeof step === "string") {
        const at = node.children.findIndex((child, i) => i % 2 === 0 && String(child.result) === step);
        if (at === -1) break;
        keyStart = startOf(text, node.children[at]!.open);
        node = node.children[at + 1]!;
      } else if (node.kind === "sequence" && typeof step === "number" && step < node.children.length) {
        keyStart = null;
        node = node.children[step]!;
      } else break;
    }
    return keyStart ?? startOf(text, node.open);
  };
}

/** Whether every mapping's nodes are its keys and values in turn, and every list's its items. */
function addsUp(frame: Frame): boolean {
  if (frame.kind === "mapping") {
    const keys = frame.result !== null && typeof frame.result === "object" ? Object.keys(frame.result) : [];
    if (frame.children.length !== keys.length * 2) return false;
    for (let i = 0; i < frame.children.length; i += 2) {
      if (!Object.hasOwn(frame.result as object, String(frame.children[i]!.result))) return false;
    }
  } else if (frame.kind === "sequence") {
    if (!Array.isArray(frame.result) || frame.children.length !== frame.result.length) return false;
  } else if (frame.children.length > 0) return false;
  return frame.children.every(addsUp);
}

/** Where a node opened at `at` starts: past spaces, line breaks, comments and a leading `---`. */
function startOf(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23) while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    else if (i === 0 && /^---(?:[ \t\r\n]|$)/.test(text)) i = 3;
    else return i;
  }
}

/**
 * A null key (`~: 1`, or none before the colon): js-yaml names it "null", the full parser "". It
 * is an error in a content file either way, but its key path must be the full parser's.
 */
function hasNullKey(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasNullKey);
  for (const key in value) {
    if (key === "null" || hasNullKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** A list or mapping in brackets left open at the end of a line: comments and keys inside one are read differently. */
function hasFlowAcrossLines(text: string): boolean {
  if (!/[[{]/.test(text)) return false;
  for (const line of text.split("\n")) {
    let open = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 0x5b || c === 0x7b) open++;
      else if (c === 0x5d || c === 0x7d) open--;
    }
    if (open > 0) return true;
  }
  return false;
}
