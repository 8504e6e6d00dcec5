// Rules for Vercel: vercel.json for deploying the output folder as a static project. Only
// `routes` can answer 301 (trailingSlash answers 308) and 404 or 405 with bodies of our own, and
// `routes` cannot be mixed with headers/redirects/rewrites, so everything is a route. Vercel
// matches `src` ignoring case unless a route says `caseSensitive`, and `has` values always
// ignoring case, as unanchored regular expressions: every route is case-sensitive but the last
// 404, and every value is anchored.
import { methodNotAllowedFile, REFUSED_METHODS, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { VERCEL_ROUTES } from "./limits.js";
import { OPENAPI_PATH } from "../runtime/respond.js";
import {
  EMPTY_LOOKUP_FILE, FIND_NOT_FOUND_BODY, IMAGE_DETAIL_PARAMETERS, IMAGE_LIST_PARAMETERS, IMAGES_REFUSAL_FILE, LOOKUP_DIR, refusalBody, type LookupRules,
} from "./lookups.js";

/** The 400 body of a query no file answers (a route answers its status with a file's bytes). */
export const VERCEL_REFUSAL_FILE = `${LOOKUP_DIR}/400.vercel.json`;
/**
 * Wagtail's 404 of a `find/` that names no page. Under /api/: `vercel build` adds an error route
 * that answers any other 404 outside /api/ with the site's 404.html.
 */
export const VERCEL_FIND_NOT_FOUND_FILE = "api/v2/find/404.vercel.json";

type Route = Record<string, unknown>;
type Headers = Record<string, string>;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IDS_PER_ROUTE = 400; // keeps each route's source short on large catalogues
const exact = { caseSensitive: true };

export function renderVercel(model: HostModel): HostFile[] {
  const cors = staticCorsOrigin(model);
  const headersOf = (list: readonly (readonly [string, string])[]) =>
    Object.fromEntries([...list, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])]);
  const json = headersOf(model.jsonHeaders);
  const html = headersOf(model.htmlHeaders);
  const browsable = [query("format", "^api$")];

  const start: Route[] = [
    // The OpenAPI document: a file with a name, served as it is.
    { src: `^${escapeRegex(OPENAPI_PATH)}$`, ...exact, methods: ["GET", "HEAD"], dest: OPENAPI_PATH, headers: json },
    ...REFUSED_METHODS.map((method) => ({ src: `^${escapeRegex(OPENAPI_PATH)}$`, ...exact, methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json })),
    // A path without its trailing slash: 301 (Vercel keeps the query string on redirects).
    { src: "^/api/(.*[^/])$", ...exact, status: 301, headers: { Location: "/api/$1/" } },
  ];
  for (const c of model.collections) {
    start.push({ src: `^${escapeRegex(c.prefix)}.*$`, ...exact, methods: ["OPTIONS"], dest: `/${c.optionsFile}`, headers: json });
  }
  for (const method of REFUSED_METHODS) {
    start.push({ src: "^/api/.*$", ...exact, methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json });
  }
  // The images endpoint's queries: only the query engine answers them, 400.
  const images: Route[] = model.collections.filter((c) => c.kind === "images").flatMap((c) => {
    const prefix = escapeRegex(c.prefix);
    const refused = { status: 400, dest: `/${IMAGES_REFUSAL_FILE}`, headers: json };
    return [
      { src: `^${prefix}find/$`, ...exact, ...refused },
      ...IMAGE_LIST_PARAMETERS.map((k) => ({ src: `^${prefix}$`, ...exact, has: [query(k)], ...refused })),
      ...IMAGE_DETAIL_PARAMETERS.map((k) => ({ src: `^${prefix}[0-9]+/$`, ...exact, has: [query(k)], ...refused })),
    ];
  });
  const documents: Route[] = [];
  for (const [has, suffix, headers] of [[browsable, "index.api.html", html], [null, "index.json", json]] as const) {
    for (const c of model.collections) {
      const prefix = escapeRegex(c.prefix);
      if (c.hasList) documents.push({ src: `^${prefix}$`, ...exact, ...(has ? { has } : {}), dest: `${c.prefix}${suffix}`, headers });
      // Ids are listed, so an unknown one falls through to the 404 routes below.
      for (let i = 0; i < c.ids.length; i += IDS_PER_ROUTE) {
        const ids = c.ids.slice(i, i + IDS_PER_ROUTE).join("|");
        documents.push({ src: `^${prefix}(${ids})/$`, ...exact, ...(has ? { has } : {}), dest: `${c.prefix}$1/${suffix}`, headers });
      }
    }
  }
  const end: Route[] = [
    ...model.collections.map((c) => ({ src: `^${escapeRegex(c.prefix)}.*$`, ...exact, status: 404, dest: `/${c.notFoundFile}`, headers: json })),
    // Any other address under /api/, in any case (Vercel's own 404 is an HTML page).
    { src: "^/api/.*$", status: 404, dest: `/${model.otherNotFoundFile}`, headers: json },
  ];

  const lookups = model.lookups;
  const assemble = (find: boolean) => [
    ...start,
    ...(lookups ? queryRoutes(lookups, json, html, find) : []),
    ...images,
    ...documents,
    ...end,
    ...(lookups ? missRoutes(json) : []),
  ];
  // find/ has one route a page: written while every route fits Vercel's limit.
  let routes = lookups ? assemble(true) : assemble(false);
  const find = lookups !== undefined && routes.length <= VERCEL_ROUTES;
  if (!find) routes = assemble(false);
  return [
    { path: "vercel.json", text: `${JSON.stringify({ routes }, null, 2)}\n` },
    ...(lookups
      ? [
          { path: VERCEL_REFUSAL_FILE, text: refusalBody(lookups, find) },
          { path: VERCEL_FIND_NOT_FOUND_FILE, text: FIND_NOT_FOUND_BODY },
        ]
      : []),
  ];
}

