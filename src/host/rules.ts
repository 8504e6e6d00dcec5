// The host-neutral model of how the API answers over HTTP (content format, section 8): which
// addresses exist and which file answers each, the headers, the redirects, the error bodies and
// the browsable page. Every host renderer is a pure function of this model.
import { EVENT_PAGES_NAME, OTHER_NOT_FOUND_BODY, PAGES_NAME } from "../runtime/bodies.js";
import type { ServedRules } from "../runtime/respond.js";
import type { Site } from "../model/site.js";
import type { CatalogueSource } from "../content/catalogue.js";

import type { Header } from "../runtime/browsable.js";
import type { QueryIndex } from "../runtime/query/query-index.js";
import { IMAGE_MODEL, IMAGES_NAME, IMAGES_PREFIX } from "../runtime/query/image-documents.js";
import { queryKeys, type QueryKeys } from "./query-keys.js";
import { idsOf } from "../model/site.js";

export type { Header };

export const ALLOW = "GET, HEAD, OPTIONS";
export const METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/** A collection of addresses under one prefix: `/api/v2/event_pages/`, `/api/v2/pages/` or `/api/v2/images/`. */
export interface Collection {
  prefix: string;
  /** Pages or images (the images endpoint's own queries and fields). */
  kind: "pages" | "images";
  /** Name of the view, as OPTIONS and the browsable page give it. */
  name: string;
  /** The page type named in its 404 body. */
  model: string;
  /** The ids with a detail document. */
  ids: number[];
  /** Whether the prefix itself answers (the list). */
  hasList: boolean;
  /** Output files (relative to --out) of its 404 and OPTIONS bodies. */
  notFoundFile: string;
  optionsFile: string;
}

/** One address that answers 200, and the files that answer it. */
export interface Document {
  path: string;
  file: string;
  /** The browsable rendering (`?format=api`), when the hosts asked for need it pre-rendered. */
  htmlFile: string;
  collection: Collection;
}

export interface HostModel {
  /** Headers of every JSON answer (200, 404, 405, OPTIONS), in the live API's order. */
  jsonHeaders: Header[];
  /** Headers of the browsable page. */
  htmlHeaders: Header[];
  collections: Collection[];
  documents: Document[];
  /** JSON 404 for any other address under /api/. */
  otherNotFoundFile: string;
  /** Allowed CORS origins ("*" for any); empty: no CORS headers, as the live API. */
  corsOrigins: string[];
  cacheControl: string | null;
  /** The query parameters Wagtail acts on, per view: what a host routes to its function by name. */
  queryKeys?: QueryKeys;
  /** Where the media folder is served from when it is inside the output (`/media/`): static files, never the API's answers. */
  mediaPrefix?: string | null;
  /** The catalogue's IANA zone, in which the query engine reads a `first_published_at` filter without an offset (nginx's module needs its offsets). */
  timeZone?: string;
}

export const OTHER_NOT_FOUND = { file: "api/v2/404.json", body: OTHER_NOT_FOUND_BODY };

/** Methods a host that cannot build the 405 body at request time answers from a file each. */
export const REFUSED_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export const methodNotAllowedFile = (method: string) => `api/v2/405/${method}.json`;


export { methodNotAllowedBody, notFoundBody, optionsBody } from "../runtime/bodies.js";

