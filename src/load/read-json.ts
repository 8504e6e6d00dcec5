// Reads one JSON source file: a syntax error or a key written twice becomes a diagnostic with
// its line and column (both found by jsonc-parser, which reports offsets).
import type { ParseError } from "jsonc-parser";
import { jsonc } from "./libraries.js";
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";
import { jsonPathOffset, NotJson } from "./json-path-offset.js";
import { jsonTextPast, MAX_NESTING, NESTED_TOO_DEEP, pathPast, shownPath } from "./nesting.js";
import { positionAt } from "./position.js";
import type { SourceFile } from "./source-names.js";

export type ParseResult =
  | { ok: true; data: unknown; diagnostics: Diagnostic[]; placer?: SourceFile["placer"] }
  | { ok: false; diagnostics: Diagnostic[] };

/** An error at an offset of the text, located at once (the parser gave the offset). */
export function errorAt(file: string, path: KeyPath, message: string, text: string, offset: number): Diagnostic {
  return { ...error(file, path, message), ...positionAt(text, offset) };
}

/** Parses JSON text (a byte-order mark already removed); `file` only names the file in diagnostics. */
export function parseJsonText(text: string, file: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // JSON.parse does not always say where (Node 20's "Unexpected token" has no position): a
    // second, error-collecting parser finds the first problem's offset and names it.
    if (text.trim() === "") return { ok: false, diagnostics: [error(file, [], "the file is empty; it must hold one JSON value")] };
    // jsonc-parser recurses into each list and object: a text nested past the bound is refused before it reads it.
    const deep = jsonTextPast(text);
    if (deep !== -1) return { ok: false, diagnostics: [errorAt(file, [], NESTED_TOO_DEEP, text, deep)] };
    const errors: ParseError[] = [];
    jsonc().parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first ? first.offset : text.trimEnd().length;
    const { line, column } = positionAt(text, offset);
    const reason = first ? describeJsonError(jsonc().printParseErrorCode(first.error)) : "the file is not valid JSON";
    const message = `invalid JSON at line ${line}, column ${column}: ${reason}; ${fixFor(text, offset, reason)}`;
    return { ok: false, diagnostics: [errorAt(file, [], message, text, offset)] };
  }
  // JSON.parse does not recurse, but what reads the value next does: the walk that counts its keys
  // also holds it to the bound on nesting, and a value past it is not handed on.
  const keys = keysInValue(data);
  if (keys === NESTED_PAST) return { ok: false, diagnostics: [nestedTooDeep(file, data, text)] };
  // Most files have no key written twice, and proving it by counting is several times cheaper
  // than the located walk below, which runs only when the counts differ.
  const diagnostics = keysInText(text) === keys ? [] : findDuplicateKeys(text, file);
  return { ok: true, data, diagnostics };
}

/** What keysInValue gives for a value nested deeper than MAX_NESTING. */
const NESTED_PAST = -1;

/** The error of a value nested past the bound: at the level past it, naming the last key on the way. */
function nestedTooDeep(file: string, data: unknown, text: string): Diagnostic {
  const path = pathPast(data) ?? [];
  let offset = 0;
  try {
    offset = jsonPathOffset(text, path);
  } catch (e) {
    if (!(e instanceof NotJson)) throw e;
  }
  return errorAt(file, shownPath(path), NESTED_TOO_DEEP, text, offset);
}

/**
 * String tokens followed by a colon, that is the keys of every object as written. In valid JSON
 * a quote outside a string only opens one, so walking whole string tokens from left to right
 * never starts inside a string; a quote inside one is escaped when an odd run of backslashes
 * precedes it; only JSON whitespace can stand between a key and its colon. (indexOf, not a regular
 * expression over string tokens: V8 runs out of backtracking stack on a string of ten million
 * escapes, and this is faster too.)
 */
function keysInText(text: string): number {
  let count = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    let close = text.indexOf('"', open + 1);
    while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
    if (close === -1) return -1; // not JSON.parse's text: never equal to a count of keys
    let next = close + 1;
    let c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) count++;
    open = text.indexOf('"', next);
  }
  return count;
}

/** Whether the quote at `at` is escaped: an odd number of backslashes stands right before it. */
function escaped(text: string, at: number): boolean {
  let before = at - 1;
  while (text.charCodeAt(before) === 0x5c) before--;
  return (at - 1 - before) % 2 === 1;
}

/**
 * The keys JSON.parse kept, over every object of the value. Each key written in the text is one
 * of them, and two keys of one object are kept as one only when they are equal after decoding
 * escapes: so this count is smaller than the text's exactly when some object has a key twice.
 * NESTED_PAST when a list or object stands deeper than MAX_NESTING (the value is level 1).
 */
function keysInValue(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const next = pending.pop();
    const depth = depths.pop()!;
    if (typeof next !== "object" || next === null) continue;
    if (depth > MAX_NESTING) return NESTED_PAST;
    if (Array.isArray(next)) {
      for (const item of next) {
        if (typeof item === "object" && item !== null) {
          pending.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in next) {
      // (An enumerable key inherited from a changed Object.prototype would only raise this count:
      // the counts then differ and the exact walk decides.)
      count++;
      const item = (next as Record<string, unknown>)[key];
      if (typeof item === "object" && item !== null) {
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return count;
}

/**
 * JSON.parse keeps the last of two equal keys without a word, so an editor's second "venue"
 * silently wins: every key written twice in one object is an error at its second spelling.
 */
function findDuplicateKeys(text: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const objects: Map<string, number>[] = [];
  jsonc().visit(text, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, offset, _length, startLine, startCharacter, pathSupplier) => {
      const seen = objects[objects.length - 1]!;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, startLine + 1);
        return;
      }
      found.push({
        ...error(file, [...pathSupplier(), key], duplicateKeyMessage(key, first, "JSON")),
        ...positionAt(text, offset),
        column: startCharacter + 1,
      });
    },
  });
  return found;
}

export function duplicateKeyMessage(key: string, firstLine: number, format: "JSON" | "YAML"): string {
  const keeps = format === "JSON" ? "JSON keeps only the last one, silently" : "only one of them can count";
  return `the key "${key}" is written twice in this object (first at line ${firstLine}); ${keeps}: remove one of the two`;
}

/** What to do: the two mistakes JSON refuses that other formats allow get their own words. */
function fixFor(text: string, offset: number, reason: string): string {
  if (reason === "a comment") return "JSON allows no comments: remove it (a YAML file may have them)";
  if (/(property name|value) expected/.test(reason) && /,\s*$/.test(text.slice(0, offset)) && /^[}\]]/.test(text.slice(offset))) {
    return "JSON allows no comma after the last item: remove it";
  }
  return "fix the syntax there (a missing comma, quote or bracket is the usual cause)";
}

/** "CommaExpected" → "comma expected". */
function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words === "invalid symbol" ? "unexpected character" : words === "invalid comment token" ? "a comment" : words;
}
