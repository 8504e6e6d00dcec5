// The `fields` parameter: Wagtail's parser (wagtail/api/v2/utils.py, parse_fields_parameter) and
// its resolution against a page model (views.py, _get_serializer_class), with the same messages.
import { keepKeyOrder } from "../key-order.js";
import { QueryError } from "./query-error.js";
import { pyIsAlnum, pyIsSpace } from "./python.js";
import type { PageModel } from "./query-index.js";

export interface FieldConfig {
  name: string;
  negated: boolean;
  sub: FieldConfig[] | null;
}

class ParseError extends Error {}

/**
 * The deepest nesting of brackets `fields` may hold, far past any real query (a relation's fields
 * nest a level or two). The parser recurses once a level, as Wagtail's does: without a bound a
 * long enough `a(a(a(...` overflows the stack, in the preview and the worker alike.
 */
export const FIELDS_MAX_DEPTH = 32;

/** Parses `a,-b,c(d,e)`; throws QueryError 400 `fields error: ...` as Wagtail does. */
export function parseFieldsParameter(text: string): FieldConfig[] {
  try {
    return parse(text);
  } catch (e) {
    if (e instanceof ParseError) throw new QueryError(400, `fields error: ${e.message}`);
    throw e;
  }
}

function parse(all: string): FieldConfig[] {
  const chars = [...all];
  let pos = 0;
  const at = (i: number) => chars[i] ?? "";

  function identifier(): { ident: string; negated: boolean } {
    let first = true;
    let negated = false;
    let ident = "";
    while (pos < chars.length) {
      const ch = at(pos);
      if (ch === "(" || ch === ")" || ch === ",") {
        if (!ident || ((ident === "*" || ident === "_") && ch === "(")) throw new ParseError(`unexpected char '${ch}' at position ${pos}`);
        return { ident, negated };
      } else if (ch === "-") {
        if (!first) throw new ParseError(`unexpected char '${ch}' at position ${pos}`);
        negated = true;
      } else if (ch === "*" || ch === "_") {
        if (ident && ch === "*") throw new ParseError(`unexpected char '${ch}' at position ${pos}`);
        ident += ch;
      } else if (pyIsAlnum(ch)) {
        if (ident === "*") throw new ParseError(`unexpected char '${ch}' at position ${pos}`);
        ident += ch;
      } else if (pyIsSpace(ch)) {
        throw new ParseError(`unexpected whitespace at position ${pos}`);
      } else {
        throw new ParseError(`unexpected char '${ch}' at position ${pos}`);
      }
      first = false;
      pos++;
    }
    return { ident, negated };
  }

  function fields(expectClose: boolean, depth: number): FieldConfig[] {
    let firstIdent: string | null = null;
    let isFirst = true;
    const out: FieldConfig[] = [];
    while (pos < chars.length) {
      let sub: FieldConfig[] | null = null;
      const { ident, negated } = identifier();
      if (ident === "*" || ident === "_") {
        if (!isFirst) throw new ParseError(`'${ident}' must be in the first position`);
        if (negated) throw new ParseError(`'${ident}' cannot be negated`);
      }
      if (at(pos) === "(") {
        if (negated) throw new ParseError(`unexpected char '(' at position ${pos}`);
        if (depth >= FIELDS_MAX_DEPTH) throw new ParseError(`nested deeper than ${FIELDS_MAX_DEPTH} levels at position ${pos}`);
        pos++;
        sub = fields(true, depth + 1);
      }
      if (isFirst) firstIdent = ident;
      else {
        if (firstIdent === "_" && negated) throw new ParseError("negated fields with '_' doesn't make sense");
        if (firstIdent === "*" && !negated && !sub) throw new ParseError("additional fields with '*' doesn't make sense");
      }
      out.push({ name: ident, negated, sub });
      if (at(pos) === ")") {
        if (!expectClose) throw new ParseError(`unexpected char ')' at position ${pos}`);
        pos++;
        return out;
      }
      if (at(pos) === ",") {
        pos++;
        if (pos >= chars.length || at(pos) === ",") throw new ParseError(`unexpected char ',' at position ${pos}`);
      }
      isFirst = false;
    }
    if (expectClose) throw new ParseError("unexpected end of input (did you miss out a close bracket?)");
    return out;
  }
  return fields(false, 0);
}

