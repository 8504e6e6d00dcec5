// The query engine: answers Wagtail 5.2's list, detail and find requests on /api/v2/pages/ and
// /api/v2/event_pages/ from the query index, in the order Wagtail checks them (views.py,
// filters.py, pagination.py), with its statuses and messages. Pure and synchronous: it plans
// which documents an answer needs; the caller reads them (files in the preview, env.ASSETS in
// the worker) and calls render.
import { notFoundBody } from "../bodies.js";
import { instantOf, parseDjangoDateTime } from "./datetime.js";
import { parseFieldsParameter, resolveFields, selectFields, type FieldsView } from "./fields.js";
import { compareCodePoints, pyInt, pyRepr, queryDict } from "./python.js";
import { QueryError } from "./query-error.js";
import { parseOrdering, shuffled, type Ordering } from "./ordering.js";
import type { IndexedPage, PageModel, QueryIndex } from "./query-index.js";
import { titleMatcher, tokens } from "./search.js";
import { serialize } from "../serialize.js";
import { parseDocument } from "../key-order.js";

/** A page's document, as selectFields reads it. */
type PageDocument = Parameters<typeof selectFields>[0];

export type QueryRoute = "pages" | "event_pages";

export interface QueryRequest {
  route: QueryRoute;
  view: "list" | "detail" | "find";
  /** The page id of a detail request. */
  id?: number;
  /** The query string, with or without its `?`. */
  query: string;
}

export type QueryAnswer = { status: number; json: string } | { status: 302; location: string };

export type QueryPlan =
  | { kind: "answer"; answer: QueryAnswer }
  /** Read the documents of these pages (their `/api/v2/pages/<id>/` JSON), then call render. */
  | { kind: "documents"; ids: number[]; render: (documents: readonly string[]) => QueryAnswer };

const PAGE = "wagtailcore.Page";
const EVENT_PAGE = "events.EventPage";
const LIMIT_MAX = 20;
const KNOWN_PARAMETERS = new Set([
  "limit", "offset", "fields", "order", "search", "search_operator", "_", "format",
  "type", "child_of", "ancestor_of", "descendant_of", "translation_of", "locale", "site",
]);

const messageAnswer = (status: number, message: string): QueryAnswer => ({ status, json: serialize({ message }) });

/** Per index: lookups built once and reused by every request. */
interface Prepared {
  byId: Map<number, IndexedPage>;
  byPath: Map<string, IndexedPage>;
  position: Map<number, number>;
  titleTokens: Map<number, string[]>;
  /** Instants of the timestamps, parsed once: a sort compares each many times. */
  instant: (iso: string) => number;
  modelNamed: (name: string) => PageModel | undefined;
}
const prepared = new WeakMap<QueryIndex, Prepared>();

function prepare(index: QueryIndex): Prepared {
  let p = prepared.get(index);
  if (!p) {
    const models = new Map(index.models.map((m) => [m.name, m]));
    p = {
      byId: new Map(index.pages.map((page) => [page.id, page])),
      byPath: new Map(index.pages.map((page) => [page.path, page])),
      position: new Map(index.pages.map((page, i) => [page.id, i])),
      titleTokens: new Map(),
      instant: memo(instantOf),
      modelNamed: (name) => models.get(name),
    };
    prepared.set(index, p);
  }
  return p;
}

/** Plans the answer to one request. */
export function planQuery(index: QueryIndex, request: QueryRequest): QueryPlan {
  try {
    return new Query(index, request).plan();
  } catch (e) {
    if (e instanceof QueryError) return { kind: "answer", answer: messageAnswer(e.status, e.message) };
    throw e;
  }
}

class Query {
  private readonly p: Prepared;
  private readonly params: Map<string, string>;

  constructor(private readonly index: QueryIndex, private readonly request: QueryRequest) {
    this.p = prepare(index);
    this.params = queryDict(request.query.replace(/^\?/, ""));
  }

