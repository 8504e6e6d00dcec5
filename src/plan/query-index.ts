// Builds the query index (src/runtime/query/query-index.ts) from the validated site: the page
// tree in Wagtail's order, the database fields' values, and each model's fields as the reference
// Wagtail declares them. The event page's fields come from the API's response schemas, so the
// index can never list a field the documents do not carry.
import { eventDetailSchema, fullerEventDetailSchema } from "../api/schemas.js";
import { PARENT_TYPE } from "../enrich/parent-page.js";
import { isoformat } from "../runtime/time/format-dates.js";
import { QUERY_INDEX_FORMAT, type FieldKind, type IndexedPage, type PageModel, type QueryIndex } from "../runtime/query/query-index.js";
import type { Site } from "../model/site.js";
import { eachEvent } from "../engine/summary-store.js";

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

/** Where buildQueryIndex keeps its maker of the pages one by one (not a key of the index's JSON). */
const EACH_PAGE = Symbol("each page");

export function buildQueryIndex(site: Site): QueryIndex {
  const c = site.catalogue;
  const p = site.parent;
  const names = [PAGE, PARENT_TYPE, EVENT_PAGE];
  if (p.home && !names.includes(p.home.type)) names.push(p.home.type);
  const models = names.map((n) => (n === EVENT_PAGE ? eventModel() : pageModel(n)));
  models.push({ name: "wagtailcore.Locale", body: [], meta: ["type", "detail_url"], detailOnly: [], db: {}, relations: {}, page: false });
  const type = (name: string) => names.indexOf(name);
  const when = (i: Parameters<typeof isoformat>[0] | null) => (i ? isoformat(i, c.time_zone) : null);
  const common = { alias_of: null };

  const first: IndexedPage[] = [];
  if (p.home) {
    const h = p.home;
    first.push({
      id: h.id, type: type(h.type), parent: null, path: "/",
      values: { ...common, title: h.title, slug: h.slug, show_in_menus: h.show_in_menus, seo_title: h.seo_title, search_description: h.search_description, first_published_at: when(h.firstPublished) },
    });
  }
  first.push({
    id: p.id, type: type(PARENT_TYPE), parent: p.home?.id ?? null, path: p.url,
    values: { ...common, title: p.title, slug: p.slug, show_in_menus: p.show_in_menus, seo_title: p.seo_title, search_description: p.search_description, first_published_at: when(p.firstPublished) },
  });
  const eventType = type(EVENT_PAGE);
  // The event pages one by one, as the writer asks for them: a list of them all was two objects
  // a page held to the end of the build (made only for a host that routes lookups).
  function* each(copied?: (id: number) => boolean): Generator<IndexedPage | number> {
    yield* first;
    for (const e of eachEvent(site.events, copied)) {
      if (typeof e === "number") {
        yield e;
        continue;
      }
      yield {
        id: e.id, type: eventType, parent: p.id, path: `${p.url}${e.slug}/`,
        // A literal, not a spread of `common`: one shape for every page.
        values: {
          alias_of: null, title: e.title, slug: e.slug, show_in_menus: e.show_in_menus, seo_title: e.seo_title, search_description: e.search_description,
          first_published_at: e.first_published_at, on_sale: e.on_sale, is_education_event: e.is_education_event,
          custom_label: e.custom_label, ticket_button_text: e.ticket_button_text,
        },
      };
    }
  }
  let pages: IndexedPage[] | undefined;
  const index: QueryIndex = {
    format: QUERY_INDEX_FORMAT,
    base_url: c.base_url,
    site_hosts: hosts(c.base_url, c.site_url),
    time_zone: c.time_zone,
    locale: "en",
    models,
    get pages(): IndexedPage[] {
      return (pages ??= [...(each() as Generator<IndexedPage>)]);
    },
    search_filter_fields: SEARCH_FILTER_FIELDS,
  };
  Object.defineProperty(index, EACH_PAGE, { value: each, enumerable: false });
  return index;
}

/**
 * The index's pages in order, made one by one when the index was built here (else its list): an
 * event page for which `copied(id)` holds is not made, only its id given (a rebuild copies it).
 */
export function eachIndexedPage(index: QueryIndex, copied?: (id: number) => boolean): Iterable<IndexedPage | number> {
  const each = (index as { [EACH_PAGE]?: (copied?: (id: number) => boolean) => Iterable<IndexedPage | number> })[EACH_PAGE];
  return each ? each(copied) : index.pages;
}
