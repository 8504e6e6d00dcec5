// Rules for Vercel: vercel.json for deploying the output folder as a static project. Only
// `routes` can answer 301 (trailingSlash answers 308) and 404 or 405 with bodies of our own, and
// `routes` cannot be mixed with headers/redirects/rewrites, so everything is a route.
import { methodNotAllowedFile, REFUSED_METHODS, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

type Route = Record<string, unknown>;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Vercel's schema caps each `src` at 4,096 characters; ids are packed into sources up to this. */
export const VERCEL_SRC_MAX = 4_000;

/** The ids as `a|b|c` alternations, each short enough for one route's source. */
function idGroups(ids: readonly number[], room: number): string[] {
  const groups: string[] = [];
  let current = "";
  for (const id of ids) {
    const text = String(id);
    if (current && current.length + 1 + text.length > room) {
      groups.push(current);
      current = "";
    }
    current = current ? `${current}|${text}` : text;
  }
  if (current) groups.push(current);
  return groups;
}

export function renderVercel(model: HostModel): HostFile[] {
  const cors = staticCorsOrigin(model);
  const headersOf = (list: readonly (readonly [string, string])[]) =>
    Object.fromEntries([...list, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])]);
  const json = headersOf(model.jsonHeaders);
  const html = headersOf(model.htmlHeaders);
  const browsable = [{ type: "query", key: "format", value: "api" }];

  const routes: Route[] = [
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
      const room = VERCEL_SRC_MAX - `^${prefix}()/$`.length;
      for (const ids of idGroups(c.ids, room)) {
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
