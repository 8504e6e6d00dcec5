// The host-neutral model of how the API answers over HTTP (content format, section 8): which
// addresses exist and which file answers each, the headers, the redirects, the error bodies and
// the browsable page. Every host renderer is a pure function of this model.
import type { SiteSettings } from "../validate/site.js";

export type Header = readonly [name: string, value: string];

export const ALLOW = "GET, HEAD, OPTIONS";
export const METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/** A collection of addresses under one prefix: `/api/v2/event_pages/` or `/api/v2/pages/`. */
export interface Collection {
  prefix: string;
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
}

export const OTHER_NOT_FOUND = { file: "api/v2/404.json", body: { message: "Not found." } };

/** Methods a host that cannot build the 405 body at request time answers from a file each. */
export const REFUSED_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export const methodNotAllowedFile = (method: string) => `api/v2/405/${method}.json`;

export function notFoundBody(model: string) {
  return { message: `No ${model} matches the given query.` };
}

/** `{"detail": "Method \"POST\" not allowed."}`, as Django REST framework answers. */
export function methodNotAllowedBody(method: string) {
  return { detail: `Method "${method}" not allowed.` };
}

export function optionsBody(name: string) {
  return {
    name,
    description: "",
    renders: ["application/json", "text/html"],
    parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
  };
}

/** The files that answer a collection's document (`id` null: the list). */
export function documentFiles(c: Pick<Collection, "prefix">, id: number | null): { path: string; file: string; htmlFile: string } {
  const dir = id === null ? c.prefix.slice(1) : `${c.prefix.slice(1)}${id}/`;
  return { path: `/${dir}`, file: `${dir}index.json`, htmlFile: `${dir}index.api.html` };
}

/** The model of a catalogue whose event pages have these ids (ascending); none: headers and collections only. */
export function buildHostModel(site: SiteSettings & { events?: readonly { source: { id: number } }[] }, ids?: readonly number[]): HostModel {
  const eventIds = ids ? [...ids] : (site.events ?? []).map((e) => e.source.id);
  const pageIds = [...eventIds, site.parent.id].sort((a, b) => a - b);
  const collections: Collection[] = [
    {
      prefix: "/api/v2/event_pages/", name: "Event Pages Api", model: "EventPage", ids: eventIds, hasList: true,
      notFoundFile: "api/v2/event_pages/404.json", optionsFile: "api/v2/event_pages/options.json",
    },
    {
      prefix: "/api/v2/pages/", name: "Pages Api", model: "Page", ids: pageIds, hasList: false,
      notFoundFile: "api/v2/pages/404.json", optionsFile: "api/v2/pages/options.json",
    },
  ];
  // Listed on first use: hosts that never list ids (serve, nginx, Netlify and Vercel at scale)
  // do not pay for two objects and six strings per page.
  let documents: Document[] | null = null;
  const listDocuments = (): Document[] => {
    if (documents) return documents;
    documents = [];
    for (const c of collections) {
      if (c.hasList) documents.push({ ...documentFiles(c, null), collection: c });
      for (const id of c.ids) documents.push({ ...documentFiles(c, id), collection: c });
    }
    return documents;
  };
  const common: Header[] = [
    ["Vary", "Accept"],
    ["Allow", ALLOW],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  const extra: Header[] = site.catalogue.cache_control ? [["Cache-Control", site.catalogue.cache_control]] : [];
  return {
    jsonHeaders: [["Content-Type", "application/json"], ...common, ...extra],
    htmlHeaders: [["Content-Type", "text/html; charset=utf-8"], ...common, ...extra],
    collections,
    get documents() {
      return listDocuments();
    },
    otherNotFoundFile: OTHER_NOT_FOUND.file,
    corsOrigins: site.catalogue.cors_origins,
    cacheControl: site.catalogue.cache_control,
  };
}

/** How many documents the model has (the lists and every id of each collection), without listing them. */
export function documentCount(model: HostModel): number {
  return model.collections.reduce((n, c) => n + c.ids.length + (c.hasList ? 1 : 0), 0);
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
