// Reads one YAML source file (YAML 1.2, core schema, so 19:30 stays text and yes/no are not
// booleans): js-yaml first (read-yaml-fast.ts), else the `yaml` package, whose syntax errors and
// keys written twice become located diagnostics.
import type { Document, Node } from "yaml";
import { yaml } from "./libraries.js";
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";
import { duplicateKeyMessage, errorAt, type ParseResult } from "./read-json.js";
import { nestedPast, NESTED_TOO_DEEP, pathPast, shownPath, yamlTextPast } from "./nesting.js";
import { positionAt } from "./position.js";
import { NEEDS_FULL_PARSE, readYamlPlaced, type KeyPathPlacer } from "./read-yaml-fast.js";

/** YAML 1.2 with the core schema: the same types JSON has, no 1.1 surprises (sexagesimal, yes/no). */
export function parseYamlDocument(text: string): Document.Parsed {
  return yaml().parseDocument(text, { version: "1.2", schema: "core", uniqueKeys: false, prettyErrors: false, merge: false });
}

/**
 * Parses YAML text; `file` only names the file in diagnostics. Nothing that recurses reads a file
 * nested past MAX_NESTING: js-yaml stops at a depth of its own, the full parser's composer runs
 * only on a syntax tree measured without recursion, and each value is measured before it is
 * handed on (an alias can make a value deeper than its text).
 */
export function parseYamlText(text: string, file: string): ParseResult {
  if (text.trim() === "") return { ok: false, diagnostics: [error(file, [], "the file is empty; it must hold one YAML value")] };
  const fast = readYamlPlaced(text);
  if (fast !== NEEDS_FULL_PARSE) {
    if (nestedPast(fast.value)) return { ok: false, diagnostics: [nestedTooDeep(file, fast.value, text, fast.placer())] };
    return { ok: true, data: ownStrings(fast.value), diagnostics: [], placer: fast.placer };
  }
  const past = yamlTextPast(text);
  if (past) return { ok: false, diagnostics: [errorAt(file, shownPath(past.path), NESTED_TOO_DEEP, text, past.offset)] };
  const full = parseYamlFully(text, file);
  if (full.ok && nestedPast(full.data)) return { ok: false, diagnostics: [nestedTooDeep(file, full.data, text, null)] };
  return full.ok ? { ...full, data: ownStrings(full.data) } : full;
}

/** The error of a value nested past the bound: at the level past it, naming the last key on the way. */
function nestedTooDeep(file: string, data: unknown, text: string, placer: KeyPathPlacer | null): Diagnostic {
  const path = pathPast(data) ?? [];
  const offset = placer ? placer(path) : yamlTreeOffset(text, path);
  return errorAt(file, shownPath(path), NESTED_TOO_DEEP, text, offset);
}

/** Where a key path points, from the full parser's tree (as locate.ts finds it). */
function yamlTreeOffset(text: string, path: KeyPath): number {
  const { node, keyNode } = findYamlNode(parseYamlDocument(text), path);
  return keyNode?.range?.[0] ?? node?.range?.[0] ?? 0;
}

/**
 * The value with its strings copied out of the text. Both parsers make a string by slicing the
 * text, and V8 keeps a slice's whole parent string alive: a page's summary, kept to the end of
 * the build, held its whole file (JSON's parser copies). Strings under 13 characters are
 * copies already; `(" " + s).slice(1)` flattens into a new string, exactly (a lone surrogate too).
 */
function ownStrings(value: unknown): unknown {
  if (typeof value === "string") return value.length < 13 ? value : (" " + value).slice(1);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = ownStrings(value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = ownStrings(record[key]);
  }
  return value;
}

/**
 * `title: Carmen: The Opera` reads as a mapping inside a value: the usual cause is a value holding
 * ": ", which must be quoted. Says so with the line written right, when the line is `key: value`.
 */