/** The headers of every JSON answer and of the browsable page, in the live API's order. */
export function answerHeaders(catalogue: Pick<CatalogueSource, "cache_control">): { jsonHeaders: Header[]; htmlHeaders: Header[] } {
  const common: Header[] = [
    ["Vary", "Accept"],
    ["Allow", ALLOW],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  const extra: Header[] = catalogue.cache_control ? [["Cache-Control", catalogue.cache_control]] : [];
  return {
    jsonHeaders: [["Content-Type", "application/json"], ...common, ...extra],
    htmlHeaders: [["Content-Type", "text/html; charset=utf-8"], ...common, ...extra],
  };
}


/** A collection's list (`id` null) or one of its details. */
function documentOf(c: Collection, id: number | null): Document {
  const dir = c.prefix.slice(1);
  return id === null
    ? { path: c.prefix, file: `${dir}index.json`, htmlFile: `${dir}index.api.html`, collection: c }
    : { path: `${c.prefix}${id}/`, file: `${dir}${id}/index.json`, htmlFile: `${dir}${id}/index.api.html`, collection: c };
}

/** The document that answers `path` (a list, or a detail of a page the collection has), without listing them all. */
export function documentAt(model: HostModel, path: string): Document | undefined {
  for (const c of model.collections) {
    if (!path.startsWith(c.prefix)) continue;
    const rest = path.slice(c.prefix.length);
    if (rest === "") return c.hasList ? documentOf(c, null) : undefined;
    const id = /^([0-9]+)\/$/.exec(rest);
    if (id && c.ids.includes(Number(id[1]))) return documentOf(c, Number(id[1]));
  }
  return undefined;
}

/**
 * The host model of a site; `imageIds`: the images the images endpoint publishes, ascending (each
 * image whose size is known); `queryIndex` is asked for only by the hosts that route queries by key (Vercel).
 * `mediaPrefix`: the media folder's address when the output holds it.
 */
export function buildHostModel(site: Site, imageIds: readonly number[], queryIndex: () => QueryIndex, mediaPrefix: string | null = null): HostModel {
  const eventIds = Array.from(idsOf(site.events));
  const pageIds = [...eventIds, site.parent.id, ...(site.parent.home ? [site.parent.home.id] : [])].sort((a, b) => a - b);
  const collections: Collection[] = [
    {
      prefix: "/api/v2/event_pages/", kind: "pages", name: EVENT_PAGES_NAME, model: "EventPage", ids: eventIds, hasList: true,
      notFoundFile: "api/v2/event_pages/404.json", optionsFile: "api/v2/event_pages/options.json",
    },
    {
      prefix: "/api/v2/pages/", kind: "pages", name: PAGES_NAME, model: "Page", ids: pageIds, hasList: true,
      notFoundFile: "api/v2/pages/404.json", optionsFile: "api/v2/pages/options.json",
    },
    {
      prefix: IMAGES_PREFIX, kind: "images", name: IMAGES_NAME, model: IMAGE_MODEL, ids: [...imageIds], hasList: true,
      notFoundFile: "api/v2/images/404.json", optionsFile: "api/v2/images/options.json",
    },
  ];
  let documents: Document[] | undefined;
  let keys: QueryKeys | undefined;
  return {
    ...answerHeaders(site.catalogue),
    collections,
    // Two objects a page, and only Netlify's rules list them all: made on first use.
    get documents(): Document[] {
      return (documents ??= collections.flatMap((c) => [...(c.hasList ? [documentOf(c, null)] : []), ...c.ids.map((id) => documentOf(c, id))]));
    },
    otherNotFoundFile: OTHER_NOT_FOUND.file,
    corsOrigins: site.catalogue.cors_origins,
    cacheControl: site.catalogue.cache_control,
    mediaPrefix,
    timeZone: site.catalogue.time_zone,
    // Read by Vercel's routes alone: made on first use, once.
    get queryKeys(): QueryKeys {
      return (keys ??= queryKeys(queryIndex()));
    },
  };
}

/** The single CORS origin a static header can name, or null when none or several are allowed. */
export function staticCorsOrigin(model: HostModel): string | null {
  if (model.corsOrigins.includes("*")) return "*";
  return model.corsOrigins.length === 1 ? model.corsOrigins[0]! : null;
}

export const CORS_PREFLIGHT_HEADERS: Header[] = [
  ["Access-Control-Allow-Methods", ALLOW],
  ["Access-Control-Allow-Headers", "Accept, Content-Type, Authorization"],
  ["Access-Control-Max-Age", "86400"],
];

/** What the runtime responder (src/runtime/respond.ts) needs of the model. */
export function servedRules(model: HostModel, browsableTemplate: string): ServedRules {
  return {
    jsonHeaders: model.jsonHeaders,
    htmlHeaders: model.htmlHeaders,
    corsOrigins: model.corsOrigins,
    preflightHeaders: CORS_PREFLIGHT_HEADERS,
    collections: model.collections.map((c) => ({ prefix: c.prefix, name: c.name, model: c.model, hasList: c.hasList, ids: c.ids })),
    browsableTemplate,
    ...(model.mediaPrefix ? { mediaPrefix: model.mediaPrefix } : {}),
  };
}

/** A host's rule file: what a renderer returns. */
export interface HostFile {
  /** Relative to --out. */
  path: string;
  text: string;
}

export interface Host {
  name: string;
  /** Whether it serves the browsable page from pre-rendered files (`index.api.html`). */
  prerendersBrowsable: boolean;
  /**
   * Whether it answers `/api/v2/event_pages/<id>/` from `/api/v2/pages/<id>/`'s file (the same
   * bytes), so a build for it alone writes each event page's detail once.
   */
  readsEventDetailsFromPages?: boolean;
  render: (model: HostModel) => HostFile[];
}
