// Rules for Vercel: vercel.json for deploying the output folder as a static project. Only
// `routes` can answer 301 (trailingSlash answers 308) and 404 or 405 with bodies of our own, and
// `routes` cannot be mixed with headers/redirects/rewrites, so everything is a route.
import { methodNotAllowedFile, REFUSED_METHODS, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";
import { OPENAPI_PATH } from "../runtime/respond.js";

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
  return [{ path: "vercel.json", text: `${JSON.stringify({ routes }, null, 2)}\n` }];
}
