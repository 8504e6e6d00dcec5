// The list lookups a static host answers without code (content format, section 8; docs/hosts.md):
// `?slug=` on both routes, `?type=`, the two combined, and `find/?html_path=`. The build writes
// their answers under `_lookup/` (src/emit/lookups.ts); the hosts route to them by query string
// and answer every other list query with a 400 that says so. Paths, the parameters Wagtail acts
// on, and the words of that 400 live here, for every renderer.
import { serialize } from "../runtime/serialize.js";
import type { QueryIndex } from "../runtime/query/query-index.js";

export const LOOKUP_DIR = "_lookup";
/** `{"meta": {"total_count": 0}, "items": []}`: Wagtail's answer to a slug no page has. */
export const EMPTY_LOOKUP_FILE = `${LOOKUP_DIR}/empty.json`;
/** Wagtail's 404 body for a `find/` that names no page. */
export const FIND_NOT_FOUND_BODY = serialize({ message: "not found" });

export type LookupRoute = "pages" | "event_pages";

/** Folder of a lookup's answer (`index.json`, and `index.api.html` for the browsable page). */
export const slugLookupDir = (route: LookupRoute, slug: string) => `${LOOKUP_DIR}/${route}/slug/${slug}/`;
export const typeLookupDir = (type: string) => `${LOOKUP_DIR}/pages/type/${type}/`;
export const typeSlugLookupDir = (type: string, slug: string) => `${LOOKUP_DIR}/pages/type/${type}/slug/${slug}/`;

/** Operations of Wagtail's list views (BaseAPIViewSet.known_query_parameters), besides `type` and `format`. */
const OPERATIONS = [
  "limit", "offset", "fields", "order", "search", "search_operator",
  "child_of", "ancestor_of", "descendant_of", "translation_of", "locale", "site",
];
/** Parameters Wagtail ignores on every view (a client's cache-buster). */
export const IGNORED_PARAMETERS = ["_"];

export interface LookupRules {
  /** Absolute base of the API: find answers redirect to `<baseUrl>/api/v2/pages/<id>/`. */
  baseUrl: string;
  /** Page types `?type=` is pre-rendered for, alone and with `?slug=`. */
  types: string[];
  /** Parameters Wagtail acts on in a list, other than slug, type and format: refused (400). */
  listRefused: string[];
  /** Parameters Wagtail acts on in a detail (fields, and the filters it applies to the one page): refused (400). */
  detailRefused: string[];
  /** Every page: its path on the site (what `find/?html_path=` names), id, and whether it is an event page. */
  pages: { path: string; id: number; event: boolean }[];
  /** The slugs a lookup is pre-rendered for (lookupSlugs). */
  slugs: LookupSlugs;
}

/** The slugs each pre-rendered lookup holds, each once, in tree order. */
export interface LookupSlugs {
  /** `/api/v2/pages/?slug=`: every page's. */
  pages: string[];
  /** `/api/v2/event_pages/?slug=`: the event pages'. */
  event_pages: string[];
  /** `/api/v2/pages/?slug=&type=`, per page type (in the order of `types`): the slugs of its pages. */
  byType: [type: string, slugs: string[]][];
}

/** Which lookups exist: the build writes an answer for each (src/emit/lookups.ts), and the hosts' rules name them. */
export function lookupSlugs(index: QueryIndex): LookupSlugs {
  const slugOf = (p: QueryIndex["pages"][number]) => String(p.values.slug);
  const unique = (pages: QueryIndex["pages"]) => [...new Set(pages.map(slugOf))];
  const eventType = index.models.findIndex((m) => m.name === "events.EventPage");
  return {
    pages: unique(index.pages),
    event_pages: unique(index.pages.filter((p) => p.type === eventType)),
    byType: index.models.flatMap((model, i) =>
      model.page ? [[model.name, unique(index.pages.filter((p) => model.name === "wagtailcore.Page" || p.type === i))] as [string, string[]]] : [],
    ),
  };
}

export function lookupRules(index: QueryIndex): LookupRules {
  const pageModels = index.models.filter((m) => m.page);
  const dbFields = [...new Set(pageModels.flatMap((m) => Object.keys(m.db)))];
  const eventType = index.models.findIndex((m) => m.name === "events.EventPage");
  return {
    baseUrl: index.base_url,
    types: pageModels.map((m) => m.name),
    listRefused: [...OPERATIONS, ...dbFields.filter((f) => f !== "slug" && !OPERATIONS.includes(f))],
    detailRefused: [...OPERATIONS.filter((o) => o !== "limit" && o !== "offset"), "type", ...dbFields.filter((f) => !OPERATIONS.includes(f))],
    pages: index.pages.map((p) => ({ path: p.path, id: p.id, event: p.type === eventType })),
    slugs: lookupSlugs(index),
  };
}

/** The 400 a static host answers for a query it has not pre-rendered; `withFind`: it answers find/ too. */
export function refusalBody(rules: LookupRules, withFind: boolean): string {
  const lookups = [
    "?slug=",
    `?type= (${rules.types.join(", ")})`,
    "?slug= with ?type=",
    ...(withFind ? ["find/?html_path="] : []),
  ];
  return serialize({
    message:
      `This static host answers only the pre-rendered lookups: ${lookups.join(", ")}; each may add format=json or format=api. ` +
      `${withFind ? "Other queries" : "find/ and other queries"} (limit, offset, fields, order, search, filters, and fields on a detail) need the full query engine: ` +
      "build-catalogue preview, or the Cloudflare worker (--host cloudflare).",
  });
}

/** The images endpoint's query parameters (ImagesAPIViewSet: its operations and the image's fields): a static host answers none. */
export const IMAGE_LIST_PARAMETERS = ["limit", "offset", "fields", "order", "search", "search_operator", "id", "title", "width", "height", "tags"];
/** What Wagtail applies to an image's detail (it ignores any other parameter there). */
export const IMAGE_DETAIL_PARAMETERS = IMAGE_LIST_PARAMETERS.filter((p) => p !== "limit" && p !== "offset");
/** The 400 body of an images query on a static host, written once for the hosts that answer it from a file. */
export const IMAGES_REFUSAL_FILE = `${LOOKUP_DIR}/400.images.json`;

/** The 400 a static host answers for a query of the images endpoint: it serves the list and the details only. */
export function imageRefusalBody(): string {
  return serialize({
    message:
      "This static host answers the images endpoint's list (/api/v2/images/) and details (/api/v2/images/<id>/) only; each may add format=json or format=api. " +
      `Its queries (${IMAGE_LIST_PARAMETERS.join(", ")}, and find/) need the full query engine: build-catalogue preview, or the Cloudflare worker (--host cloudflare).`,
  });
}
