// Netlify's rule files (_redirects, _headers) parsed with Netlify's own parsers, and _redirects
// evaluated by Netlify's own matcher, `netlify-redirector` (the WebAssembly build of the redirect
// engine that `netlify dev` runs), fed as `netlify dev` feeds it (netlify/cli, src/utils/rules-proxy.ts:
// the parser's rules renamed `origin` and `params`, then `parseJSON`; the path decoded, the raw
// query). What the engine does not know is the static files, applied here as `netlify dev` applies
// them (src/utils/proxy.ts): a file at the path (or `index.html` and the like) is served unless the
// rule is forced; a redirect sends the target as Location, with the request's query string when the
// target has none; a 200 or 4xx rule serves its target's file with its status, and a target that
// is no file is Netlify's own 404 page (the rules are not evaluated again); no rule: the file or
// the 404 page. Headers apply by request path; Content-Type comes from the served file's extension.
import { createRequire } from "node:module";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { expect } from "vitest";

interface Redirect { from: string; query: Record<string, string>; to: string; status: number; force: boolean; conditions: Record<string, unknown> }
interface HeaderRule { for: string; values: Record<string, string> }
/** What netlify-redirector answers: the rule that matched, its target's placeholders filled. */
interface Match { from: string; to: string; status: number; force: boolean; conditions: Record<string, string> }
interface Matcher { match(request: { scheme: string; host: string; path: string; query: string; getHeader(name: string): string; getCookie(name: string): string }): Match | null }

export interface NetlifyAnswer {
  status: number;
  /** The served file (with a leading slash), or null for a redirect and Netlify's own 404. */
  file: string | null;
  headers: Record<string, string>;
  body: Buffer | null;
  /** The rule netlify-redirector matched (`from`, the query it saw), or null. */
  rule: string | null;
}

const require = createRequire(import.meta.url);
const redirector = require("netlify-redirector") as { parseJSON(json: string, options: object): Promise<Matcher> };

const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "(.*)")}$`);
const CONTENT_TYPES: Record<string, string> = { ".json": "application/json", ".html": "text/html; charset=UTF-8" };

/** `netlify dev`'s other names for a path (src/utils/proxy.ts, alternativePathsFor). */
function alternatives(p: string): string[] {
  if (p.endsWith("/")) return [...(p === "/" ? [] : [`${p.slice(0, -1)}.html`, `${p.slice(0, -1)}.htm`]), `${p}index.html`, `${p}index.htm`];
  if (/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(p)) return [];
  return [`${p}.html`, `${p}.htm`, `${p}/index.html`, `${p}/index.htm`];
}

/** Parses `dist`'s rule files (no parser errors allowed) and returns what Netlify answers a GET. */
export async function netlifyRules(dist: string): Promise<(url: string) => NetlifyAnswer> {
  const r = await parseAllRedirects({ redirectsFiles: [path.join(dist, "_redirects")], configRedirects: [], minimal: false });
  expect(r.errors).toEqual([]);
  const redirects = (r.redirects as Redirect[]).map(({ from, query, ...rest }) => ({ ...rest, origin: from, params: query }));
  const matcher = await redirector.parseJSON(JSON.stringify(redirects), {});
  const h = await parseAllHeaders({ headersFiles: [path.join(dist, "_headers")], configHeaders: [], minimal: false });
  expect(h.errors).toEqual([]);
  const headers = h.headers as HeaderRule[];
  const isFile = (p: string) => existsSync(path.join(dist, p)) && statSync(path.join(dist, p)).isFile();
  const staticFile = (p: string) => [p, ...alternatives(p)].find(isFile) ?? null;

  // The engine's answer depends on the path and the query alone (no header, no cookie), and takes it
  // some milliseconds past a thousand rules: each is asked once.
  const matches = new Map<string, Match | null>();
  const matchOf = (host: string, p: string, query: string): Match | null => {
    const key = `${host}\n${p}\n${query}`;
    if (!matches.has(key)) matches.set(key, matcher.match({ scheme: "https", host, path: p, query, getHeader: () => "", getCookie: () => "" }));
    return matches.get(key)!;
  };

  return (url: string) => {
    const u = new URL(url, "https://site.example");
    const match = matchOf(u.hostname, decodeURIComponent(u.pathname), u.search.slice(1));
    const h: Record<string, string> = {};
    for (const rule of headers) if (glob(rule.for).test(u.pathname)) Object.assign(h, rule.values);
    const serve = (file: string | null, status: number): NetlifyAnswer => {
      if (file) h["Content-Type"] = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
      return { status: file ? status : 404, file, headers: h, body: file ? readFileSync(path.join(dist, file)) : null, rule: match ? `${match.from} ${match.conditions.Query ?? ""}` : null };
    };
    const found = staticFile(decodeURIComponent(u.pathname));
    if (!match || (found && !match.force)) return serve(found, 200);
    const dest = new URL(match.to, u.origin);
    if ([...dest.searchParams].length === 0) for (const [k, v] of u.searchParams) dest.searchParams.append(k, v);
    if (match.status >= 300 && match.status < 400) {
      const location = /^https?:\/\//.test(match.to) ? dest.href : `${dest.pathname}${dest.search}`;
      return { status: match.status, file: null, headers: { ...h, Location: location }, body: Buffer.alloc(0), rule: `${match.from} ${match.conditions.Query ?? ""}` };
    }
    return serve(staticFile(decodeURIComponent(dest.pathname)), match.status);
  };
}
