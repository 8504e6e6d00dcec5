// Every list query on nginx, answered by the preview's own engine in nginx's JavaScript module
// (njs, Debian's libnginx-mod-http-js; nginx-api.js, src/host/nginx-njs.ts): Debian's nginx on
// 127.0.0.1 serving builds made with --host nginx through the real CLI. Every request a real
// Wagtail 5.2.8 recorded (the pages' and the images endpoint's) must answer its bytes, as the
// preview and the Cloudflare worker do (queries-served.test.ts); a seeded fuzz of query strings
// (valid and not) must answer the preview's status, Location and bytes; and at 10,000 event pages a
// sample of paging, find/ and slug queries answers as the preview, its time per query printed.
// Where nginx or its JavaScript module is missing these tests are skipped, except under CI.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { servedRules } from "../src/host/rules.js";
import { serialize } from "../src/runtime/serialize.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { copyContent, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { referenceImageRecords } from "./helpers/image-reference.js";
import { startNginx, type NginxSite } from "./helpers/nginx.js";
import { NGINX, NGINX_JS, requireProgram } from "./helpers/programs.js";
import { seeded } from "./helpers/random.js";
import { previewOf, type Served } from "./helpers/static-hosts.js";
import { DIFFERS_BY_DESIGN, recordedAnswers, REFERENCE_CONTENT, REFERENCE_IMAGES, REFERENCE_NOW, sameAsWagtail, wagtailJsOnReference } from "./helpers/wagtail-reference.js";

const NGINX_BIN = requireProgram(NGINX);
const NJS = NGINX_BIN ? requireProgram(NGINX_JS) : undefined;

const sites: { dir: string; site: NginxSite }[] = [];
afterAll(async () => {
  for (const s of sites) {
    await s.site.server.stop();
    removeDir(s.dir);
  }
});

/** Builds `content` with --host nginx into `dir`/dist, serves it with nginx; the preview's answers over the same build. */
async function serve(dir: string, content: string, now: string) {
  const dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", content, "--out", dist, "--now", now, "--host", "nginx"], { cwd: ROOT, timeout: 600_000 });
  expect(run.code, run.stderr.slice(-3000)).toBe(0);
  const checked = await check({ content, now, hosts: [] });
  expect(checked.ok).toBe(true);
  const preview = previewOf(servedRules(checked.model!, browsableTemplate()), dist);
  const site = await startNginx(NGINX_BIN!, NJS!, dist, dir);
  sites.push({ dir, site });
  const nginx = async (url: string): Promise<Served> => {
    const a = await fetchRaw(site.base, "GET", url);
    return { status: a.status, body: a.body.toString("utf8"), contentType: header(a, "Content-Type"), location: header(a, "Location") };
  };
  return { dist, site, preview, nginx };
}

/** What a client sends for `url`: fetch's own reading of it (its percent-encoding), so both servers get the same target. */
const sent = (url: string) => {
  const u = new URL(url, "http://x.invalid");
  return `${u.pathname}${u.search}`;
};

