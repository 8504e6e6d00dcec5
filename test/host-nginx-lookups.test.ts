// The pre-rendered lookups on real nginx (Debian's, on its own prefix on 127.0.0.1): ?slug= on both
// routes, ?type=, the two combined, and find/?html_path=, held to what a real Wagtail 5.2.8
// answered for the same catalogue (test/fixtures/wagtail-5.2) and, request by request, to what the
// preview answers (the runtime responder with the query engine); every other query gets the 400.
// Then a real Wagtail client (wagtail-js) against it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CMSClient } from "wagtail-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { lookupsOf } from "../src/plan/lookups.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import { lookupRules } from "../src/host/lookups.js";
import { renderNginxFindMap } from "../src/host/nginx-lookups.js";
import { servedRules } from "../src/host/rules.js";
import { respond, type ServedRules } from "../src/runtime/respond.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { copyContent, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header, type Answer } from "./helpers/http-contract.js";
import { startNginx, type NginxSite } from "./helpers/nginx.js";
import { NGINX, requireProgram } from "./helpers/programs.js";
import { recordedAnswers, REFERENCE_CONTENT, REFERENCE_NOW, sameAsWagtail } from "./helpers/wagtail-reference.js";

const NGINX_BIN = requireProgram(NGINX);
const NOW = REFERENCE_NOW;
/** Headers nginx writes itself, around the live ones. */
const NGINX_OWN = ["Server", "Date", "Content-Length", "Last-Modified", "Connection", "Accept-Ranges"];
const LIVE = ["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"];

let dir = "";
let dist = "";
let rules: ServedRules;
let index: QueryIndex;
let withFind: NginxSite;
let withoutFind: NginxSite;

const setUp = async () => {
  dir = tempDir("bc-nginx-lookups-");
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", REFERENCE_CONTENT, "--out", dist, "--now", NOW, "--host", "nginx"]);
  expect(run.code, run.output).toBe(0);
  // The preview's rules for the same catalogue, from the library.
  const oracle = await build({ content: REFERENCE_CONTENT, out: path.join(dir, "oracle"), now: NOW, hosts: [] });
  expect(oracle.ok).toBe(true);
  rules = servedRules(oracle.model!, browsableTemplate());
  index = JSON.parse(readFileSync(path.join(dist, "_query/index.json"), "utf8")) as QueryIndex;
  withFind = await startNginx(NGINX_BIN!, dist, dir, { httpInclude: true });
  withoutFind = await startNginx(NGINX_BIN!, dist, dir);
};
const tearDown = async () => {
  await withFind?.server.stop();
  await withoutFind?.server.stop();
  if (dir) removeDir(dir);
};

const files = {
  read: async (p: string) => (existsSync(path.join(dist, p)) ? readFileSync(path.join(dist, p), "utf8") : null),
};
/** What the preview answers: status, body and its headers. */
const preview = (url: string, accept = "application/json") => respond(rules, files, { method: "GET", url, accept });
const live = (a: Answer) => a.headers.map(([n]) => n).filter((n) => !NGINX_OWN.includes(n));

const recorded = (name: string) => recordedAnswers().find((r) => r.name === name)!;

async function expectSameAsPreview(u: string, accept?: string): Promise<Answer> {
  const want = await preview(u, accept);
  const got = await fetchRaw(withFind.base, "GET", u, accept ? { Accept: accept } : {});
  expect(got.status, u).toBe(want.status);
  expect(got.body.toString("utf8"), u).toBe(want.body);
  expect(header(got, "Content-Type"), u).toBe(want.headers.find(([n]) => n === "Content-Type")![1]);
  expect(live(got), u).toEqual(LIVE);
  return got;
}

async function expectRefused(site: NginxSite, u: string, words = "pre-rendered lookups"): Promise<void> {
  const a = await fetchRaw(site.base, "GET", u);
  expect(a.status, u).toBe(400);
  expect(header(a, "Content-Type"), u).toBe("application/json");
  expect(live(a), u).toEqual(LIVE);
  expect((JSON.parse(a.body.toString("utf8")) as { message: string }).message, u).toContain(words);
}