type Condition = { type: "query"; key: string; value?: string };
/** A query condition: the key present, and with `value`, a value that regular expression matches whole. */
function query(key: string, value?: string): Condition {
  if (value !== undefined && !(value.startsWith("^") && value.endsWith("$"))) throw new Error(`vercel: the value of ${key} is not anchored: ${value}`);
  return { type: "query", key, ...(value === undefined ? {} : { value }) };
}

/**
 * A slug that is a lookup's folder names a file only if a page has it: `check` makes Vercel look
 * for that file, and go on to the `miss` phase when there is none, where this route answers the
 * empty list, as Wagtail answers a slug no page has.
 */
function missRoutes(json: Headers): Route[] {
  return [
    { handle: "miss" },
    { src: `^/${LOOKUP_DIR}/(?:pages|event_pages)/.+$`, ...exact, dest: `/${EMPTY_LOOKUP_FILE}`, headers: json, check: true },
  ];
}

/** `html_path` as Wagtail reads it: the path's segments, with any number of slashes around and between them. */
const pathValue = (path: string) => `^/*${path.split("/").filter((s) => s !== "").map(escapeRegex).join("/+")}/*$`;

/**
 * Query routes, before the documents' (which match whatever the query): 400 for each parameter
 * Wagtail acts on that is not pre-rendered (`has` a key), find/, then the lookups, whose slug is a
 * named capture of a `has` value written into `dest`, and each type a route of its own (Vercel
 * matches the value ignoring case, and Wagtail reads the model's name so too). Constant in number
 * but for find/, one route a page when `find`.
 */
function queryRoutes(rules: LookupRules, json: Headers, html: Headers, find: boolean): Route[] {
  const refused = { status: 400, dest: `/${VERCEL_REFUSAL_FILE}`, headers: json };
  const notFound = { status: 404, dest: `/${VERCEL_FIND_NOT_FOUND_FILE}`, headers: json };
  const lists = "^/api/v2/(?:event_pages|pages)/$";
  const pages = "^/api/v2/pages/$";
  const eventPages = "^/api/v2/event_pages/$";
  const finds = "^/api/v2/(?:event_pages|pages)/find/$";
  const slug = query("slug", "^(?<slug>[a-z0-9-]+)$");
  const typeIs = (t: string) => query("type", `^${escapeRegex(t)}$`);
  const api = query("format", "^api$");
  const lookup = (src: string, has: Condition[], dir: string, check: boolean): Route[] => [
    { src, ...exact, has: [...has, api], dest: `/${LOOKUP_DIR}/${dir}index.api.html`, headers: html, ...(check ? { check } : {}) },
    { src, ...exact, has, dest: `/${LOOKUP_DIR}/${dir}index.json`, headers: json, ...(check ? { check } : {}) },
  ];
  const empty = (src: string, has: Condition[]): Route => ({ src, ...exact, has, dest: `/${EMPTY_LOOKUP_FILE}`, headers: json });
  // Django's redirect: text/html, the Location, then the view's headers.
  const found = (id: number) => ({
    status: 302,
    headers: { "Content-Type": "text/html; charset=utf-8", Location: `${rules.baseUrl}/api/v2/pages/${id}/`, ...Object.fromEntries(Object.entries(json).filter(([n]) => n !== "Content-Type")) },
  });
  const types = rules.types.map(escapeRegex).join("|");
  return [
    ...rules.listRefused.map((k) => ({ src: lists, ...exact, has: [query(k)], ...refused })),
    { src: eventPages, ...exact, has: [query("type")], ...refused },
    ...rules.detailRefused.map((k) => ({ src: "^/api/v2/(?:event_pages|pages)/[0-9]+/$", ...exact, has: [query(k)], ...refused })),
    // find/: Wagtail reads ?type= first, then html_path (each page's path: a 302 to its detail), then
    // ?id= (not pre-rendered); without them, its 404.
    { src: finds, ...exact, has: [query("type")], ...refused },
    ...(find
      ? [
          ...rules.pages.map((p) => ({ src: p.event ? finds : "^/api/v2/pages/find/$", ...exact, has: [query("html_path", pathValue(p.path))], ...found(p.id) })),
          { src: finds, ...exact, has: [query("html_path")], ...notFound },
        ]
      : [{ src: finds, ...exact, has: [query("html_path")], ...refused }]),
    { src: finds, ...exact, has: [query("id")], ...refused },
    { src: finds, ...exact, ...notFound },
    // ?slug= with ?type=, a type that is no page type, a value that is no slug, ?type=, ?slug=.
    ...rules.types.flatMap((t) => lookup(pages, [slug, typeIs(t)], `pages/type/${t}/slug/$slug/`, true)),
    { src: pages, ...exact, has: [query("type", `^(?!(?:${types})$).*$`)], ...refused },
    empty(pages, [query("slug"), query("type")]),
    ...rules.types.flatMap((t) => lookup(pages, [typeIs(t)], `pages/type/${t}/`, false)),
    ...lookup(pages, [slug], "pages/slug/$slug/", true),
    ...lookup(eventPages, [slug], "event_pages/slug/$slug/", true),
    empty(lists, [query("slug")]),
  ];
}
