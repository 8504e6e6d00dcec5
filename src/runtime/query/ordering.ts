// Wagtail's OrderingFilter, as both the pages' and the images' list views apply it: `order`
// checked (known fields, database columns, random alone and without offset) and read into keys.
import { QueryError } from "./query-error.js";

export interface Ordering {
  keys: string[];
  reverse: boolean;
  random: boolean;
}

/** `order` read from the query (null when it names none): `fields` the view knows, `isColumn` those it may order by. */
export function parseOrdering(params: ReadonlyMap<string, string>, fields: Iterable<string>, isColumn: (name: string) => boolean): Ordering | null {
  if (!params.has("order")) return null;
  const list = params.get("order")!.split(",");
  if (list.includes("random")) {
    if (list.length > 1) throw new QueryError(400, "random ordering cannot be combined with other fields");
    if (params.has("offset")) throw new QueryError(400, "random ordering with offset is not supported");
    return { keys: [], reverse: false, random: true };
  }
  const available = new Set(fields);
  const keys: string[] = [];
  let reverse = false;
  for (const item of list) {
    reverse = item.startsWith("-");
    const name = reverse ? item.slice(1) : item;
    if (!available.has(name)) throw new QueryError(400, `cannot order by '${name}' (unknown field)`);
    // Wagtail fails with a 500 on a field with no database column; answer a 400.
    if (!isColumn(name)) throw new QueryError(400, `cannot order by '${name}' (not a database field)`);
    keys.push(name);
  }
  // Django's reverse() turns every key around, whichever carried the minus: Wagtail reads only the last.
  return { keys, reverse, random: false };
}

/** `order=random`: the items in a random order (Fisher-Yates), as Django's `order_by("?")` gives them. */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
