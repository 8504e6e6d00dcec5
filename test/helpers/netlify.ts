// Netlify's rule files (_redirects, _headers) parsed with Netlify's own parsers, and a small matcher
// of Netlify's documented semantics that applies them to a request: a file at the path wins unless
// the rule is forced; rules match in order, first match wins, with the trailing slash removed; `*`
// is a splat (`:splat` in the target); every query condition of a rule must be met, and the request
// may carry other parameters: `key=value` needs that value, `key=:name` any non-empty value, which
// `:name` in the target then holds; a 200 or 4xx rule serves its target with its status, and a
// target that is not a file is Netlify's own 404 (rules are not evaluated again); headers apply by
// request path; Content-Type comes from the served file's extension.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { expect } from "vitest";

interface Redirect { from: string; query: Record<string, string>; to: string; status: number; force: boolean }
interface HeaderRule { for: string; values: Record<string, string> }

export interface NetlifyAnswer {
  status: number;
  /** The served file (with a leading slash), or null for Netlify's own 404. */
  file: string | null;
  headers: Record<string, string>;
  body: Buffer | null;
}

const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "(.*)")}$`);
const CONTENT_TYPES: Record<string, string> = { ".json": "application/json", ".html": "text/html; charset=UTF-8" };

/** Parses `dist`'s rule files (no parser errors allowed) and returns what Netlify answers a request. */
export async function netlifyRules(dist: string): Promise<(url: string) => NetlifyAnswer> {
  const r = await parseAllRedirects({ redirectsFiles: [path.join(dist, "_redirects")], configRedirects: [], minimal: false });
  expect(r.errors).toEqual([]);
  const redirects = r.redirects as Redirect[];
  const h = await parseAllHeaders({ headersFiles: [path.join(dist, "_headers")], configHeaders: [], minimal: false });
  expect(h.errors).toEqual([]);
  const headers = h.headers as HeaderRule[];
  const isFile = (p: string) => existsSync(path.join(dist, p)) && statSync(path.join(dist, p)).isFile();

  return (url: string) => {
    const u = new URL(url, "https://site.example");
    const requested = u.pathname;
    let status = 200;
    let file: string | null = isFile(requested) ? requested : null;
    if (!file) {
      const normal = requested.length > 1 ? requested.replace(/\/$/, "") : requested;
      for (const rule of redirects) {
        const m = glob(rule.from.replace(/\/$/, "")).exec(normal);
        if (!m) continue;
        const captured: Record<string, string> = { splat: m[1] ?? "" };
        const met = Object.entries(rule.query).every(([k, v]) => {
          const got = u.searchParams.get(k);
          if (!v.startsWith(":")) return got === v;
          if (!got) return false;
          captured[v.slice(1)] = got;
          return true;
        });
        if (!met) continue;
        status = rule.status;
        const target = rule.to.replace(/:([a-z_]+)/g, (whole, name: string) => captured[name] ?? whole);
        file = isFile(target) ? target : null;
        if (!file) status = 404;
        break;
      }
      if (!file) status = 404;
    }
    const h: Record<string, string> = {};
    for (const rule of headers) if (glob(rule.for).test(requested)) Object.assign(h, rule.values);
    if (file) h["Content-Type"] = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
    return { status, file, headers: h, body: file ? readFileSync(path.join(dist, file)) : null };
  };
}