  plan(): QueryPlan {
    const { model, pages } = this.queryset();
    if (this.request.view === "find") return { kind: "answer", answer: this.find(pages) };
    if (this.request.view === "list") this.checkParameters(model);
    const filtered = this.filter(model, pages);
    if (this.request.view === "detail") return this.detail(model, filtered);
    return this.list(model, filtered);
  }

  private model(name: string): PageModel {
    const m = this.p.modelNamed(name);
    if (!m) throw new Error(`query index: no model ${name}`);
    return m;
  }

  private isA(page: IndexedPage, model: PageModel): boolean {
    return model.name === PAGE || this.index.models[page.type]!.name === model.name;
  }

  /** get_queryset: the route's pages, or those of `?type=`; and `?site=`. */
  private queryset(): { model: PageModel; pages: IndexedPage[] } {
    const type = this.params.get("type");
    let models: PageModel[] = [];
    if (type) {
      models = type.split(",").map((s) => {
        const parts = s.split(".");
        const found = parts.length === 2
          ? this.index.models.find((m) => {
            if (!m.page) return false;
            const [app, name] = m.name.split(".");
            return app === parts[0] && name!.toLowerCase() === parts[1]!.toLowerCase();
          })
          : undefined;
        if (!found) throw new QueryError(400, "type doesn't exist");
        return found;
      });
    }
    this.checkSite();
    const all = this.index.pages;
    if (models.length === 0) {
      const model = this.model(this.request.route === "pages" ? PAGE : EVENT_PAGE);
      return { model, pages: all.filter((p) => this.isA(p, model)) };
    }
    if (models.length === 1) return { model: models[0]!, pages: all.filter((p) => this.isA(p, models[0]!)) };
    return { model: this.model(PAGE), pages: all.filter((p) => models.some((m) => this.isA(p, m))) };
  }

  private checkSite(): void {
    const site = this.params.get("site");
    // Wagtail fails with a 500 for a site it does not know; answer a 400 instead.
    if (site !== undefined && !this.index.site_hosts.includes(site)) throw new QueryError(400, "site doesn't exist");
  }

  /** check_query_parameters: only operations and the model's database fields. */
  private checkParameters(model: PageModel): void {
    const unknown = [...this.params.keys()].filter((k) => !KNOWN_PARAMETERS.has(k) && !(k in model.db)).sort(compareCodePoints);
    if (unknown.length > 0) throw new QueryError(400, `query parameter is not an operation or a recognised field: ${unknown.join(", ")}`);
  }

  private pageParameter(name: string, allowRoot: boolean, missing: string): IndexedPage {
    const text = this.params.get(name)!;
    const id = pyInt(text);
    if (id === null || id < 0) {
      if (allowRoot && text === "root") return this.index.pages[0]!;
      throw new QueryError(400, `${name} must be a positive integer`);
    }
    const page = this.p.byId.get(id);
    if (!page) throw new QueryError(400, missing);
    return page;
  }

  private ancestors(page: IndexedPage): Set<number> {
    const out = new Set<number>();
    for (let id = page.parent; id !== null; id = this.p.byId.get(id)?.parent ?? null) out.add(id);
    return out;
  }

  /** The filter backends, in Wagtail's order: fields, child_of, ancestor_of, descendant_of, order, translation_of, locale, search. */
  private filter(model: PageModel, pages: IndexedPage[]): IndexedPage[] {
    const filteredFields: string[] = [];
    for (const [name, value] of this.params) {
      const kind = model.db[name];
      if (!kind || name === "locale") continue;
      const wanted = this.filterValue(name, kind, value);
      pages = pages.filter((p) => this.equals(valueOf(p, name), wanted, kind));
      filteredFields.push(kind === "fk" ? `${name}_id` : name);
    }
    let byChildOf = false;
    if (this.params.has("child_of")) {
      const parent = this.pageParameter("child_of", true, "parent page doesn't exist");
      pages = pages.filter((p) => p.parent === parent.id);
      byChildOf = true;
    }
    if (this.params.has("ancestor_of")) {
      const page = this.pageParameter("ancestor_of", false, "descendant page doesn't exist");
      const ancestors = this.ancestors(page);
      pages = pages.filter((p) => ancestors.has(p.id));
      byChildOf = false; // a new queryset: Wagtail's marker is gone
    }
    if (this.params.has("descendant_of")) {
      if (byChildOf) throw new QueryError(400, "filtering by descendant_of with child_of is not supported");
      const ancestor = this.pageParameter("descendant_of", true, "ancestor page doesn't exist");
      pages = pages.filter((p) => this.ancestors(p).has(ancestor.id));
    }
    const order = this.ordering(model);
    if (this.params.has("translation_of")) {
      this.pageParameter("translation_of", true, "translation_of page doesn't exist");
      pages = []; // one locale: no page has a translation
    }
    if (this.params.has("locale") && this.params.get("locale") !== this.index.locale) {
      throw new QueryError(404, "No Locale matches the given query.");
    }
    if (this.params.has("search")) pages = this.search(pages, filteredFields, order);
    return order ? this.sort(pages, order) : pages;
  }

