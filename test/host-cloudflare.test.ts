// Cloudflare Pages, locally: `wrangler pages dev` (workerd, offline) serving a build made with
// --host cloudflare answers as the live API does, through its _worker.js, and reports no invalid
// rule; also with several CORS origins and cache_control. The same build without _worker.js
// (Pages "failing open" to the static files) still serves the documents with the live headers,
// from _redirects and _headers.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressesOf, checkServedApi, fetchRaw, FULL, header, type Answer } from "./helpers/http-contract.js";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { linkifyJson } from "../src/io/browsable-page.js";
import { pagesDev, type PagesDev as Site } from "./helpers/wrangler.js";

const CONTENT = path.join(FIXTURES, "good/spec-example/content");
const LIVE_ORDER = ["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"];

let dir = "";

function build(content: string, out: string): string {
  const dist = path.join(dir, out);
  const run = runCli(["build", "--content", content, "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "cloudflare"]);
  expect(run.code, run.output).toBe(0);
  return dist;
}

async function pagesDevHere(dist: string): Promise<Site> {
  const site = await pagesDev(dist, dir);
  sites.push(site);
  return site;
}

const sites: Site[] = [];
let site: Site;
let cors: Site;
let fallback: Site;

beforeAll(async () => {
  dir = tempDir("bc-pages-");
  const dist = build(CONTENT, "dist");
  const content = copyContent(CONTENT, dir);
  const catalogue = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(path.join(content, "catalogue.json"), JSON.stringify({ ...catalogue, cors_origins: ["https://a.example", "https://b.example"], cache_control: "public, max-age=300" }));
  const corsDist = build(content, "dist-cors");
  const staticDist = path.join(dir, "dist-static");
  cpSync(dist, staticDist, { recursive: true });
  rmSync(path.join(staticDist, "_worker.js"), { recursive: true });
  [site, cors, fallback] = await Promise.all([pagesDevHere(dist), pagesDevHere(corsDist), pagesDevHere(staticDist)]);
}, 240_000);
afterAll(async () => {
  await Promise.all(sites.map((s) => s.server.stop()));
  if (dir) removeDir(dir);
});

const names = (a: Answer) => a.headers.map(([n]) => n).filter((n) => !/^(content-length|transfer-encoding)$/i.test(n));
const jsonOf = (a: Answer) => JSON.parse(a.body.toString("utf8")) as unknown;

describe("Cloudflare Pages (wrangler pages dev) with _worker.js", () => {
  it("answers every address of the catalogue as the live API does", async () => {
    await checkServedApi(site.base, site.dist, 20, FULL);
  });

  it("compiles the worker and parses every rule, none invalid", () => {
    for (const s of [site, cors, fallback]) expect(s.server.output()).not.toMatch(/invalid/i);
    expect(site.server.output()).toContain("Compiled Worker successfully");
    expect(site.server.output()).toContain("Parsed 6 valid redirect rules");
    expect(site.server.output()).toContain("Parsed 1 valid header rule");
  });

  it("sends exactly the live headers; the Workers runtime, not the worker, decides their order", async () => {
    // The worker hands them over in the live order...
    const worker = readFileSync(path.join(site.dist, "_worker.js/index.js"), "utf8");
    const rules = JSON.parse(/export default cloudflareWorker\((\{[\s\S]*?\n\})\);\n/.exec(worker)![1]!) as { jsonHeaders: [string, string][] };
    expect(rules.jsonHeaders.map(([n]) => n)).toEqual(LIVE_ORDER);
    // ...and workerd writes the headers it knows first (Content-Type, Allow, Vary), then the
    // others sorted by name: the live order cannot be expressed. Nothing else is added.
    for (const p of ["/api/v2/event_pages/201/", "/api/v2/event_pages/987654321/"]) {
      const a = await fetchRaw(site.base, "GET", p);
      expect(names(a), p).toEqual(["Content-Type", "Allow", "Vary", "Referrer-Policy", "X-Content-Type-Options", "X-Frame-Options"]);
    }
  });

  it("gives HEAD the Content-Length of the GET and no body", async () => {
    const bytes = readFileSync(path.join(site.dist, "api/v2/event_pages/index.json"));
    const head = await fetchRaw(site.base, "HEAD", "/api/v2/event_pages/");
    expect(header(head, "Content-Length")).toBe(String(bytes.length));
    expect(head.body.length).toBe(0);
  });

  it("does not add Pages' default CORS header or Referrer-Policy, whatever the answer", async () => {
    for (const [method, p] of [["GET", "/api/v2/event_pages/201/"], ["GET", "/api/v2/nothing/"], ["OPTIONS", "/api/v2/event_pages/"], ["POST", "/api/v2/event_pages/"], ["GET", "/"]]) {
      const a = await fetchRaw(site.base, method!, p!, { Origin: "https://somewhere.example", "Access-Control-Request-Method": "GET" });
      expect(header(a, "Access-Control-Allow-Origin"), `${method} ${p}`).toBeUndefined();
      expect(header(a, "Referrer-Policy"), `${method} ${p}`).toBe("same-origin");
    }
  });

  it("answers the browsable page to a client preferring text/html, and JSON 404 to it", async () => {
    const html = await fetchRaw(site.base, "GET", "/api/v2/pages/20/", { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(html.status).toBe(200);
    expect(header(html, "Content-Type")).toBe("text/html; charset=utf-8");
    const page = html.body.toString("utf8");
    expect(page).toContain("<b>GET</b> /api/v2/pages/20/</pre>");
    expect(page).toContain(linkifyJson(readFileSync(path.join(site.dist, "api/v2/pages/20/index.json"), "utf8")));
    // The worker renders the page itself (no index.api.html is written for Cloudflare), 404s included.
    const missing = await fetchRaw(site.base, "GET", "/api/v2/pages/987654321/?format=api");
    expect(missing.status).toBe(404);
    expect(header(missing, "Content-Type")).toBe("text/html; charset=utf-8");
    expect(missing.body.toString("utf8")).toContain("No Page matches the given query.");
  });

  it("answers 405 with the method's name for any method, and 404 for the rule files and all else", async () => {
    const patch = await fetchRaw(site.base, "PATCH", "/api/v2/pages/20/");
    expect(patch.status).toBe(405);
    expect(patch.body.toString("utf8")).toBe('{\n    "detail": "Method \\"PATCH\\" not allowed."\n}');
    for (const p of ["/_worker.js", "/_worker.js/index.js", "/_headers", "/_redirects", "/_query/index.json", "/", "/index.html", "/api/v2/nothing/"]) {
      const a = await fetchRaw(site.base, "GET", p);
      expect(a.status, p).toBe(404);
      expect(jsonOf(a), p).toEqual({ message: "Not found." });
      expect(header(a, "Content-Type"), p).toBe("application/json");
    }
  });

  it("answers a 400 to fields nested thousands deep, as the preview does, and keeps answering", async () => {
    for (const p of ["/api/v2/event_pages/", "/api/v2/pages/20/", "/api/v2/images/"]) {
      const a = await fetchRaw(site.base, "GET", `${p}?fields=${"a(".repeat(7000)}`);
      expect([p, a.status, jsonOf(a)]).toEqual([p, 400, { message: "fields error: nested deeper than 32 levels at position 65" }]);
    }
    expect((await fetchRaw(site.base, "GET", "/api/v2/event_pages/?fields=title")).status).toBe(200);
  });

  it("serves the OpenAPI document at /api/v2/openapi.json, the file's bytes as JSON", async () => {
    const a = await fetchRaw(site.base, "GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(header(a, "Content-Type")).toBe("application/json");
    expect(a.body.toString("utf8")).toBe(readFileSync(path.join(site.dist, "api/v2/openapi.json"), "utf8"));
  });
});

describe("Cloudflare Pages with cors_origins and cache_control", () => {
  it("echoes an allowed Origin, on 404s too, and none other", async () => {
    for (const origin of ["https://a.example", "https://b.example"]) {
      for (const p of ["/api/v2/event_pages/", "/api/v2/event_pages/987654321/"]) {
        const a = await fetchRaw(cors.base, "GET", p, { Origin: origin });
        expect(header(a, "Access-Control-Allow-Origin"), `${origin} ${p}`).toBe(origin);
      }
    }
    const other = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: "https://c.example" });
    expect(other.status).toBe(200);
    expect(header(other, "Access-Control-Allow-Origin")).toBeUndefined();
    const none = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/");
    expect(header(none, "Access-Control-Allow-Origin")).toBeUndefined();
  });

  it("answers a preflight from an allowed Origin", async () => {
    const pre = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/201/", { Origin: "https://b.example", "Access-Control-Request-Method": "GET" });
    expect(pre.status).toBe(200);
    expect(header(pre, "Access-Control-Allow-Origin")).toBe("https://b.example");
    expect(header(pre, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(header(pre, "Access-Control-Allow-Headers")).toBe("Accept, Content-Type, Authorization");
    expect(header(pre, "Access-Control-Max-Age")).toBe("86400");
    const refused = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/201/", { Origin: "https://c.example", "Access-Control-Request-Method": "GET" });
    expect(header(refused, "Access-Control-Allow-Origin")).toBeUndefined();
    expect(header(refused, "Access-Control-Allow-Methods")).toBeUndefined();
  });

  it("adds cache_control to every answer, the browsable page included", async () => {
    for (const [p, status] of [["/api/v2/event_pages/", 200], ["/api/v2/event_pages/201/?format=api", 200], ["/api/v2/pages/987654321/", 404]] as const) {
      const a = await fetchRaw(cors.base, "GET", p);
      expect(a.status, p).toBe(status);
      expect(header(a, "Cache-Control"), p).toBe("public, max-age=300");
    }
  });

  it("still answers as the live API does", async () => {
    await checkServedApi(cors.base, cors.dist, 20, FULL);
  });
});

describe("Cloudflare Pages without the worker (static files only)", () => {
  it("serves every document from _redirects with the live headers from _headers", async () => {
    for (const { path: p, file } of [...addressesOf(fallback.dist), { path: "/api/v2/pages/20/", file: "api/v2/pages/20/index.json" }]) {
      const a = await fetchRaw(fallback.base, "GET", p, { Origin: "https://somewhere.example" });
      expect(a.status, p).toBe(200);
      expect(a.body.equals(readFileSync(path.join(fallback.dist, file))), p).toBe(true);
      expect(header(a, "Content-Type"), p).toBe("application/json");
      for (const [n, v] of [["Vary", "Accept"], ["Allow", "GET, HEAD, OPTIONS"], ["X-Content-Type-Options", "nosniff"], ["Referrer-Policy", "same-origin"], ["X-Frame-Options", "DENY"]]) {
        expect(header(a, n!), `${p} ${n}`).toBe(v);
      }
      expect(header(a, "Access-Control-Allow-Origin"), p).toBeUndefined();
    }
    // What only the worker can do: 404 bodies (Pages' own 404 is empty).
    const missing = await fetchRaw(fallback.base, "GET", "/api/v2/event_pages/987654321/");
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
  });
});
