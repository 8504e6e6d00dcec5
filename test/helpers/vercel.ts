// vercel.json validated by Vercel's own @vercel/routing-utils, and a small matcher of the documented
// `routes` semantics that applies it to a request: routes in order; a route matches on `src` (a
// regex), `methods` and `has`; a `has` query condition needs the key, and with a `value` a value
// that regex matches (case-insensitively, as Vercel's PCRE matching), whose named groups `dest`
// may use as `$name`; its headers apply; `continue` goes on, otherwise `dest` is served (with
// `status` if given; a dest that is no file is Vercel's own 404) or `status` answered.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { expect } from "vitest";

interface Has { type: string; key: string; value?: string }
interface Route { src: string; dest?: string; status?: number; headers?: Record<string, string>; methods?: string[]; has?: Has[]; continue?: boolean }

export interface VercelAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The served file, relative to the folder; null for a redirect, a bare status or Vercel's 404. */
  file: string | null;
}

/** Validates `dist`'s vercel.json and returns what Vercel answers a request. */
export function vercelRoutes(dist: string): (method: string, url: string) => VercelAnswer {
  const config = JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8"));
  const normalized = normalizeRoutes(config.routes);
  expect(normalized.error).toBeNull();
  expect(getTransformedRoutes(config).error).toBeNull();
  const routes = normalized.routes as Route[];
  const isFile = (f: string) => existsSync(f) && statSync(f).isFile();

  return (method: string, url: string) => {
    const u = new URL(url, "https://site.example");
    const headers: Record<string, string> = {};
    for (const r of routes) {
      const m = new RegExp(r.src).exec(u.pathname);
      if (!m) continue;
      if (r.methods && !r.methods.includes(method)) continue;
      const groups: Record<string, string> = {};
      const met = (r.has ?? []).every((h) => {
        const got = h.type === "query" ? u.searchParams.get(h.key) : null;
        if (got === null) return false;
        if (h.value === undefined) return true;
        const v = new RegExp(h.value, "i").exec(got);
        Object.assign(groups, v?.groups ?? {});
        return v !== null;
      });
      if (!met) continue;
      const fill = (s: string) => s.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? "").replace(/\$([a-z_]+)/gi, (whole, name: string) => groups[name] ?? whole);
      for (const [k, v] of Object.entries(r.headers ?? {})) headers[k] = fill(v);
      if (r.continue) continue;
      if (!r.dest) {
        // A redirect: Vercel keeps the request's query string on the Location.
        if (headers.Location) headers.Location += u.search;
        return { status: r.status ?? 200, headers, body: Buffer.alloc(0), file: null };
      }
      const file = fill(r.dest).replace(/^\//, "");
      if (!isFile(path.join(dist, file))) return { status: 404, headers: {}, body: Buffer.alloc(0), file: null };
      return { status: r.status ?? 200, headers, body: method === "HEAD" ? Buffer.alloc(0) : readFileSync(path.join(dist, file)), file };
    }
    return { status: 404, headers, body: Buffer.alloc(0), file: null };
  };
}