/** The view a serializer is made for: a list item, a detail, or an object nested in another. */
export type FieldsView = "list" | "detail" | "nested";

const LISTING_DEFAULT = ["id", "type", "detail_url", "title", "html_url", "slug", "first_published_at"];
const NESTED_DEFAULT = ["id", "type", "detail_url", "title"];

/** Every field the model's serializer knows in this view, in the order Wagtail writes them. */
export function allFields(model: PageModel, view: FieldsView): string[] {
  const all = [...new Set(["id", ...model.body, ...model.meta])];
  return view === "detail" ? all : all.filter((f) => !model.detailOnly.includes(f));
}

/**
 * The fields to write, in Wagtail's order, for a `fields` configuration (empty: the defaults).
 * `models` resolves relations (which accept nested selection) to their model. `listingDefault`:
 * the view set's listing_default_fields (the pages' unless given).
 */
export function resolveFields(
  model: PageModel, config: FieldConfig[], view: FieldsView, modelNamed: (name: string) => PageModel | undefined,
  listingDefault: readonly string[] = LISTING_DEFAULT,
): string[] {
  const all = allFields(model, view);
  let selected = new Set(
    view === "detail" ? all.filter((f) => f !== "locale") : (view === "list" ? listingDefault : NESTED_DEFAULT).filter((f) => all.includes(f)),
  );
  let rest = config;
  if (rest[0]?.name === "*") {
    selected = new Set(all);
    rest = rest.slice(1);
  } else if (rest[0]?.name === "_") {
    selected = new Set();
    rest = rest.slice(1);
  }
  const mentioned = new Set<string>();
  const sub = new Map<string, FieldConfig[]>();
  for (const f of rest) {
    if (f.negated) selected.delete(f.name);
    else {
      selected.add(f.name);
      if (f.sub && f.sub.length > 0) sub.set(f.name, f.sub);
    }
    mentioned.add(f.name);
  }
  const unknown = [...mentioned].filter((f) => !all.includes(f)).sort();
  if (unknown.length > 0) throw new QueryError(400, `unknown fields: ${unknown.join(", ")}`);
  for (const name of all) {
    if (!selected.has(name)) continue;
    const related = model.relations[name];
    if (related) {
      const child = modelNamed(related);
      if (child) resolveFields(child, sub.get(name) ?? [], "nested", modelNamed);
    } else if (sub.has(name)) {
      throw new QueryError(400, `'${name}' does not support nested fields`);
    }
  }
  return all.filter((f) => selected.has(f));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One page as the serializer writes it: `id`, then `meta` (when any meta field is selected), then the body fields. */
export function selectFields(doc: { [key: string]: Json }, model: PageModel, fields: readonly string[], locale: string): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  // The keys in the order they are set (key-order.ts: njs does not keep it past ten).
  const outKeys: string[] = [];
  const chosen = new Set(fields);
  if (chosen.has("id")) {
    out.id = doc.id ?? null;
    outKeys.push("id");
  }
  const docMeta = (doc.meta ?? {}) as { [key: string]: Json };
  const meta: { [key: string]: Json } = {};
  const metaKeys: string[] = [];
  for (const f of model.meta) {
    if (!chosen.has(f)) continue;
    if (f === "locale") meta[f] = locale;
    else if (f in docMeta) meta[f] = docMeta[f]!;
    else continue;
    metaKeys.push(f);
  }
  if (metaKeys.length > 0) {
    out.meta = keepKeyOrder(meta, metaKeys);
    outKeys.push("meta");
  }
  for (const f of model.body) {
    // Fields of the fuller rendering are absent from a plain page's document: the page has none.
    if (chosen.has(f) && f !== "id" && f in doc) {
      out[f] = doc[f]!;
      outKeys.push(f);
    }
  }
  return keepKeyOrder(out, outKeys);
}
