// Netlify's rule files, parsed with Netlify's own parsers (@netlify/headers-parser and
// @netlify/redirect-parser), and the parsed rules applied to every address of the example with
// a small matcher that follows Netlify's documented semantics: a file at the path wins unless
// the rule is forced; rules match in order with the trailing slash removed; query conditions
// must all match; `*` is a splat; headers apply by request path.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";

interface Redirect { from: string; query: Record<string, string>; to: string; status: number; force: boolean }
interface HeaderRule { for: string; values: Record<string, string> }

let dir = "";
let dist = "";
let redirects: Redirect[] = [];
let headers: HeaderRule[] = [];

beforeAll(async () => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "netlify"]);
  expect(run.code, run.output).toBe(0);
  const r = await parseAllRedirects({ redirectsFiles: [path.join(dist, "_redirects")], configRedirects: [], minimal: false });
  expect(r.errors).toEqual([]);
  redirects = r.redirects as Redirect[];
  const h = await parseAllHeaders({ headersFiles: [path.join(dist, "_headers")], configHeaders: [], minimal: false });
  expect(h.errors).toEqual([]);
  headers = h.headers as HeaderRule[];
});
afterAll(() => removeDir(dir));

const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
const isFile = (p: string) => existsSync(path.join(dist, p)) && statSync(path.join(dist, p)).isFile();
const CONTENT_TYPES: Record<string, string> = { ".json": "application/json", ".html": "text/html; charset=UTF-8" };

/** What Netlify serves for a request: status, the file whose bytes it sends, and headers. */
function netlify(url: string) {
  const u = new URL(url, "https://site.example");
  const requested = u.pathname;
  let status = 200;
  let file: string | null = isFile(requested) ? requested : null;
  if (!file) {
    const normal = requested.length > 1 ? requested.replace(/\/$/, "") : requested;
    const rule = redirects.find(
      (r) => glob(r.from.replace(/\/$/, "")).test(normal) && Object.entries(r.query).every(([k, v]) => u.searchParams.get(k) === v),
    );
    if (rule) {
      status = rule.status;
      file = rule.to;
    } else status = 404;
  }
  const h: Record<string, string> = {};
  for (const rule of headers) if (glob(rule.for).test(requested)) Object.assign(h, rule.values);
  if (file) h["Content-Type"] = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
  return { status, file, headers: h, body: file ? readFileSync(path.join(dist, file)) : null };
}

const LIVE = { Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const documents = [
  ["/api/v2/event_pages/", "api/v2/event_pages/index.json"],
  ["/api/v2/event_pages/201/", "api/v2/event_pages/201/index.json"],
  ["/api/v2/event_pages/202/", "api/v2/event_pages/202/index.json"],
  ["/api/v2/pages/201/", "api/v2/pages/201/index.json"],
  ["/api/v2/pages/20/", "api/v2/pages/20/index.json"],
];

describe("Netlify rules", () => {
  it.each(documents)("%s answers 200 with its file's bytes and the live headers", (address, file) => {
    const a = netlify(address);
    expect(a.status).toBe(200);
    expect(a.body!.equals(readFileSync(path.join(dist, file)))).toBe(true);
    expect(a.headers).toEqual({ ...LIVE, "Content-Type": "application/json" });
    // Without the slash Netlify matches the same rule: 200, not the live API's 301.
    expect(netlify(address.slice(0, -1)).file).toBe(`/${file}`);
  });

  it.each(documents)("%s?format=api answers the browsable page, ?format=json the JSON", (address, file) => {
    const html = netlify(`${address}?format=api`);
    expect(html.status).toBe(200);
    expect(html.headers["Content-Type"]).toBe("text/html; charset=UTF-8");
    expect(html.body!.toString()).toContain(`GET</b> ${address}?format=api`);
    expect(netlify(`${address}?format=json`).file).toBe(`/${file}`);
  });

  it("serves the OpenAPI document at /api/v2/openapi.json (a file at the path wins) with the live headers", () => {
    const a = netlify("/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body!.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
    expect(a.headers).toEqual({ ...LIVE, "Content-Type": "application/json" });
  });

  it("answers unknown ids and other addresses with JSON 404 bodies", () => {
    const body = (url: string) => JSON.parse(netlify(url).body!.toString()).message;
    for (const url of ["/api/v2/event_pages/999/", "/api/v2/event_pages/20/"]) {
      expect(netlify(url).status).toBe(404);
      expect(body(url)).toBe("No EventPage matches the given query.");
    }
    expect(body("/api/v2/pages/999/")).toBe("No Page matches the given query.");
    expect(netlify("/api/v2/nothing/").status).toBe(404);
    expect(body("/api/v2/nothing/")).toBe("Not found.");
    expect(netlify("/api/v2/nothing/").headers["Content-Type"]).toBe("application/json");
  });
});
