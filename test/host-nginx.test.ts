// nginx from Debian (nginx-light with libnginx-mod-http-js, installed by .ci/run), started as a
// child process with its own prefix on a high port of 127.0.0.1, serving a build made with --host
// nginx: it answers every address as the live API does, its queries from the module
// (test/host-nginx-queries.test.ts holds those to Wagtail and the preview). Where nginx or its
// JavaScript module is missing these tests are skipped, except under CI.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { renderNginx } from "../src/host/nginx.js";
import { servedRules } from "../src/host/rules.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import { respond } from "../src/runtime/respond.js";
import type { HostModel } from "../src/host/rules.js";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { checkServedApi, fetchRaw, FULL, header, type Answer } from "./helpers/http-contract.js";
import { startNginx, type NginxSite } from "./helpers/nginx.js";
import { NGINX, NGINX_JS, requireProgram } from "./helpers/programs.js";

const NGINX_BIN = requireProgram(NGINX);
const NJS = NGINX_BIN ? requireProgram(NGINX_JS) : undefined;
const EXAMPLE = path.join(FIXTURES, "good/spec-example/content");
const PARENT_ID = 20;
const NOW = "2026-05-01T00:00:00Z";
/** Headers nginx writes itself, around the live ones. */
const NGINX_OWN = ["Server", "Date", "Content-Length", "Last-Modified", "Connection", "Accept-Ranges"];
const LIVE_ORDER = ["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"];

interface Site extends NginxSite { dir: string; dist: string; content: string }
const sites: Site[] = [];

/** Builds `content` with --host nginx and serves it as docs/hosts.md says (test/helpers/nginx.ts); `catalogue` is merged into its catalogue.json. */
async function serveWithNginx(catalogue: Record<string, unknown> = {}): Promise<Site> {
  const dir = tempDir("bc-nginx-");
  const content = copyContent(EXAMPLE, dir);
  const cataloguePath = path.join(content, "catalogue.json");
  writeFileSync(cataloguePath, JSON.stringify({ ...JSON.parse(readFileSync(cataloguePath, "utf8")), ...catalogue }));
  const dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", content, "--out", dist, "--now", NOW, "--host", "nginx"]);
  expect(run.code, run.output).toBe(0);
  const started = await startNginx(NGINX_BIN!, NJS!, dist, dir);
  const site = { dir, dist, content, ...started };
  sites.push(site);
  return site;
}

const names = (a: Answer) => a.headers.map(([n]) => n).filter((n) => !NGINX_OWN.includes(n));

