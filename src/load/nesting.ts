// How deeply a content file's lists and objects may nest, and the checks that hold a file to it
// before anything that recurses reads it: the schemas' checks, the serializer, and the parsers
// that find positions (jsonc-parser, the `yaml` package's composer). Every check here loops over
// an explicit stack, so no file, however deep, can exhaust the call stack checking it.
import type { CST } from "yaml";
import type { KeyPath } from "../model/diagnostics.js";
import { yaml } from "./libraries.js";
import { isCollection, MAX_NESTING } from "./nested-past.js";

export { MAX_NESTING, nestedPast } from "./nested-past.js";

/** The error's message, after the file and the key path. */
export const NESTED_TOO_DEEP = `is nested deeper than ${MAX_NESTING} levels of lists and objects, far deeper than any content file needs (an event page's deepest value, a logo of a logo wall, is 8 levels down), so the build reads no further: remove the extra nesting`;

/** The key path to the first list or object nested deeper than `limit` levels (null when none is). */
export function pathPast(value: unknown, limit = MAX_NESTING): KeyPath | null {
  if (!isCollection(value)) return null;
  const pending: { value: object; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.path.length >= limit) return next.path;
    const entries: [string | number, unknown][] = Array.isArray(next.value) ? next.value.map((item, i) => [i, item]) : Object.entries(next.value);
    // Pushed last to first: the first item is looked into first, as an editor reads the file.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (isCollection(item)) pending.push({ value: item, path: [...next.path, key] });
    }
  }
  return null;
}

/**
 * The key path a message names: cut after its last object key (`description[0].value.buttons`,
 * not the buttons' sixty `[0]` after it); the line and column point at the level past the bound.
 */
export function shownPath(path: KeyPath): KeyPath {
  let last = -1;
  path.forEach((step, i) => {
    if (typeof step === "string") last = i;
  });
  return path.slice(0, last + 1);
}

/**
 * The offset of the bracket that opens a list or object deeper than `limit` in a JSON text, or -1.
 * Strings end where jsonc-parser ends them (at their closing quote, or at a line break in text
 * that is not JSON), so that its recursion, which this guards, never goes deeper than this counts.
 */
export function jsonTextPast(text: string, limit = MAX_NESTING): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22 || d === 0x0a || d === 0x0d) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return -1;
}

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/**
 * Where a YAML text first nests a list or mapping deeper than `limit` (at its key, when it is a
 * block mapping's value under a plain key, as the key paths of other problems point), and the key
 * path to it as far as it is plain (block mappings' plain keys and block lists' items); null when
 * it does not. Read with the `yaml` package's lexer and parser, which keep the nodes being read on
 * a stack of their own (its composer, which recurses, is not run), stopping as soon as the stack
 * is too deep.
 */
export function yamlTextPast(text: string, limit = MAX_NESTING): { offset: number; path: KeyPath } | null {
  const { Lexer, Parser } = yaml();
  const parser = new Parser();
  for (const lexeme of new Lexer().lex(text)) {
    for (const _ of parser.next(lexeme));
    // The stack holds the document, the collections open and at most a scalar or two: counted
    // only once it could hold more collections than the bound.
    if (parser.stack.length <= limit + 1) continue;
    const open = parser.stack.filter((t) => COLLECTIONS.has(t.type));
    if (open.length > limit) return placed(parser.stack, open[limit]!);
  }
  return null;
}

/** The key path from the document to `target` on the parser's stack, as far as each step is plain, and where to point. */
function placed(stack: readonly CST.Token[], target: CST.Token): { offset: number; path: KeyPath } {
  const path: (string | number)[] = [];
  let offset = (target as { offset: number }).offset;
  let plain = true;
  for (let i = 0; i + 1 < stack.length && stack[i] !== target; i++) {
    const parent = stack[i]!;
    if (parent.type === "document") continue;
    let key: CST.Token | null = null;
    if (parent.type === "block-seq") path.push(parent.items.length - 1);
    else if (parent.type === "block-map") {
      const item = parent.items[parent.items.length - 1];
      key = item && "sep" in item && item.sep?.some((t) => t.type === "map-value-ind") ? item.key : null;
      const scalar = key && (key.type === "scalar" || key.type === "single-quoted-scalar" || key.type === "double-quoted-scalar") ? yaml().CST.resolveAsScalar(key) : null;
      if (!scalar) plain = false;
      else path.push(scalar.value);
    } else plain = false;
    if (!plain) break;
    if (stack[i + 1] === target && key) offset = (key as { offset: number }).offset;
  }
  return { offset, path };
}
