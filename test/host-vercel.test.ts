// Vercel's vercel.json, validated by Vercel's own @vercel/routing-utils, and its routes applied
// to every address of the example with a small matcher of the documented `routes` semantics:
// routes in order; a route matches on `src` (a regex), `methods` and `has`; its headers apply;
// `continue` goes on, otherwise `dest` is served (with `status` if given) or `status` answered.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";

interface Route { src: string; dest?: string; status?: number; headers?: Record<string, string>; methods?: string[]; has?: { type: string; key: string; value?: string }[]; continue?: boolean }

let dir = "";
let dist = "";
let routes: Route[] = [];

beforeAll(() => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "vercel"]);
  expect(run.code, run.output).toBe(0);
  const config = JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8"));
  const normalized = normalizeRoutes(config.routes);
  expect(normalized.error).toBeNull();
  expect(getTransformedRoutes(config).error).toBeNull();
  routes = normalized.routes as Route[];
});
afterAll(() => removeDir(dir));

function vercel(method: string, url: string) {
  const u = new URL(url, "https://site.example");
  const headers: Record<string, string> = {};
  for (const r of routes) {
    const m = new RegExp(r.src).exec(u.pathname);
    if (!m) continue;
    if (r.methods && !r.methods.includes(method)) continue;
    if (r.has && !r.has.every((h) => h.type === "query" && u.searchParams.get(h.key) === (h.value ?? u.searchParams.get(h.key)))) continue;
    const fill = (s: string) => s.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? "");
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k] = fill(v);
    if (r.continue) continue;
    if (!r.dest) {
      // A redirect: Vercel keeps the request's query string on the Location.
      if (headers.Location) headers.Location += u.search;
      return { status: r.status ?? 200, headers, body: Buffer.alloc(0) };
    }
    const file = path.join(dist, fill(r.dest));
    if (!existsSync(file)) return { status: 404, headers, body: Buffer.alloc(0) };
    return { status: r.status ?? 200, headers, body: method === "HEAD" ? Buffer.alloc(0) : readFileSync(file) };
  }
  return { status: 404, headers, body: Buffer.alloc(0) };
}

const LIVE = { "Content-Type": "application/json", Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const documents = [
  ["/api/v2/event_pages/", "api/v2/event_pages/index.json"],
  ["/api/v2/event_pages/201/", "api/v2/event_pages/201/index.json"],
  ["/api/v2/pages/202/", "api/v2/pages/202/index.json"],
  ["/api/v2/pages/20/", "api/v2/pages/20/index.json"],
];

describe("Vercel routes", () => {
  it.each(documents)("%s answers 200 with the file's bytes and the live headers in order", (address, file) => {
    const a = vercel("GET", address);
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, file)))).toBe(true);
    expect(Object.entries(a.headers)).toEqual(Object.entries(LIVE));
    expect(vercel("HEAD", address).status).toBe(200);
  });

  it.each(documents)("%s without its slash answers 301 keeping the query", (address) => {
    const a = vercel("GET", `${address.slice(0, -1)}?limit=5`);
    expect(a.status).toBe(301);
    expect(a.headers.Location).toBe(`${address}?limit=5`);
  });

  it.each(documents)("%s?format=api answers the browsable page", (address) => {
    const a = vercel("GET", `${address}?format=api`);
    expect(a.status).toBe(200);
    expect(a.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(a.body.toString()).toContain(`GET</b> ${address}?format=api`);
    expect(vercel("GET", `${address}?format=json`).headers["Content-Type"]).toBe("application/json");
  });

  it("serves the OpenAPI document at /api/v2/openapi.json with the live headers", () => {
    const a = vercel("GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
    expect(Object.entries(a.headers)).toEqual(Object.entries(LIVE));
    expect(vercel("POST", "/api/v2/openapi.json").status).toBe(405);
  });

  it("answers JSON 404s per collection and for other addresses", () => {
    const message = (url: string) => JSON.parse(vercel("GET", url).body.toString()).message;
    expect(vercel("GET", "/api/v2/event_pages/999/").status).toBe(404);
    expect(message("/api/v2/event_pages/999/")).toBe("No EventPage matches the given query.");
    expect(message("/api/v2/event_pages/20/")).toBe("No EventPage matches the given query.");
    expect(message("/api/v2/pages/999/")).toBe("No Page matches the given query.");
    expect(message("/api/v2/nothing/")).toBe("Not found.");
  });

  it("answers OPTIONS with the view's description and other methods with 405", () => {
    const options = vercel("OPTIONS", "/api/v2/pages/201/");
    expect(options.status).toBe(200);
    expect(JSON.parse(options.body.toString()).name).toBe("Pages Api");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const a = vercel(method, "/api/v2/event_pages/");
      expect(a.status).toBe(405);
      expect(a.body.toString()).toBe(`{\n    "detail": "Method \\"${method}\\" not allowed."\n}`);
    }
  });
});