function quoteHint(text: string, offset: number): string | null {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  const lineText = text.slice(start, end === -1 ? undefined : end).replace(/\r$/, "");
  const m = /^(\s*(?:- )?[^\s:#][^:#]*?):\s+(\S.*?)\s*$/.exec(lineText);
  if (!m || !m[2]!.includes(": ")) return null;
  return `a value that holds ": " must be quoted: write ${m[1]!.trim()}: ${JSON.stringify(m[2])}`;
}

/** Parses YAML text with the full parser, which words every problem. */
export function parseYamlFully(text: string, file: string): ParseResult {
  const doc = parseYamlDocument(text);
  const first = doc.errors[0];
  if (first) {
    const offset = errorOffset(doc, text, first.pos[0]);
    const { line, column } = positionAt(text, offset);
    const reason =
      first.code === "MULTIPLE_DOCS" ? "the file holds more than one document (a line of ---)" : first.message.replace(/ at line \d+, column \d+:[\s\S]*$/, "").replace(/\s+/g, " ").trim();
    const fix = first.code === "BLOCK_AS_IMPLICIT_KEY" ? quoteHint(text, offset) : null;
    const message = `invalid YAML at line ${line}, column ${column}: ${reason}; ${fix ?? "fix the syntax there (indentation, a missing colon or an unclosed quote is the usual cause)"}`;
    return { ok: false, diagnostics: [errorAt(file, [], message, text, offset)] };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    // An alias (*name) whose anchor (&name) is not set before it, or too many aliases: point at the first that fails.
    let offset: number | null = null;
    yaml().visit(doc, {
      Alias(_key, node) {
        if (offset === null && node.resolve(doc) === undefined) offset = node.range?.[0] ?? null;
      },
    });
    const message = `cannot be read as YAML: ${(e as Error).message}`;
    return { ok: false, diagnostics: [offset === null ? error(file, [], message) : errorAt(file, [], message, text, offset)] };
  }
  const diagnostics: Diagnostic[] = [];
  walk(doc.contents, [], (key, keyNode, firstNode, at) => {
    const firstLine = positionAt(text, firstNode.range![0]).line;
    diagnostics.push(errorAt(file, [...at, key], duplicateKeyMessage(key, firstLine, "YAML"), text, keyNode.range![0]));
  });
  return { ok: true, data, diagnostics };
}

/**
 * An unclosed quote or bracket is reported where the text ends; the editor must look where the
 * value that runs to the end begins.
 */
function errorOffset(doc: Document.Parsed, text: string, offset: number): number {
  if (offset < text.trimEnd().length) return offset;
  // The innermost value reaching the end: the one that starts last.
  let start = -1;
  yaml().visit(doc, {
    Node(_key, node) {
      const range = (node as Node).range;
      if (range && range[0] > start && range[0] < offset && range[1] >= text.trimEnd().length) start = range[0];
    },
  });
  return start === -1 ? offset : start;
}

type OnDuplicate = (key: string, keyNode: Node, firstKeyNode: Node, path: KeyPath) => void;

function walk(node: unknown, path: KeyPath, onDuplicate: OnDuplicate): void {
  if (yaml().isMap(node)) {
    const seen = new Map<string, Node>();
    for (const pair of node.items) {
      const keyNode = pair.key as Node | null;
      const key = keyText(keyNode);
      if (key === null) continue;
      const first = seen.get(key);
      if (first && keyNode) onDuplicate(key, keyNode, first, path);
      else if (keyNode) seen.set(key, keyNode);
      walk(pair.value, [...path, key], onDuplicate);
    }
  } else if (yaml().isSeq(node)) {
    node.items.forEach((item, i) => walk(item, [...path, i], onDuplicate));
  }
}

/** A key as the value read from it names it (`toJS` turns scalar keys into strings). */
export function keyText(node: Node | null): string | null {
  if (node === null) return "";
  return yaml().isScalar(node) ? String(node.value) : null;
}

/**
 * The node at a key path, and the key node it was reached by (to point at the key, as editors
 * expect for a key's problem). Stops at the deepest node that exists: a missing key points at
 * the object that misses it.
 */
export function findYamlNode(doc: Document.Parsed, path: KeyPath): { node: Node | null; keyNode: Node | null } {
  let node = (doc.contents ?? null) as Node | null;
  let keyNode: Node | null = null;
  for (const step of path) {
    if (yaml().isAlias(node)) node = node.resolve(doc) ?? null;
    if (yaml().isMap(node) && typeof step === "string") {
      // The last of two equal keys is the one toJS kept.
      const pair = [...node.items].reverse().find((p) => keyText(p.key as Node | null) === step);
      if (!pair) break;
      keyNode = pair.key as Node;
      node = (pair.value as Node | null) ?? null;
    } else if (yaml().isSeq(node) && typeof step === "number" && step < node.items.length) {
      keyNode = null;
      node = node.items[step] as Node;
    } else break;
  }
  return { node, keyNode };
}
