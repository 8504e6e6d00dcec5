// Where a key path points in a JSON text that JSON.parse accepted, found by walking the text to
// it: only the values on the way are scanned (to their ends), and nothing is built. A build
// locates a warning of a few pages in a hundred, and a syntax tree of each whole page was
// most of the cost of warnings (and a large share of the build's garbage).
import type { KeyPath } from "../model/diagnostics.js";

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;

/** Thrown on text that is not JSON.parse's: the caller falls back to a parser that copes. */
export class NotJson extends Error {}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** A quote preceded by an odd run of backslashes is inside the string. */
function escaped(text: string, at: number): boolean {
  let before = at - 1;
  while (text.charCodeAt(before) === BACKSLASH) before--;
  return (at - 1 - before) % 2 === 1;
}

/** The end (past the closing quote) of the string token whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  let close = text.indexOf('"', at + 1);
  while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
  if (close === -1) throw new NotJson();
  return close + 1;
}

/** The end of the value that starts at `at`. */
function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEnd(text, at);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    // A loop over char codes: a regular expression's exec makes an array for every match.
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) i = stringEnd(text, i) - 1;
      else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
      else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 0) return i + 1;
    }
    throw new NotJson();
  }
  let end = at;
  for (let d = text.charCodeAt(end); end < text.length && d !== COMMA && d !== CLOSE_OBJECT && d !== CLOSE_ARRAY && !isSpace(d); d = text.charCodeAt(++end));
  if (end === at) throw new NotJson();
  return end;
}

/** After a member or an item: the start of the next one, or -1 at the end of its object or array. */
function next(text: string, at: number, close: number): number {
  const c = text.charCodeAt(at);
  if (c === COMMA) return skipSpace(text, at + 1);
  if (c === close) return -1;
  throw new NotJson();
}

/** The offset of the key (decoded) `key`'s last occurrence in the object at `at`, and of its value. */
function member(text: string, at: number, key: string): { key: number; value: number } | null {
  let found: { key: number; value: number } | null = null;
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_OBJECT) return null;
  while (i !== -1) {
    if (text.charCodeAt(i) !== QUOTE) throw new NotJson();
    const end = stringEnd(text, i);
    const raw = text.slice(i + 1, end - 1);
    const name = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
    const colon = skipSpace(text, end);
    if (text.charCodeAt(colon) !== 0x3a) throw new NotJson();
    const value = skipSpace(text, colon + 1);
    // JSON.parse keeps the last of two equal keys: so does this.
    if (name === key) found = { key: i, value };
    i = next(text, skipSpace(text, valueEnd(text, value)), CLOSE_OBJECT);
  }
  return found;
}

/** The offset of item `index` of the array at `at`. */
function item(text: string, at: number, index: number): number | null {
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_ARRAY) return null;
  for (let n = 0; i !== -1; n++) {
    if (n === index) return i;
    i = next(text, skipSpace(text, valueEnd(text, i)), CLOSE_ARRAY);
  }
  return null;
}

/**
 * Where the path points: at the key when it ends in an object's key, at the value for an array
 * item or the whole text, and at the nearest enclosing key or value when it names a missing one.
 * Throws NotJson on text JSON.parse would refuse.
 */
export function jsonPathOffset(text: string, path: KeyPath): number {
  let node = skipSpace(text, 0);
  if (node >= text.length) throw new NotJson();
  let keyOffset: number | null = null;
  for (const step of path) {
    const c = text.charCodeAt(node);
    if (c === OPEN_OBJECT && typeof step === "string") {
      const found = member(text, node, step);
      if (!found) break;
      keyOffset = found.key;
      node = found.value;
    } else if (c === OPEN_ARRAY && typeof step === "number" && Number.isInteger(step) && step >= 0) {
      const found = item(text, node, step);
      if (found === null) break;
      keyOffset = null;
      node = found;
    } else break;
  }
  return keyOffset ?? node;
}
