// Pre-renders the lookups static hosts answer without code (src/host/lookups.ts): each answer is
// planned and rendered by the query engine itself, from the same detail documents, so a host
// serves the bytes the preview and the Cloudflare worker answer. The documents arrive one by one
// as the plan writes them; an answer is rendered once every document it lists has been seen, so
// only the documents of answers still waiting are held in memory.
import { planQuery, type QueryAnswer, type QueryRoute } from "../runtime/query/engine.js";
import type { QueryIndex } from "../runtime/query/query-index.js";
import { EMPTY_LOOKUP_FILE, lookupSlugs, slugLookupDir, typeLookupDir, typeSlugLookupDir } from "../host/lookups.js";

export interface LookupFile {
  path: string;
  text: string;
}

/** One pre-rendered lookup: the request it answers and the folder it is written to. */
export interface Lookup {
  route: QueryRoute;
  /** The query string, as the browsable page shows it (without `?`). */
  query: string;
  dir: string;
  /** The slug it asks for, if any. */
  slug?: string;
}

/** The browsable page of an answer, or null when no host serves it from files. */
export type BrowsableRenderer = (route: QueryRoute, query: string, json: string) => string | null;

interface Waiting {
  lookup: Lookup;
  ids: number[];
  docs: Map<number, string>;
  render: (docs: readonly string[]) => QueryAnswer;
}

/** Every lookup of the catalogue: slug on both routes, each page type, each type with each slug (lookupSlugs). */
export function lookupsOf(index: QueryIndex): Lookup[] {
  const slugs = lookupSlugs(index);
  return [
    ...slugs.pages.map((slug): Lookup => ({ route: "pages", query: `slug=${slug}`, dir: slugLookupDir("pages", slug), slug })),
    ...slugs.event_pages.map((slug): Lookup => ({ route: "event_pages", query: `slug=${slug}`, dir: slugLookupDir("event_pages", slug), slug })),
    ...slugs.byType.flatMap(([type, ofType]): Lookup[] => [
      { route: "pages", query: `type=${type}`, dir: typeLookupDir(type) },
      ...ofType.map((slug): Lookup => ({ route: "pages", query: `slug=${slug}&type=${type}`, dir: typeSlugLookupDir(type, slug), slug })),
    ]),
  ];
}

export class LookupRenderer {
  private readonly waiting = new Map<number, Waiting[]>();
  private readonly ready: LookupFile[] = [];
  private pending = 0;

  /** Per slug, the index narrowed to the pages that have it (see plan). */
  private readonly bySlug = new Map<string, QueryIndex>();

  constructor(private readonly index: QueryIndex, private readonly browsable: BrowsableRenderer) {
    for (const page of index.pages) {
      const slug = String(page.values.slug);
      const narrowed = this.bySlug.get(slug) ?? { ...index, pages: [] };
      narrowed.pages.push(page);
      this.bySlug.set(slug, narrowed);
    }
    for (const lookup of lookupsOf(index)) this.plan(lookup);
    // The answer to a slug no page has ("-" is never a slug): no documents, rendered at once.
    const empty = planQuery(index, { route: "pages", view: "list", query: "slug=-" });
    if (empty.kind !== "documents" || empty.ids.length !== 0) throw new Error("lookups: the empty answer needs no documents");
    const answer = empty.render([]);
    if (answer.status !== 200 || !("json" in answer)) throw new Error("lookups: the empty answer is not a 200");
    this.ready.push({ path: EMPTY_LOOKUP_FILE, text: answer.json });
  }

  private plan(lookup: Lookup): void {
    // A slug lookup keeps only the pages with that slug, whatever else it asks: so the engine may
    // plan it over those pages alone (in tree order still), and the whole build stays linear.
    const index = lookup.slug === undefined ? this.index : this.bySlug.get(lookup.slug)!;
    const plan = planQuery(index, { route: lookup.route, view: "list", query: lookup.query });
    if (plan.kind !== "documents") throw new Error(`lookups: ${lookup.route}/?${lookup.query} does not answer with documents`);
    const w: Waiting = { lookup, ids: plan.ids, docs: new Map(), render: plan.render };
    if (w.ids.length === 0) return this.finish(w);
    this.pending++;
    for (const id of new Set(w.ids)) {
      const list = this.waiting.get(id) ?? [];
      list.push(w);
      this.waiting.set(id, list);
    }
  }

  private finish(w: Waiting): void {
    const answer = w.render(w.ids.map((id) => w.docs.get(id)!));
    if (answer.status !== 200 || !("json" in answer)) {
      throw new Error(`lookups: ${w.lookup.route}/?${w.lookup.query} answered ${answer.status}, not a list`);
    }
    this.ready.push({ path: `${w.lookup.dir}index.json`, text: answer.json });
    const html = this.browsable(w.lookup.route, w.lookup.query, answer.json);
    if (html !== null) this.ready.push({ path: `${w.lookup.dir}index.api.html`, text: html });
  }

  /** A page's detail document (`/api/v2/pages/<id>/`), as written; returns the answers it completes. */
  document(id: number, json: string): LookupFile[] {
    for (const w of this.waiting.get(id) ?? []) {
      w.docs.set(id, json);
      if (w.docs.size === new Set(w.ids).size) {
        this.pending--;
        this.finish(w);
      }
    }
    this.waiting.delete(id);
    return this.ready.splice(0);
  }

  /** The answers still to write; every document must have been given. */
  end(): LookupFile[] {
    if (this.pending !== 0) throw new Error(`lookups: ${this.pending} answers are missing documents`);
    return this.ready.splice(0);
  }
}