describe.skipIf(!NJS)("nginx with its JavaScript module: the queries", () => {
  let s: Awaited<ReturnType<typeof serve>>;
  let index: QueryIndex;
  beforeAll(async () => {
    const dir = tempDir("bc-nginx-queries-");
    const content = copyContent(REFERENCE_CONTENT, dir);
    // The reference's images, each with its original's size as Wagtail recorded it (as queries-served.test.ts).
    const images = JSON.parse(readFileSync(path.join(REFERENCE_IMAGES, "content/images.json"), "utf8")) as { id: number }[];
    const sizes = new Map(referenceImageRecords().map((r) => [r.id, { width: r.width, height: r.height }]));
    writeFileSync(path.join(content, "images.json"), JSON.stringify(images.map((i) => ({ ...i, ...sizes.get(i.id)! })), null, 2));
    s = await serve(dir, content, REFERENCE_NOW);
    index = JSON.parse(readFileSync(path.join(s.dist, "_query/index.json"), "utf8")) as QueryIndex;
  }, 180_000);

  it("accepts nginx.conf, nginx-http.conf and the module (nginx -t), without a warning", () => {
    const t = spawnSync(NGINX_BIN!, ["-t", ...s.site.args], { encoding: "utf8" });
    expect(t.status, t.stderr).toBe(0);
    expect(t.stderr).not.toMatch(/\[(warn|emerg|alert)\]/);
  });

  it("answers every recorded query, find and detail as Wagtail 5.2 did", async () => {
    const problems: string[] = [];
    for (const r of recordedAnswers().filter((r) => !DIFFERS_BY_DESIGN.has(r.name))) {
      const a = await fetchRaw(s.site.base, "GET", r.url);
      const problem = sameAsWagtail(r, { status: a.status, location: header(a, "Location"), body: a.body.toString("utf8") });
      if (problem) problems.push(problem);
      if (r.status === 302) {
        expect(a.body.length, r.name).toBe(0);
        expect(header(a, "Content-Type"), r.name).toBe("text/html; charset=utf-8");
      } else expect(header(a, "Content-Type"), r.name).toBe("application/json");
    }
    expect(problems).toEqual([]);
  });

  it("answers every recorded request of the images endpoint as Wagtail 5.2 did, but the plain list (every image) by design", async () => {
    const problems: string[] = [];
    for (const r of recordedAnswers(REFERENCE_IMAGES).filter((r) => !["im_plain", "im_detail_abc", "im_noslash"].includes(r.name))) {
      const a = await fetchRaw(s.site.base, "GET", r.url);
      const problem = sameAsWagtail(r, { status: a.status, location: header(a, "Location"), body: a.body.toString("utf8") });
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it("answers the requests Wagtail answers otherwise by design as the preview does: the plain lists, an unknown search_operator", async () => {
    for (const r of recordedAnswers().filter((r) => DIFFERS_BY_DESIGN.has(r.name))) {
      expect(await s.nginx(r.url), r.name).toEqual(await s.preview(r.url));
    }
    const bad = await fetchRaw(s.site.base, "GET", "/api/v2/event_pages/?search=lake&search_operator=xor");
    expect([bad.status, bad.body.toString("utf8")]).toEqual([400, '{\n    "message": "search_operator must be either \'and\' or \'or\'"\n}']);
  });

  it("renders query answers and their errors as the browsable page on ?format=api, and answers HEAD without a body", async () => {
    const a = await fetchRaw(s.site.base, "GET", "/api/v2/pages/?slug=tosca&format=api");
    expect([a.status, header(a, "Content-Type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(a.body.toString("utf8")).toContain("&quot;total_count&quot;: 1");
    const e = await fetchRaw(s.site.base, "GET", "/api/v2/pages/?limit=50&format=api");
    expect([e.status, header(e, "Content-Type")]).toEqual([400, "text/html; charset=utf-8"]);
    expect(e.body.toString("utf8")).toContain("HTTP 400 Bad Request");
    const get = await fetchRaw(s.site.base, "GET", "/api/v2/event_pages/?limit=3&fields=title");
    const head = await fetchRaw(s.site.base, "HEAD", "/api/v2/event_pages/?limit=3&fields=title");
    expect([head.status, head.body.length, header(head, "Content-Length")]).toEqual([200, 0, String(get.body.length)]);
    expect(head.headers.map(([n]) => n)).toEqual(get.headers.map(([n]) => n));
  });

  it("answers OPTIONS and other methods with a query as without", async () => {
    const options = await fetchRaw(s.site.base, "OPTIONS", "/api/v2/event_pages/?limit=1");
    expect(options.status).toBe(200);
    expect(JSON.parse(options.body.toString("utf8"))).toHaveProperty("name", "Event Pages Api");
    const post = await fetchRaw(s.site.base, "POST", "/api/v2/pages/?limit=1");
    expect([post.status, post.body.toString("utf8")]).toEqual([405, '{\n    "detail": "Method \\"POST\\" not allowed."\n}']);
  });

  it("serves wagtail-js: a page by slug, and paging with limit and offset until total_count", async () => {
    expect(await wagtailJsOnReference(s.site.base)).toEqual({ page: [193, "hamlet"], paging: [5, 90, 90], ascending: true });
  });

  it("answers a seeded fuzz of query strings (lists, details, find/, images; valid and invalid values) as the preview", async () => {
    const random = seeded(49);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const pageIds = index.pages.map((p) => p.id);
    const titleWords = index.pages.flatMap((p) => String(p.values.title ?? "").split(/\s+/)).filter(Boolean);
    const paths = [
      "/api/v2/event_pages/", "/api/v2/pages/", "/api/v2/images/", "/api/v2/event_pages/find/", "/api/v2/pages/find/", "/api/v2/images/find/",
      () => `/api/v2/pages/${pick(pageIds)}/`, () => `/api/v2/event_pages/${pick(pageIds)}/`, () => `/api/v2/images/${pick([301, 309, 399, 450, 99999])}/`,
    ];
    const names = [
      "limit", "offset", "fields", "order", "search", "search_operator", "type", "slug", "child_of", "ancestor_of", "descendant_of",
      "translation_of", "locale", "site", "id", "title", "on_sale", "show_in_menus", "first_published_at", "is_education_event", "venue",
      "genre", "html_path", "width", "height", "tags", "_", "format", "foo", "seo_title", "last_published_at",
    ];
    const values = [
      () => String(Math.floor(random() * 30) - 3), () => String(pick(pageIds)), "abc", "", " 7 ", "1_0", "+3", "٣", "true", "false", "1", "0",
      "title", "-title", "id,-title", "first_published_at", "-first_published_at", "slug", "on_sale,-id", "bogus", "random", "title,random",
      "*", "-performances", "_,title", "title,-title", "genre(name)", "performances(ticketing)", "bogus(x)", "*,-title",
      () => pick(titleWords), () => `${pick(titleWords)} ${pick(titleWords)}`, () => pick(index.pages).path, () => pick(index.pages).path, "swan lake", "SWAN", "café", "Ωmega", "ÉCLAT", "x'y\"z",
      "and", "or", "xor", "AND", "events.EventPage", "events.eventpage", "wagtailcore.Page", "events.AllEventsPage,events.EventPage", "nothing",
      "en", "fr", "api.harbourrange.example", "localhost", "root", "/whats-on/hamlet/", "/whats-on/", "/", "whats-on/tosca", "/WHATS-ON/TOSCA/",
      "2025-07-18", "2025-07-18T10:18:37.142148+10:00", "2025-07-18 10:18:37.142148", "2026-04-05 02:30", "2026-10-04 02:30", "2025-02-30",
      "0001-01-01 00:00", "9999-12-31 23:59:59", "2025-07-18T10:18Z", "json", "api", "%FF", "%E2%82%AC", "%2F", "a+b", "&", "=",
    ];
    const value = () => {
      const v = pick(values);
      const text = typeof v === "function" ? v() : v;
      // Raw, or percent-encoded as a client's URLSearchParams would.
      return text.startsWith("%") || random() < 0.5 ? text : encodeURIComponent(text);
    };
    const urls: string[] = [];
    for (let i = 0; i < 600; i++) {
      const p = pick(paths);
      const params = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(names)}=${value()}`);
      // format=api renders the browsable page, whose bytes are also compared; random order is not repeatable.
      const url = sent(`${typeof p === "function" ? p() : p}?${params.join("&")}`);
      if (!/order=[^&]*random/.test(url)) urls.push(url);
    }
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const times: number[] = [];
    for (const url of urls) {
      const start = performance.now();
      const got = await s.nginx(url);
      times.push(performance.now() - start);
      const want = await s.preview(url);
      statuses.set(want.status, (statuses.get(want.status) ?? 0) + 1);
      if (got.status !== want.status || got.body !== want.body || got.location !== want.location || got.contentType !== want.contentType) {
        problems.push(`${url}: nginx ${got.status} ${got.body.slice(0, 200)}\n  preview ${want.status} ${want.body.slice(0, 200)}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`nginx + njs on the reference catalogue (90 event pages): ${urls.length} fuzzed queries, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`);
    // The fuzz reaches answers of every kind.
    expect([...statuses.keys()].sort()).toEqual([200, 302, 400, 404]);
  }, 120_000);

  it("writes objects of more than ten keys in their order (njs keeps ten): the page's fields, its meta, and objects read from a document", async () => {
    const wideOf = (n: number, depth: number): Record<string, unknown> =>
      Object.fromEntries(["zeta", "alpha", "mu", "beta", "omicron", "kappa", "delta", "xi", "gamma", "pi", "epsilon", "lambda", "eta", "nu"].slice(0, n).map((k, i) => [k, depth > 0 && i % 5 === 2 ? wideOf(n - 1, depth - 1) : i % 3 === 0 ? [i, { [k]: k }] : `${k} ${i}`]));
    const page = index.pages.find((p) => index.models[p.type]!.name === "events.EventPage")!;
    const file = path.join(s.dist, `api/v2/pages/${page.id}/index.json`);
    const original = readFileSync(file, "utf8");
    try {
      // The page's document with objects of 14 keys (holding others of 13 and 12) and 12, as the build writes documents.
      const doc = JSON.parse(original) as { event: Record<string, unknown>; venue: unknown };
      doc.event = { ...doc.event, wide: wideOf(14, 2) };
      doc.venue = wideOf(12, 1);
      writeFileSync(file, serialize(doc));
      const urls = [`/api/v2/pages/${page.id}/?fields=event`, `/api/v2/event_pages/${page.id}/?fields=*`, `/api/v2/event_pages/?id=${page.id}&fields=*`, `/api/v2/event_pages/?id=${page.id}&fields=venue,title&format=api`];
      for (const url of urls) {
        const [got, want] = [await s.nginx(url), await s.preview(url)];
        expect(got, url).toEqual(want);
        expect(want.body, url).toContain("zeta");
      }
      // The plain detail is the file's bytes.
      expect((await s.nginx(`/api/v2/pages/${page.id}/?_=1`)).body).toBe(serialize(doc));
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe.skipIf(!NJS)("nginx with its JavaScript module at 10,000 event pages", () => {
  it("answers a sample of paging, find/ and slug queries as the preview; the time per query is printed", async () => {
    const dir = tempDir("bc-nginx-scale-");
    const content = path.join(dir, "content");
    const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, "10000"], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    const s = await serve(dir, content, "2026-06-01T00:00:00Z");
    const index = JSON.parse(readFileSync(path.join(s.dist, "_query/index.json"), "utf8")) as QueryIndex;
    const events = index.pages.filter((p) => index.models[p.type]!.name === "events.EventPage");
    expect(events).toHaveLength(10_000);
    const urls = [
      "/api/v2/event_pages/?limit=20&offset=0", "/api/v2/event_pages/?limit=20&offset=9980", "/api/v2/event_pages/?offset=5000&fields=title,date_range",
      "/api/v2/pages/?type=events.EventPage&limit=5", "/api/v2/event_pages/?order=-first_published_at&limit=10", "/api/v2/event_pages/?search=gala&limit=5",
      ...events.filter((_, i) => i % 1000 === 0).flatMap((p) => [
        `/api/v2/pages/find/?html_path=${encodeURIComponent(p.path)}`, `/api/v2/event_pages/?slug=${String(p.values.slug)}`, `/api/v2/pages/${p.id}/?fields=title`,
      ]),
    ];
    const times: number[] = [];
    for (const url of urls) {
      const start = performance.now();
      const got = await s.nginx(url);
      times.push(performance.now() - start);
      expect(got, url).toEqual(await s.preview(url));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`nginx + njs at 10,000 event pages: ${urls.length} queries, median ${ms(sorted[sorted.length >> 1]!)}, slowest ${ms(sorted.at(-1)!)} (${urls[times.indexOf(sorted.at(-1)!)]})`);
  }, 900_000);
});
