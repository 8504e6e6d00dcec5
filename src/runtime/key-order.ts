// The order of an object's keys, where an engine may not keep it. JSON is written in the order of
// each object's keys, and Node (V8) keeps the order they were set in. nginx's JavaScript (njs
// 0.7.9) keeps it only for objects of up to ten keys: past ten, it lists them in its hash's order.
// So the objects the query engine builds with more than ten keys (a page's fields, its `meta`;
// fields.ts), and those read from a document with more than ten (parseDocument), carry their
// keys' order under a symbol, which JSON.stringify ignores: Node's answers are unchanged, and
// njs's serializer (src/adapters/njs-platform.ts) writes the keys in that order.
// Runtime-neutral (no Node imports).

/** Where an object's keys' order is kept, on objects of more than MAX_KEPT keys. */
export const KEY_ORDER: unique symbol = Symbol.for("build-catalogue.key-order") as never;
/** njs keeps the insertion order of up to this many keys. */
export const MAX_KEPT = 10;

/** Records `keys` (the order they were set in) as `object`'s keys' order, when there are more than njs keeps. */
export function keepKeyOrder<T extends object>(object: T, keys: string[]): T {
  if (keys.length > MAX_KEPT) (object as { [KEY_ORDER]?: string[] })[KEY_ORDER] = keys;
  return object;
}

let documentParser: (text: string) => unknown = (text) => JSON.parse(text);

/**
 * A page's or image's document, parsed: JSON.parse, but where a platform installed its own (njs,
 * which records the order of the keys of objects of more than ten).
 */
export function parseDocument(text: string): unknown {
  return documentParser(text);
}

/** For a platform whose objects do not keep their keys' order (njs-platform.ts). */
export function setDocumentParser(parse: (text: string) => unknown): void {
  documentParser = parse;
}