  private filterValue(name: string, kind: PageModel["db"][string], value: string): string | number | boolean | null {
    const invalid = (why: string) => new QueryError(400, `field filter error. '${value}' is not a valid value for ${name} (${why})`);
    switch (kind) {
      case "bool":
        if (value === "true" || value === "1") return true;
        if (value === "false" || value === "0") return false;
        throw invalid(`expected 'true' or 'false', got '${value}'`);
      case "int": {
        const n = pyInt(value);
        if (n === null) throw invalid(`invalid literal for int() with base 10: ${pyRepr(value)}`);
        return n;
      }
      case "fk": {
        const n = pyInt(value);
        if (n === null) throw invalid(`Field 'id' expected a number but got ${pyRepr(value)}.`);
        return n;
      }
      case "datetime": {
        const t = parseDjangoDateTime(value, this.index.time_zone);
        // Wagtail fails with a 500 here; answer a 400 with Django's own words.
        if (t === null) throw invalid(`“${value}” value has an invalid format. It must be in YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ] format.`);
        return t;
      }
      default:
        return value;
    }
  }

  private equals(have: string | number | boolean | null, wanted: string | number | boolean | null, kind: string): boolean {
    if (have === null) return false;
    if (kind === "datetime") return this.p.instant(have as string) === wanted;
    return have === wanted;
  }

  /** OrderingFilter: validates `order`; null keeps the tree order. */
  private ordering(model: PageModel): Ordering | null {
    return parseOrdering(this.params, ["id", ...model.body, ...model.meta], (name) => name in model.db);
  }

  private search(pages: IndexedPage[], filteredFields: string[], order: { keys: string[]; random: boolean } | null): IndexedPage[] {
    const query = this.params.get("search")!;
    if (query === "") return [];
    const operator = (this.params.get("search_operator") || "or").toLowerCase();
    // Wagtail 5.2 fails with a 500 here; answer a 400 in its style.
    if (operator !== "and" && operator !== "or") throw new QueryError(400, "search_operator must be either 'and' or 'or'");
    const indexed = new Set(this.index.search_filter_fields);
    for (const f of filteredFields) {
      if (!indexed.has(f)) throw new QueryError(400, `cannot filter by '${f}' while searching (field is not indexed)`);
    }
    if (order) {
      for (const key of order.random ? ["?"] : order.keys) {
        if (!indexed.has(key)) throw new QueryError(400, `cannot order by '${key}' while searching (field is not indexed)`);
      }
    }
    const matches = titleMatcher(query, operator);
    return pages.filter((p) => {
      let t = this.p.titleTokens.get(p.id);
      if (!t) this.p.titleTokens.set(p.id, (t = tokens(String(p.values.title ?? ""))));
      return matches(t);
    });
  }

  private sort(pages: IndexedPage[], order: { keys: string[]; reverse: boolean; random: boolean }): IndexedPage[] {
    if (order.random) return shuffled(pages);
    const out = [...pages];
    const sign = order.reverse ? -1 : 1;
    const pos = this.p.position;
    return out.sort((a, b) => {
      for (const key of order.keys) {
        const c = compareValues(valueOf(a, key), valueOf(b, key), key === "first_published_at" ? this.p.instant : null);
        if (c !== 0) return sign * c;
      }
      return pos.get(a.id)! - pos.get(b.id)!;
    });
  }

