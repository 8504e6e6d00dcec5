// Rules for Vercel: vercel.json for deploying the output folder as a static project. Only
// `routes` can answer 301 (trailingSlash answers 308) and 404 or 405 with bodies of our own, and
// `routes` cannot be mixed with headers/redirects/rewrites, so everything is a route.
import { methodNotAllowedFile, REFUSED_METHODS, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";
import { OPENAPI_PATH } from "../runtime/respond.js";
import { EMPTY_LOOKUP_FILE, LOOKUP_DIR, refusalBody, type LookupRules } from "./lookups.js";

/** The 400 body of a query no file answers (a route answers its status with a file's bytes). */
export const VERCEL_REFUSAL_FILE = `${LOOKUP_DIR}/400.vercel.json`;

type Route = Record<string, unknown>;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IDS_PER_ROUTE = 400; // keeps each route's source short on large catalogues

export function renderVercel(model: HostModel): HostFile[] {
  const cors = staticCorsOrigin(model);
  const headersOf = (list: readonly (readonly [string, string])[]) =>
    Object.fromEntries([...list, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])]);
  const json = headersOf(model.jsonHeaders);
  const html = headersOf(model.htmlHeaders);
  const browsable = [{ type: "query", key: "format", value: "api" }];

  const routes: Route[] = [
    // The OpenAPI document: a file with a name, served as it is.
    { src: `^${escapeRegex(OPENAPI_PATH)}$`, methods: ["GET", "HEAD"], dest: OPENAPI_PATH, headers: json },
    ...REFUSED_METHODS.map((method) => ({ src: `^${escapeRegex(OPENAPI_PATH)}$`, methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json })),
    // A path without its trailing slash: 301 (Vercel keeps the query string on redirects).
    { src: "^/api/(.*[^/])$", status: 301, headers: { Location: "/api/$1/" } },
  ];
  for (const c of model.collections) {
    routes.push({ src: `^${escapeRegex(c.prefix)}.*$`, methods: ["OPTIONS"], dest: `/${c.optionsFile}`, headers: json });
  }
  for (const method of REFUSED_METHODS) {
    routes.push({ src: "^/api/.*$", methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json });
  }
  if (model.lookups) routes.push(...queryRoutes(model.lookups, json, html));
  for (const [has, suffix, headers] of [[browsable, "index.api.html", html], [null, "index.json", json]] as const) {
    for (const c of model.collections) {
      const prefix = escapeRegex(c.prefix);
      if (c.hasList) routes.push({ src: `^${prefix}$`, ...(has ? { has } : {}), dest: `${c.prefix}${suffix}`, headers });
      // Ids are listed, so an unknown one falls through to the 404 routes below.
      for (let i = 0; i < c.ids.length; i += IDS_PER_ROUTE) {
        const ids = c.ids.slice(i, i + IDS_PER_ROUTE).join("|");
        routes.push({ src: `^${prefix}(${ids})/$`, ...(has ? { has } : {}), dest: `${c.prefix}$1/${suffix}`, headers });
      }
    }
  }
  for (const c of model.collections) {
    routes.push({ src: `^${escapeRegex(c.prefix)}.*$`, status: 404, dest: `/${c.notFoundFile}`, headers: json });
  }
  routes.push({ src: "^/api/.*$", status: 404, dest: `/${model.otherNotFoundFile}`, headers: json });
  return [
    { path: "vercel.json", text: `${JSON.stringify({ routes }, null, 2)}\n` },
    ...(model.lookups ? [{ path: VERCEL_REFUSAL_FILE, text: refusalBody(model.lookups, false) }] : []),
  ];
}

type Condition = { type: "query"; key: string; value?: string };
const query = (key: string, value?: string): Condition => ({ type: "query", key, ...(value === undefined ? {} : { value }) });

/**
 * Query routes, before the documents' (which match whatever the query): 400 for each parameter
 * Wagtail acts on that is not pre-rendered (`has` a key), then the lookups, whose slug and type
 * are named captures of `has` values written into `dest`. Constant in number: a slug no page has
 * names a missing file, which Vercel answers with its 404; a value that cannot be a slug is Wagtail's
 * empty answer.
 */
function queryRoutes(rules: LookupRules, json: Record<string, string>, html: Record<string, string>): Route[] {
  const refused = { status: 400, dest: `/${VERCEL_REFUSAL_FILE}`, headers: json };
  const lists = "^/api/v2/(?:event_pages|pages)/$";
  const types = rules.types.map(escapeRegex).join("|");
  const slug = query("slug", "^(?<slug>[a-z0-9-]+)$");
  const type = query("type", `^(?<type>${types})$`);
  const api = query("format", "^api$");
  const lookup = (src: string, has: Condition[], dir: string): Route[] => [
    { src, has: [...has, api], dest: `/${LOOKUP_DIR}/${dir}index.api.html`, headers: html },
    { src, has, dest: `/${LOOKUP_DIR}/${dir}index.json`, headers: json },
  ];
  const empty = (src: string, has: Condition[]): Route => ({ src, has, dest: `/${EMPTY_LOOKUP_FILE}`, headers: json });
  return [
    ...rules.listRefused.map((k) => ({ src: lists, has: [query(k)], ...refused })),
    { src: "^/api/v2/event_pages/$", has: [query("type")], ...refused },
    ...rules.detailRefused.map((k) => ({ src: "^/api/v2/(?:event_pages|pages)/[0-9]+/$", has: [query(k)], ...refused })),
    { src: "^/api/v2/(?:event_pages|pages)/find/$", has: [query("html_path")], ...refused },
    // ?slug= with ?type=, a type not pre-rendered, ?type=, ?slug=; a value that is no slug: the empty answer.
    ...lookup("^/api/v2/pages/$", [slug, type], "pages/type/$type/slug/$slug/"),
    { src: "^/api/v2/pages/$", has: [query("type", `^(?!(?:${types})$).+$`)], ...refused },
    empty("^/api/v2/pages/$", [query("slug"), type]),
    ...lookup("^/api/v2/pages/$", [type], "pages/type/$type/"),
    ...lookup("^/api/v2/pages/$", [slug], "pages/slug/$slug/"),
    ...lookup("^/api/v2/event_pages/$", [slug], "event_pages/slug/$slug/"),
    empty(lists, [query("slug")]),
  ];
}
