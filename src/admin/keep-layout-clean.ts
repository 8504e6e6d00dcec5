// What a form's value becomes in the file. Decap gives "" or null (sometimes [] or nothing) for a
// field the editor cleared: an optional key holding such a value is left out of the file (the
// build's default then applies), unless the file already held that very value there (a
// `"program": null` written in the file stays). Required keys stay, whatever they hold: the build
// then says what is wrong. Browser-safe.
import { isPlainObject, keyShape, objectShape, setKey, type Shape } from "./keep-layout-shape.js";

const isCleared = (v: unknown) => v === "" || v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/** JSON's own values: a Date as its ISO text, a number JSON cannot write as null, an undefined list item as null. */
function jsonValue(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === "number" && !Number.isFinite(v)) return null;
  if (v === undefined || typeof v === "function" || typeof v === "symbol" || typeof v === "bigint") return null;
  return v;
}

/**
 * The source's list items that stand for the new list's: the one with the same `id`, else by place,
 * the list lined up by its unchanged start and end (an item inserted or removed in the middle
 * does not shift the items after it onto other items).
 */
function sourceItems(items: unknown[], source: unknown[]): unknown[] {
  const shortest = Math.min(items.length, source.length);
  let start = 0;
  while (start < shortest && sameValue(items[start], source[start])) start++;
  let end = 0;
  while (end < shortest - start && sameValue(items[items.length - 1 - end], source[source.length - 1 - end])) end++;
  const byId = new Map<unknown, unknown>();
  for (const s of source) if (isPlainObject(s) && (typeof s.id === "number" || (typeof s.id === "string" && s.id !== ""))) byId.set(s.id, s);
  return items.map((item, i) => {
    if (isPlainObject(item) && byId.has(item.id)) return byId.get(item.id);
    if (i >= items.length - end) return source[i - items.length + source.length];
    return i < source.length - end ? source[i] : undefined;
  });
}

/**
 * The value to write: cleared optional keys removed (at any depth), as the rules above say.
 * `source` is the file's value at the same place, or undefined for a new file or a new part.
 */
export function cleanValue(value: unknown, shape: Shape | undefined, source: unknown): unknown {
  if (Array.isArray(value)) {
    const before = Array.isArray(source) ? sourceItems(value, source) : [];
    return value.map((item, i) => cleanValue(item, shape?.items, before[i]));
  }
  if (!isPlainObject(value)) return jsonValue(value);
  const own = objectShape(value, shape);
  const before = isPlainObject(source) ? source : undefined;
  const cleaned: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    const had = before !== undefined && Object.prototype.hasOwnProperty.call(before, key);
    if (keyShape(own, key)?.optional && isCleared(v) && !(had && sameValue(before![key], v))) continue;
    setKey(cleaned, key, cleanValue(v, keyShape(own, key), had ? before![key] : undefined));
  }
  return cleaned;
}

/** Deep equality of JSON values (an object's key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue(a[k], b[k]));
}
