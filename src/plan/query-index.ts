// Plans the query index (src/runtime/query/query-index.ts) from the validated site: the page
// tree in Wagtail's order, the database fields' values, and each model's fields as the reference
// Wagtail declares them; written in pieces, a page at a time. The event page's fields come from the API's response schemas, so the
// index can never list a field the documents do not carry.
import { eventDetailSchema, fullerEventDetailSchema } from "../api/schemas.js";
import { PARENT_TYPE } from "../enrich/parent-page.js";
import { isoformat } from "../runtime/time/format-dates.js";
import { QUERY_INDEX_FORMAT, type FieldKind, type IndexedPage, type PageModel, type QueryIndex } from "../runtime/query/query-index.js";
import { lazily, type PageSummary, type Site } from "../model/site.js";
import type { Piece, PreviousFile } from "../model/output.js";

const PAGE = "wagtailcore.Page";
const EVENT_PAGE = "events.EventPage";

/** PagesAPIViewSet.meta_fields: every page's meta, in Wagtail's order. */
const PAGE_META = ["type", "detail_url", "html_url", "slug", "show_in_menus", "seo_title", "search_description", "first_published_at", "alias_of", "parent", "locale"];
/** Columns of wagtailcore.Page among the API's fields. */
const PAGE_DB: Record<string, FieldKind> = {
  id: "int", title: "text", slug: "text", show_in_menus: "bool", seo_title: "text", search_description: "text",
  first_published_at: "datetime", alias_of: "fk", locale: "fk",
};
/** The columns an event page adds (the reference Wagtail's events.EventPage). */
const EVENT_DB: Record<string, FieldKind> = { on_sale: "bool", is_education_event: "bool", custom_label: "text", ticket_button_text: "text" };
/** Page.search_fields' FilterFields (attribute names): what may filter or order a search. */
const SEARCH_FILTER_FIELDS = [
  "title", "id", "live", "owner_id", "content_type_id", "path", "depth", "locked", "show_in_menus",
  "first_published_at", "last_published_at", "latest_revision_created_at", "locale_id", "translation_key",
];

function pageModel(name: string): PageModel {
  return { name, body: ["title"], meta: PAGE_META, detailOnly: ["parent"], db: PAGE_DB, relations: { alias_of: PAGE, locale: "wagtailcore.Locale" }, page: true };
}

function eventModel(): PageModel {
  const plain = Object.keys(eventDetailSchema.shape).filter((k) => k !== "id" && k !== "meta");
  const fuller = Object.keys(fullerEventDetailSchema.shape).filter((k) => !plain.includes(k) && k !== "id" && k !== "meta");
  // The reference Wagtail lists the fuller rendering's fields on the detail only.
  return { ...pageModel(EVENT_PAGE), body: [...plain, ...fuller], detailOnly: ["parent", ...fuller], db: { ...PAGE_DB, ...EVENT_DB } };
}

function hosts(...urls: string[]): string[] {
  return [...new Set(urls.flatMap((u) => {
    const url = new URL(u);
    return url.port ? [url.host] : [url.hostname, `${url.hostname}:${url.protocol === "https:" ? 443 : 80}`];
  }))];
}

/** The index's keys in the order its JSON has them. */
const INDEX_KEYS: readonly (keyof QueryIndex)[] = ["format", "base_url", "site_hosts", "time_zone", "locale", "models", "pages", "search_filter_fields"];

/**
 * The query index of a site. Its event pages are made one at a time, as the writer takes them
 * (`pieces`); only a host that routes lookups asks for the whole index (`index`), which then holds
 * them all.
 */
export class QueryIndexPlan {
  private readonly head: Omit<QueryIndex, "pages">;
  private readonly first: IndexedPage[] = [];
  private whole: QueryIndex | null = null;

  constructor(private readonly site: Site) {
    const c = site.catalogue;
    const p = site.parent;
    const names = [PAGE, PARENT_TYPE, EVENT_PAGE];
    if (p.home && !names.includes(p.home.type)) names.push(p.home.type);
    const models = names.map((n) => (n === EVENT_PAGE ? eventModel() : pageModel(n)));
    models.push({ name: "wagtailcore.Locale", body: [], meta: ["type", "detail_url"], detailOnly: [], db: {}, relations: {}, page: false });
    this.types = names;
    this.head = { format: QUERY_INDEX_FORMAT, base_url: c.base_url, site_hosts: hosts(c.base_url, c.site_url), time_zone: c.time_zone, locale: "en", models, search_filter_fields: SEARCH_FILTER_FIELDS };
    const when = (i: Parameters<typeof isoformat>[0] | null) => (i ? isoformat(i, c.time_zone) : null);
    if (p.home) {
      const h = p.home;
      this.first.push({
        id: h.id, type: this.type(h.type), parent: null, path: "/",
        values: { alias_of: null, title: h.title, slug: h.slug, show_in_menus: h.show_in_menus, seo_title: h.seo_title, search_description: h.search_description, first_published_at: when(h.firstPublished) },
      });
    }
    this.first.push({
      id: p.id, type: this.type(PARENT_TYPE), parent: p.home?.id ?? null, path: p.url,
      values: { alias_of: null, title: p.title, slug: p.slug, show_in_menus: p.show_in_menus, seo_title: p.seo_title, search_description: p.search_description, first_published_at: when(p.firstPublished) },
    });
  }

  private readonly types: string[];
  private type(name: string): number {
    return this.types.indexOf(name);
  }

  /** An event page of the index. */
  private eventPage(e: PageSummary): IndexedPage {
    const p = this.site.parent;
    return {
      id: e.id, type: this.type(EVENT_PAGE), parent: p.id, path: `${p.url}${e.slug}/`,
      // A literal: one shape for every page.
      values: {
        alias_of: null, title: e.title, slug: e.slug, show_in_menus: e.show_in_menus, seo_title: e.seo_title, search_description: e.search_description,
        first_published_at: e.first_published_at, on_sale: e.on_sale, is_education_event: e.is_education_event,
        custom_label: e.custom_label, ticket_button_text: e.ticket_button_text,
      },
    };
  }

  /** The whole index, every page held (made once). */
  get index(): QueryIndex {
    if (!this.whole) {
      const pages = [...this.first];
      for (const e of this.site.events) pages.push(this.eventPage(e));
      const h = this.head;
      this.whole = { format: h.format, base_url: h.base_url, site_hosts: h.site_hosts, time_zone: h.time_zone, locale: h.locale, models: h.models, pages, search_filter_fields: h.search_filter_fields };
    }
    return this.whole;
  }

  /**
   * JSON.stringify(index) in pieces, a page each; a page `reused(id)` is an item the writer copies
   * from `previous` (the index the previous build wrote, whose first pages are made again: they are
   * the settings').
   */
  *pieces(previous: PreviousFile | null = null, reused: (id: number) => boolean = () => false): Generator<Piece> {
    let text = "{";
    for (const [i, key] of INDEX_KEYS.entries()) {
      text += `${i === 0 ? "" : ","}${JSON.stringify(key)}:`;
      if (key !== "pages") {
        text += JSON.stringify(this.head[key as Exclude<keyof QueryIndex, "pages">]);
        continue;
      }
      text += "[";
      this.first.forEach((page, n) => (text += `${n === 0 ? "" : ","}${JSON.stringify(page)}`));
      yield text;
      for (const [id, summary] of lazily(this.site.events)) {
        const make = () => JSON.stringify(this.eventPage(summary()));
        yield ",";
        yield previous && reused(id) ? { item: id, from: previous, make } : make();
      }
      text = "]";
    }
    yield `${text}}`;
  }
}
