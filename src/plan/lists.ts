// A list document (`{"meta": {"total_count": n}, "items": [...]}`) in pieces: the very bytes
// serialize() writes for the whole, made one item at a time, so a list of 100,000 pages is never
// one string. Each item is checked against its list's item schema (the same check as the whole
// list's).
import type { z } from "zod";
import { checked, SelfCheckFailed } from "../api/self-check.js";
import type { Piece } from "../model/output.js";

/** A list's text before its first item, and after its last. */
const listHead = (total: number) => `{\n    "meta": {\n        "total_count": ${total}\n    },\n    "items": [\n`;
const LIST_END = "\n    ]\n}";
/** An item's JSON indented for its place in a list: serialize() indents an array's items two levels. */
const inList = (json: string) => `        ${json.replace(/\n/g, "\n        ")}`;

/** A list written item by item has as many items as its total_count says (or the build has a bug). */
export function expectTotal(what: string, items: number, total: number): void {
  if (items !== total) throw new SelfCheckFailed(`the ${what} has ${items} items but total_count ${total}; this is a bug in build-catalogue, please report it`);
}

/** The list's pieces, its items made one by one. */
export function* listPieces(total: number, items: Iterable<unknown>, listSchema: z.ZodObject, what: string): Generator<Piece> {
  if (total === 0) {
    yield checked(listSchema, { meta: { total_count: 0 }, items: [] }, what);
    return;
  }
  const itemSchema = (listSchema.shape.items as z.ZodArray).element as z.ZodType;
  yield listHead(total);
  let n = 0;
  for (const item of items) {
    if (n > 0) yield ",\n";
    yield inList(checked(itemSchema, item, `${what}, item ${n}`));
    n++;
  }
  expectTotal(what, n, total);
  yield LIST_END;
}

/** The pieces joined: the list's whole text. */
export function wholeText(pieces: Iterable<Piece>): string {
  let text = "";
  for (const p of pieces) text += typeof p === "string" ? p : Buffer.from(p).toString("utf8");
  return text;
}