  private list(model: PageModel, pages: IndexedPage[]): QueryPlan {
    const offset = this.paging("offset", 0);
    const limit = this.paging("limit", LIMIT_MAX);
    if (limit > LIMIT_MAX) throw new QueryError(400, `limit cannot be higher than ${LIMIT_MAX}`);
    const fields = this.fields(model, "list");
    const slice = pages.slice(offset, offset + limit);
    const total = pages.length;
    return {
      kind: "documents",
      ids: slice.map((p) => p.id),
      render: (docs) => {
        const items = docs.map((d) => selectFields(parseDocument(d) as PageDocument, model, fields, this.index.locale));
        return { status: 200, json: serialize({ meta: { total_count: total }, items }) };
      },
    };
  }

  private paging(name: "offset" | "limit", fallback: number): number {
    const text = this.params.get(name);
    if (text === undefined) return fallback;
    const n = pyInt(text);
    if (n === null || n < 0) throw new QueryError(400, `${name} must be a positive integer`);
    return n;
  }

  private fields(model: PageModel, view: FieldsView): string[] {
    const text = this.params.get("fields");
    const config = text === undefined ? [] : parseFieldsParameter(text);
    return resolveFields(model, config, view, this.p.modelNamed);
  }

  private detail(querysetModel: PageModel, pages: IndexedPage[]): QueryPlan {
    const page = pages.find((p) => p.id === this.request.id);
    if (!page) {
      throw new QueryError(404, notFoundBody(querysetModel.name.split(".")[1]!).message);
    }
    const model = this.index.models[page.type]!;
    const custom = this.params.has("fields");
    const fields = this.fields(model, "detail");
    return {
      kind: "documents",
      ids: [page.id],
      render: ([doc]) => ({
        status: 200,
        // Without `fields` the detail is the document itself, byte for byte.
        json: custom ? serialize(selectFields(parseDocument(doc!) as PageDocument, model, fields, this.index.locale)) : doc!,
      }),
    };
  }

  /** find_view: `html_path` (routed from the site's root), then `id`; 302 to the page's detail. */
  private find(pages: IndexedPage[]): QueryAnswer {
    const inSet = new Set(pages.map((p) => p.id));
    const redirect = (page: IndexedPage): QueryAnswer => ({ status: 302, location: `${this.index.base_url}/api/v2/pages/${page.id}/` });
    if (this.params.has("html_path")) {
      const parts = this.params.get("html_path")!.split("/").filter((s) => s !== "");
      const page = this.p.byPath.get(parts.length === 0 ? "/" : `/${parts.join("/")}/`);
      if (!page) return messageAnswer(404, "not found");
      if (inSet.has(page.id)) return redirect(page);
    }
    if (this.params.has("id")) {
      const id = pyInt(this.params.get("id")!);
      const page = id === null ? undefined : this.p.byId.get(id);
      if (page && inSet.has(page.id)) return redirect(page);
    }
    return messageAnswer(404, "not found");
  }

}

function valueOf(page: IndexedPage, field: string): string | number | boolean | null {
  return field === "id" ? page.id : page.values[field] ?? null;
}

function memo(f: (text: string) => number): (text: string) => number {
  const seen = new Map<string, number>();
  return (text) => {
    let v = seen.get(text);
    if (v === undefined) seen.set(text, (v = f(text)));
    return v;
  };
}

/** SQLite's order: NULL first, numbers and booleans by value, text by code point, instants by time (`instant` reads timestamps). */
function compareValues(a: unknown, b: unknown, instant: ((iso: string) => number) | null): number {
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an || bn) return an === bn ? 0 : an ? -1 : 1;
  if (typeof a === "number" || typeof a === "boolean") return Number(a) - Number(b);
  if (instant) return instant(a as string) - instant(b as string);
  return compareCodePoints(String(a), String(b));
}