describe.skipIf(!NGINX_BIN)("nginx", () => {
  beforeAll(setUp);
  afterAll(tearDown);

  describe("pre-rendered lookups", () => {
    it("accepts both files (nginx -t), with and without nginx-http.conf", () => {
      for (const site of [withFind, withoutFind]) {
        const t = spawnSync(NGINX_BIN!, ["-t", ...site.args], { encoding: "utf8" });
        expect(t.status, t.stderr).toBe(0);
        expect(t.stderr).not.toMatch(/\[(warn|emerg|alert)\]/);
      }
    });

    it("answers as Wagtail 5.2 did: slug on both routes, a slug no page has, slug with type, find", async () => {
      for (const name of ["ev_slug", "ev_slug_none", "pg_slug", "pg_slug_parent", "pg_slug_type_none", "ev_find", "ev_find_none", "pg_find", "pg_find_parent", "pg_find_home", "pg_find_none"]) {
        const want = recorded(name);
        const got = await fetchRaw(withFind.base, "GET", want.url);
        expect(sameAsWagtail(want, { status: got.status, location: header(got, "Location"), body: got.body.toString("utf8") })).toBeUndefined();
        // The headers Wagtail sent, in its order (nginx's own aside).
        expect(live(got), name).toEqual(want.status === 302 ? ["Content-Type", "Location", ...LIVE.slice(1)] : LIVE);
        expect(header(got, "Content-Type"), name).toBe(want.status === 302 ? "text/html; charset=utf-8" : "application/json");
        if (want.status === 302) expect(got.body.length, name).toBe(0);
      }
    });

    it("answers every pre-rendered lookup with the preview's bytes, JSON and browsable", async () => {
      const lookups = lookupsOf(index);
      expect(lookups.length).toBeGreaterThan(3 * 90);
      for (const [i, l] of lookups.entries()) {
        await expectSameAsPreview(`/api/v2/${l.route}/?${l.query}`);
        if (i % 25 === 0 || l.slug === undefined) await expectSameAsPreview(`/api/v2/${l.route}/?${l.query}&format=api`);
      }
      // Parameters in another order, format=json, a browser's Accept: the same answers.
      await expectSameAsPreview("/api/v2/pages/?type=events.EventPage&slug=tosca");
      await expectSameAsPreview("/api/v2/event_pages/?format=json&slug=tosca");
      await expectSameAsPreview("/api/v2/pages/?slug=tosca&_=1700000000");
      const typed = await expectSameAsPreview("/api/v2/pages/?type=events.EventPage");
      const body = JSON.parse(typed.body.toString("utf8")) as { meta: { total_count: number }; items: unknown[] };
      expect([body.meta.total_count, body.items.length]).toEqual([90, 20]); // Wagtail's first page, the true count
    });

    it("answers a slug no page has with Wagtail's empty list", async () => {
      for (const u of [
        "/api/v2/pages/?slug=nothing-here", "/api/v2/event_pages/?slug=whats-on", "/api/v2/pages/?slug=Tosca",
        "/api/v2/pages/?slug=", "/api/v2/pages/?slug=a+b", "/api/v2/pages/?slug=whats-on&type=events.EventPage",
        "/api/v2/pages/?slug=tosca&type=events.AllEventsPage",
      ]) {
        const a = await expectSameAsPreview(u);
        expect(JSON.parse(a.body.toString("utf8")), u).toEqual({ meta: { total_count: 0 }, items: [] });
      }
    });

    it("redirects find/ for every page's path, as the site writes it and encoded", async () => {
      for (const page of index.pages) {
        const trimmed = page.path === "/" ? "" : page.path.slice(0, -1);
        for (const form of [page.path, trimmed, encodeURIComponent(page.path)]) {
          for (const route of ["pages", "event_pages"]) {
            const u = `/api/v2/${route}/find/?html_path=${form}`;
            const want = await preview(u);
            const got = await fetchRaw(withFind.base, "GET", u);
            expect(got.status, u).toBe(want.status);
            if (want.status === 302) {
              expect(header(got, "Location"), u).toBe(want.headers.find(([n]) => n === "Location")![1]);
              expect(got.body.length, u).toBe(0);
              expect(live(got), u).toEqual(["Content-Type", "Location", ...LIVE.slice(1)]);
            } else expect(got.body.toString("utf8"), u).toBe(want.body);
          }
        }
      }
      const missing = await fetchRaw(withFind.base, "GET", "/api/v2/pages/find/");
      expect([missing.status, missing.body.toString("utf8")]).toEqual([404, (await preview("/api/v2/pages/find/")).body]);
    });

    it("answers every other list query, and fields or filters on a detail, with the 400", async () => {
      for (const u of [
        "/api/v2/event_pages/?limit=5", "/api/v2/event_pages/?offset=20", "/api/v2/event_pages/?fields=title",
        "/api/v2/event_pages/?order=title", "/api/v2/event_pages/?search=hamlet", "/api/v2/event_pages/?foo=bar",
        "/api/v2/event_pages/?on_sale=true", "/api/v2/event_pages/?slug=hamlet&limit=1", "/api/v2/event_pages/?type=events.EventPage",
        "/api/v2/pages/?type=events.Nothing", "/api/v2/pages/?type=events.eventpage", "/api/v2/pages/?child_of=3",
        "/api/v2/pages/?slug=hamlet&slug=tosca", "/api/v2/pages/?slug=ham%6Cet", "/api/v2/pages/?slug=hamlet&format=json&format=api",
        "/api/v2/pages/?limit", "/api/v2/pages/178/?fields=title", "/api/v2/event_pages/178/?fields=-performances",
        "/api/v2/pages/178/?slug=tosca", "/api/v2/pages/find/?html_path=/whats-on/tosca/&type=events.EventPage",
        "/api/v2/pages/find/?id=178", "/api/v2/pages/find/?html_path=/Whats-On/Tosca/", "/api/v2/pages/find/?html_path=whats-on/tosca",
        "/api/v2/pages/find/?html_path=/whats-on%2Ftosca/",
      ]) {
        await expectRefused(withFind, u);
      }
      // Wagtail ignores parameters it does not know on a detail: so does nginx.
      const foo = await fetchRaw(withFind.base, "GET", recorded("ev_detail_foo").url);
      expect([foo.status, foo.body.toString("utf8")]).toEqual([200, recorded("ev_detail_foo").body]);
    });

    it("keeps today's answers for no query, format=json and format=api", async () => {
      for (const u of ["/api/v2/event_pages/", "/api/v2/pages/?format=json", "/api/v2/event_pages/178/?format=json"]) {
        const a = await fetchRaw(withFind.base, "GET", u);
        expect(a.status, u).toBe(200);
        expect(a.body.equals(readFileSync(path.join(dist, u.split("?")[0]!.slice(1), "index.json"))), u).toBe(true);
      }
      const html = await fetchRaw(withFind.base, "GET", "/api/v2/pages/?format=api");
      expect(html.body.equals(readFileSync(path.join(dist, "api/v2/pages/index.api.html")))).toBe(true);
    });

    it("builds nginx-http.conf's map for 100,000 pages without a warning", () => {
      const pages = Array.from({ length: 100_000 }, (_, i) => ({ path: `/whats-on/an-event-with-a-rather-long-slug-${i}/`, id: 10 + i, event: true }));
      const big = path.join(dir, "big");
      mkdirSync(big, { recursive: true });
      writeFileSync(path.join(big, "nginx-http.conf"), renderNginxFindMap({ ...lookupRules(index), pages }));
      writeFileSync(path.join(big, "main.conf"), `pid ${big}/nginx.pid;\nerror_log ${big}/error.log;\nevents {}\nhttp {\n  include ${big}/nginx-http.conf;\n  server { listen 127.0.0.1:9; return 200 $bc_find_page; }\n}\n`);
      const t = spawnSync(NGINX_BIN!, ["-t", "-p", `${big}/`, "-c", path.join(big, "main.conf"), "-e", path.join(big, "error.log")], { encoding: "utf8" });
      expect(t.status, t.stderr).toBe(0);
      expect(t.stderr).not.toMatch(/\[(warn|emerg|alert)\]/);
    });

    it("does not serve nginx-http.conf or the lookup files directly", async () => {
      for (const p of ["/nginx-http.conf", "/_lookup/empty.json", "/_lookup/pages/slug/tosca/index.json"]) {
        expect((await fetchRaw(withFind.base, "GET", p)).status, p).toBe(404);
      }
    });

    it("sends the CORS header on lookups, refusals and find's 302 when cors_origins is set", async () => {
      const content = copyContent(REFERENCE_CONTENT, dir, "cors-content");
      const catalogue = path.join(content, "catalogue.json");
      writeFileSync(catalogue, JSON.stringify({ ...JSON.parse(readFileSync(catalogue, "utf8")), cors_origins: ["https://a.example"] }));
      const corsDist = path.join(dir, "cors-dist");
      const run = runCli(["build", "--content", content, "--out", corsDist, "--now", NOW, "--host", "nginx"]);
      expect(run.code, run.output).toBe(0);
      const site = await startNginx(NGINX_BIN!, corsDist, dir, { httpInclude: true });
      try {
        for (const [u, status] of [["/api/v2/pages/?slug=tosca", 200], ["/api/v2/pages/?limit=1", 400], ["/api/v2/pages/find/?html_path=/whats-on/tosca/", 302]] as const) {
          const a = await fetchRaw(site.base, "GET", u, { Origin: "https://a.example" });
          expect(a.status, u).toBe(status);
          expect(header(a, "Access-Control-Allow-Origin"), u).toBe("https://a.example");
          expect(header(a, "Vary"), u).toBe("Accept, Origin");
        }
      } finally {
        await site.server.stop();
      }
    });

    it("without nginx-http.conf: the lookups still answer, find/ answers 400 saying what to include", async () => {
      const a = await fetchRaw(withoutFind.base, "GET", "/api/v2/pages/?slug=tosca");
      expect(a.body.toString("utf8")).toBe((await preview("/api/v2/pages/?slug=tosca")).body);
      await expectRefused(withoutFind, "/api/v2/pages/find/?html_path=/whats-on/tosca/", "nginx-http.conf");
      await expectRefused(withoutFind, "/api/v2/event_pages/find/?html_path=/whats-on/tosca/", "nginx-http.conf");
    });
  });

  describe("wagtail-js against nginx", () => {
    let client: CMSClient;
    beforeAll(() => {
      client = new CMSClient({ baseURL: withFind.base, apiPath: "/api/v2", cache: "no-store" });
    });
    const quietly = async <T>(f: () => Promise<T>): Promise<T> => {
      const [log, group, groupEnd] = [console.log, console.group, console.groupEnd];
      console.log = console.group = console.groupEnd = () => {};
      try {
        return await f();
      } finally {
        [console.log, console.group, console.groupEnd] = [log, group, groupEnd];
      }
    };

    it("fetches a page by slug (GET /api/v2/pages/?slug=…), and reports a slug no page has as not found", async () => {
      const page = (await client.fetchPage("tosca")) as { id: number; meta: { type: string } };
      expect([page.id, page.meta.type]).toEqual([178, "events.EventPage"]);
      expect(await client.fetchPage("nothing-here")).toMatchObject({ message: "Page not found" });
      const typed = (await client.fetchPage("tosca", { type: "events.EventPage" })) as { id: number };
      expect(typed.id).toBe(178);
    });

    it("lists a type's first page; paging with limit/offset is refused with the 400", async () => {
      const list = (await client.fetchContent("pages", { type: "events.EventPage" })) as { meta: { total_count: number }; items: unknown[] };
      expect([list.meta.total_count, list.items.length]).toEqual([90, 20]);
      // A paging client (limit/offset until total_count) needs the query engine: nginx refuses, wagtail-js throws.
      await expect(quietly(() => client.fetchContent("event_pages" as "pages", { limit: 20, offset: 20 }))).rejects.toMatchObject({ code: "REQUEST_FAILED" });
    });
  });
});