describe.skipIf(!NJS)("nginx", () => {
  let site: Site;
  beforeAll(async () => {
    site = await serveWithNginx();
  });
  afterAll(async () => {
    for (const s of sites) {
      await s.server.stop();
      removeDir(s.dir);
    }
  });

  it("accepts the rules and the module (nginx -t)", () => {
    const t = spawnSync(NGINX_BIN!, ["-t", ...site.args], { encoding: "utf8" });
    expect(t.status, t.stderr).toBe(0);
    expect(t.stderr).toContain("test is successful");
    expect(t.stderr).not.toMatch(/\[(warn|emerg|alert)\]/);
  });

  it("answers every address of the catalogue as the live API does", async () => {
    await checkServedApi(site.base, site.dist, PARENT_ID, FULL);
  });

  it("sends the live headers in the live order, after nginx's own", async () => {
    const a = await fetchRaw(site.base, "GET", "/api/v2/event_pages/201/");
    expect(names(a)).toEqual(LIVE_ORDER);
    expect(header(a, "Content-Type")).toBe("application/json");
    const html = await fetchRaw(site.base, "GET", "/api/v2/pages/20/?format=api");
    expect(names(html)).toEqual(LIVE_ORDER);
    expect(header(html, "Content-Type")).toBe("text/html; charset=utf-8");
    expect(html.body.equals(readFileSync(path.join(site.dist, "api/v2/pages/20/index.api.html")))).toBe(true);
    const browser = await fetchRaw(site.base, "GET", "/api/v2/event_pages/", { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(header(browser, "Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("answers HEAD with GET's headers and no body", async () => {
    const get = await fetchRaw(site.base, "GET", "/api/v2/event_pages/");
    const head = await fetchRaw(site.base, "HEAD", "/api/v2/event_pages/");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(names(head)).toEqual(names(get));
    expect(header(head, "Content-Length")).toBe(String(get.body.length));
  });

  it("answers 405 with the method's name, byte for byte, and 404 for an unknown address", async () => {
    for (const [method, p] of [["PATCH", "/api/v2/pages/201/"], ["POST", "/api/v2/event_pages/202/"], ["DELETE", "/api/v2/event_pages/987654321/"]]) {
      const a = await fetchRaw(site.base, method!, p!);
      expect(a.status, `${method} ${p}`).toBe(405);
      expect(names(a)).toEqual(LIVE_ORDER);
      expect(a.body.toString()).toBe(`{\n    "detail": "Method \\"${method}\\" not allowed."\n}`);
    }
    const unknown = await fetchRaw(site.base, "POST", "/api/v2/nothing/");
    expect(unknown.status).toBe(404);
    expect(unknown.body.equals(readFileSync(path.join(site.dist, "api/v2/404.json")))).toBe(true);
  });

  it("serves the OpenAPI document at /api/v2/openapi.json as JSON with the live headers; 405 for other methods", async () => {
    const a = await fetchRaw(site.base, "GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(header(a, "Content-Type")).toBe("application/json");
    expect(names(a)).toEqual(LIVE_ORDER);
    expect(a.body.equals(readFileSync(path.join(site.dist, "api/v2/openapi.json")))).toBe(true);
    const post = await fetchRaw(site.base, "POST", "/api/v2/openapi.json");
    expect(post.status).toBe(405);
    expect(post.body.toString()).toBe('{\n    "detail": "Method \\"POST\\" not allowed."\n}');
  });

  it("redirects to the trailing slash with a relative Location and an empty body, for every method", async () => {
    for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
      const a = await fetchRaw(site.base, method, "/api/v2/event_pages/201?limit=5&offset=0");
      expect(a.status, method).toBe(301);
      expect(header(a, "Location"), method).toBe("/api/v2/event_pages/201/?limit=5&offset=0");
      expect(a.body.length, method).toBe(0);
    }
    expect(header(await fetchRaw(site.base, "GET", "/api/v2/pages/20"), "Location")).toBe("/api/v2/pages/20/");
    // The Location is built from the raw request: an encoded CR stays encoded (no header injection).
    const crlf = await fetchRaw(site.base, "GET", "/api/v2/x%0DSet-Cookie:%20a=b");
    expect(header(crlf, "Location")).toBe("/api/v2/x%0DSet-Cookie:%20a=b/");
    expect(header(crlf, "Set-Cookie")).toBeUndefined();
  });

  it("answers 404 bodies from the build's files; with a query string (?format=api), the preview's browsable 404 from the module", async () => {
    const file = (f: string) => readFileSync(path.join(site.dist, f));
    const cases = [
      ["/api/v2/event_pages/987654321/", "api/v2/event_pages/404.json"],
      ["/api/v2/nothing/", "api/v2/404.json"],
      ["/api/", "api/v2/404.json"],
    ];
    for (const [p, f] of cases) {
      const a = await fetchRaw(site.base, "GET", p!, { Accept: "text/html" });
      expect(a.status, p).toBe(404);
      expect(header(a, "Content-Type"), p).toBe("application/json");
      expect(names(a), p).toEqual(LIVE_ORDER);
      expect(a.body.equals(file(f!)), p).toBe(true);
    }
    // A request with a query string is the module's: it answers as the preview, whose 404 is the browsable page on ?format=api.
    const checked = await check({ content: site.content, now: NOW, hosts: [] });
    expect(checked.ok).toBe(true);
    const rules = servedRules(checked.model!, browsableTemplate());
    const files = { read: async (f: string) => (existsSync(path.join(site.dist, f)) ? readFileSync(path.join(site.dist, f), "utf8") : null) };
    for (const p of [`/api/v2/event_pages/${PARENT_ID}/?format=api`, "/api/v2/pages/987654321/?format=api"]) {
      const a = await fetchRaw(site.base, "GET", p, { Accept: "text/html" });
      const want = await respond(rules, files, { method: "GET", url: p, accept: "text/html" });
      expect([a.status, header(a, "Content-Type"), a.body.toString("utf8")], p).toEqual([want.status, want.headers.find(([n]) => n === "Content-Type")![1], want.body]);
      expect(a.status, p).toBe(404);
    }
  });

  it("does not serve its own rule file or the raw files", async () => {
    expect((await fetchRaw(site.base, "GET", "/nginx.conf")).status).toBe(404);
    for (const p of ["api/v2/event_pages/201/index.api.html", "api/v2/event_pages/index.json", "api/v2/pages/20/index.json", "api/v2/event_pages/404.json", "api/v2/404.json", "api/v2/pages/options.json", "api/v2/405/POST.json"]) {
      expect(existsSync(path.join(site.dist, p)), p).toBe(true);
      const raw = await fetchRaw(site.base, "GET", `/${p}`);
      // 404 directly, or (a name nginx does not know) a 301 to the address with a slash, which is a 404.
      const final = raw.status === 301 ? await fetchRaw(site.base, "GET", header(raw, "Location")!) : raw;
      expect(final.status, p).toBe(404);
      expect(header(final, "Content-Type"), p).toBe("application/json");
    }
  });

  it("echoes each allowed CORS origin, answers preflights, and adds Cache-Control when configured", async () => {
    const cors = await serveWithNginx({ cors_origins: ["https://a.example", "https://b.example"], cache_control: "public, max-age=300" });
    for (const origin of ["https://a.example", "https://b.example"]) {
      const a = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: origin });
      expect(a.status).toBe(200);
      expect(names(a)).toEqual([...LIVE_ORDER, "Cache-Control", "Access-Control-Allow-Origin"]);
      expect(header(a, "Access-Control-Allow-Origin")).toBe(origin);
      expect(header(a, "Vary")).toBe("Accept, Origin"); // the answer depends on Origin: caches must know
      expect(header(a, "Cache-Control")).toBe("public, max-age=300");
      expect(header(a, "Access-Control-Allow-Methods")).toBeUndefined();
    }
    for (const origin of ["https://evil.example", "https://a.example.evil"]) {
      const b = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: origin });
      expect(header(b, "Access-Control-Allow-Origin"), origin).toBeUndefined();
    }
    expect(header(await fetchRaw(cors.base, "GET", "/api/v2/event_pages/"), "Access-Control-Allow-Origin")).toBeUndefined();
    const missing = await fetchRaw(cors.base, "GET", "/api/v2/pages/987654321/", { Origin: "https://a.example" });
    expect(missing.status).toBe(404);
    expect(header(missing, "Cache-Control")).toBe("public, max-age=300");
    expect(header(missing, "Access-Control-Allow-Origin")).toBe("https://a.example");

    const pre = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/201/", { Origin: "https://b.example", "Access-Control-Request-Method": "GET" });
    expect(pre.status).toBe(200);
    expect(pre.body.length).toBe(0);
    expect(header(pre, "Access-Control-Allow-Origin")).toBe("https://b.example");
    expect(header(pre, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(header(pre, "Access-Control-Allow-Headers")).toBe("Accept, Content-Type, Authorization");
    expect(header(pre, "Access-Control-Max-Age")).toBe("86400");
    // A preflight from another origin is a plain OPTIONS: the view's description, no CORS headers.
    const other = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/201/", { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" });
    expect(JSON.parse(other.body.toString())).toHaveProperty("name", "Event Pages Api");
    expect(header(other, "Access-Control-Allow-Origin")).toBeUndefined();
    expect(header(other, "Access-Control-Allow-Methods")).toBeUndefined();
  });

  it("sends Access-Control-Allow-Origin: * on every answer when any origin is allowed", async () => {
    const any = await serveWithNginx({ cors_origins: ["*"] });
    const a = await fetchRaw(any.base, "GET", "/api/v2/pages/20/");
    expect(header(a, "Access-Control-Allow-Origin")).toBe("*");
    expect(header(a, "Vary")).toBe("Accept");
    expect(header(a, "Cache-Control")).toBeUndefined();
    const pre = await fetchRaw(any.base, "OPTIONS", "/api/v2/pages/20/", { Origin: "https://x.example", "Access-Control-Request-Method": "GET" });
    expect(header(pre, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
  });
});

// Needs no nginx: runs everywhere.
describe("nginx.conf", () => {
  it("refuses to write a literal $ into nginx.conf (nginx would expand it)", () => {
    const model: HostModel = {
      jsonHeaders: [["Content-Type", "application/json"], ["Cache-Control", "max-age=$x"]],
      htmlHeaders: [["Content-Type", "text/html; charset=utf-8"], ["Cache-Control", "max-age=$x"]],
      collections: [], documents: [], otherNotFoundFile: "api/v2/404.json", corsOrigins: [], cacheControl: "max-age=$x",
    };
    expect(() => renderNginx(model)).toThrow(/literal "\$"/);
  });
});
