// A list document (`{"meta": {"total_count": n}, "items": [...]}`) in pieces: the very bytes
// serialize() writes for the whole, made one item at a time, so a list of 100,000 pages is never
// one string. Each item is checked against its list's item schema (the same check as the whole
// list's); a rebuild's reused pages are items the writer copies from the previous list.
import type { z } from "zod";
import { checked, SelfCheckFailed } from "../api/self-check.js";
import type { Piece, PreviousFile } from "../model/output.js";

/** A list's text before its first item, and after its last. */
const listHead = (total: number) => `{\n    "meta": {\n        "total_count": ${total}\n    },\n    "items": [\n`;
const LIST_END = "\n    ]\n}";
/** An item's JSON indented for its place in a list: serialize() indents an array's items two levels. */
const inList = (json: string) => `        ${json.replace(/\n/g, "\n        ")}`;

/** A list written item by item has as many items as its total_count says (or the build has a bug). */
export function expectTotal(what: string, items: number, total: number): void {
  if (items !== total) throw new SelfCheckFailed(`the ${what} has ${items} items but total_count ${total}; this is a bug in build-catalogue, please report it`);
}

/** One item of a list: its value, or (a rebuild's reused page) its id, to copy from `previous` (the value made only when it is not found there). */
export type ListItem = { value: unknown } | { copy: number; value: () => unknown };

/** A list's items as listPieces writes them, between its head and its end, each checked. */
function* itemPieces(items: Iterable<ListItem>, listSchema: z.ZodObject, what: string, previous: PreviousFile | null, first = 0): Generator<Piece> {
  const itemSchema = (listSchema.shape.items as z.ZodArray).element as z.ZodType;
  let n = first;
  for (const item of items) {
    const at = n;
    const make = () => inList(checked(itemSchema, typeof item.value === "function" ? (item.value as () => unknown)() : item.value, `${what}, item ${at}`));
    if (n > first) yield ",\n";
    yield "copy" in item && previous ? { item: item.copy, from: previous, make } : make();
    n++;
  }
  return n - first;
}

/**
 * A list that ends with another list's items (the page list: its first pages, then the event
 * list's items, byte for byte): copied from that list's file as written (`file`, of `count`
 * items), or, when nothing is written, made again from `rest`. Those items passed the other list's
 * item schema, which asks more of each field, so they are not checked again.
 */
export function* listEndingWith(total: number, first: Iterable<ListItem>, listSchema: z.ZodObject, what: string, file: string, count: number, rest: () => Iterable<ListItem>): Generator<Piece> {
  if (count === 0) {
    yield* listPieces(total, first, listSchema, what);
    return;
  }
  yield listHead(total);
  const made = yield* itemPieces(first, listSchema, what, null);
  if (made > 0) yield ",\n";
  const make = function* () {
    for (const piece of itemPieces(rest(), listSchema, what, null, made)) if (typeof piece === "string") yield piece;
  };
  yield { file, skipStart: listHead(count).length, skipEnd: LIST_END.length, make };
  expectTotal(what, made + count, total);
  yield LIST_END;
}

/** The list's pieces; `previous`: the list the previous build wrote, where `copy` items are taken from. */
export function* listPieces(
  total: number,
  items: Iterable<ListItem>,
  listSchema: z.ZodObject,
  what: string,
  previous: PreviousFile | null = null,
): Generator<Piece> {
  if (total === 0) {
    yield checked(listSchema, { meta: { total_count: 0 }, items: [] }, what);
    return;
  }
  yield listHead(total);
  const n = yield* itemPieces(items, listSchema, what, previous);
  expectTotal(what, n, total);
  yield LIST_END;
}

/** The pieces joined: the list's whole text (no piece may be a copy). */
export function wholeText(pieces: Iterable<Piece>): string {
  let text = "";
  for (const p of pieces) {
    if (typeof p !== "string") throw new Error("wholeText: a list to hold whole is made of text alone");
    text += p;
  }
  return text;
}
