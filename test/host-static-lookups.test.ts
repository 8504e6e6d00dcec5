// The pre-rendered lookups on Netlify and Vercel, on the hosts' own engines: _redirects evaluated
// by netlify-redirector as `netlify dev` runs it (test/helpers/netlify.ts), vercel.json built by the
// real `vercel build` and routed by @cloudflare/next-on-pages' copy of Vercel's router
// (test/helpers/vercel.ts). Two catalogues: 12 generated event pages, and the 90 a real Wagtail
// 5.2.8 served (test/fixtures/wagtail-5.2). Each lookup must answer what the preview answers (the
// runtime responder with the query engine), byte for byte, and what Wagtail recorded; every other
// query the 400; nothing under /api/ is HTML but the browsable page asked for.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { lookupsOf } from "../src/plan/lookups.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import { servedRules } from "../src/host/rules.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { expectAnswer, lookupCases, previewOf, staticHosts, type HostAnswer, type Served } from "./helpers/static-hosts.js";
import { outputRoutes } from "./helpers/vercel.js";
import { recordedAnswers, REFERENCE_CONTENT, REFERENCE_NOW, sameAsWagtail } from "./helpers/wagtail-reference.js";

interface Catalogue { dist: string; index: QueryIndex; oracle: (url: string) => Promise<Served>; hosts: Record<string, HostAnswer> }

let dir = "";
const catalogues: Record<string, Catalogue> = {};
const SIZES = { "12 event pages": 12, "90 event pages": 90 } as const;
const LIVE = { vary: "Accept", allow: "GET, HEAD, OPTIONS", "x-content-type-options": "nosniff", "referrer-policy": "same-origin", "x-frame-options": "DENY" };

beforeAll(async () => {
  dir = tempDir("bc-static-lookups-");
  const generated = path.join(dir, "generated");
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), generated, "12"], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
  for (const [name, content, now] of [["12 event pages", generated, REFERENCE_NOW], ["90 event pages", REFERENCE_CONTENT, REFERENCE_NOW]] as const) {
    const dist = path.join(dir, `${SIZES[name]}`, "dist");
    const run = runCli(["build", "--content", content, "--out", dist, "--now", now, "--host", "netlify,vercel"]);
    expect(run.code, run.output).toBe(0);
    const oracleDir = path.join(dir, `${SIZES[name]}`, "oracle");
    const oracleBuild = await build({ content, out: oracleDir, now, hosts: ["serve"] });
    expect(oracleBuild.ok).toBe(true);
    const rules = servedRules(oracleBuild.model!, browsableTemplate());
    catalogues[name] = {
      dist,
      index: JSON.parse(readFileSync(path.join(oracleDir, "_query/index.json"), "utf8")) as QueryIndex,
      oracle: previewOf(rules, oracleDir),
      hosts: await staticHosts(dist, { vercelBuild: true }),
    };
  }
}, 240_000);
afterAll(() => removeDir(dir));

describe.each(["netlify", "vercel"])("%s: pre-rendered lookups on the host's own engine", (host) => {
  describe.each(Object.keys(SIZES))("%s", (name) => {
    const c = () => catalogues[name]!;
    const ask = (u: string) => c().hosts[host]!(u);

    it("answers ?slug= (known and unknown, both routes, with and without type), ?type=, find/ and format=api as the preview, every other query the 400, and no HTML", async () => {
      const cases = lookupCases(c().index);
      expect(cases.length).toBeGreaterThan(15 * SIZES[name as keyof typeof SIZES]);
      for (const k of cases) await expectAnswer(k, await ask(k.url), c().oracle, { unknownSlugs: true, find: true });
    });

    it("reads ?type= as Vercel matches it: the model's name in any case on Vercel (as Wagtail), the name as written on Netlify (else the 400)", async () => {
      const got = await ask("/api/v2/pages/?type=events.eventpage");
      if (host === "vercel") {
        const want = await c().oracle("/api/v2/pages/?type=events.eventpage");
        expect([got.status, got.body]).toEqual([want.status, want.body]);
      } else {
        expect(got.status).toBe(400);
      }
    });

    it("answers every pre-rendered lookup with the preview's bytes, JSON and browsable", async () => {
      for (const [i, l] of lookupsOf(c().index).entries()) {
        for (const u of [`/api/v2/${l.route}/?${l.query}`, ...(i % 5 === 0 || l.slug === undefined ? [`/api/v2/${l.route}/?${l.query}&format=api`] : [])]) {
          const [got, want] = [await ask(u), await c().oracle(u)];
          expect([got.status, got.body, got.contentType?.toLowerCase()], u).toEqual([want.status, want.body, want.contentType?.toLowerCase()]);
        }
      }
    });

    it("sends the live headers on lookups, the empty list, find/'s 404 and refusals", async () => {
      const slug = c().index.pages.at(-1)!.values.slug;
      for (const [u, type] of [
        [`/api/v2/pages/?slug=${slug}`, "application/json"], ["/api/v2/pages/?slug=nothing-here", "application/json"],
        ["/api/v2/pages/?slug=nothing-here&format=api", "application/json"], ["/api/v2/pages/?limit=2", "application/json"],
        ["/api/v2/pages/find/?html_path=/nope/", "application/json"], [`/api/v2/pages/?slug=${slug}&format=api`, "text/html; charset=utf-8"],
      ] as const) {
        const { "content-type": contentType, ...rest } = (await ask(u)).headers;
        expect(rest, u).toEqual(LIVE);
        expect(contentType?.toLowerCase(), u).toBe(type);
      }
    });

    it("answers the images endpoint as the preview: its list, every detail (JSON and browsable) and an unknown id's 404; every image a page shows resolves; its queries the 400", async () => {
      const images = JSON.parse(readFileSync(path.join(c().dist, "api/v2/images/index.json"), "utf8")) as { items: { id: number }[] };
      const urls = ["/api/v2/images/", "/api/v2/images/?format=api", "/api/v2/images/987654/"];
      for (const { id } of images.items) urls.push(`/api/v2/images/${id}/`, `/api/v2/images/${id}/?format=api`, `/api/v2/images/${id}/?foo=bar`);
      for (const u of urls) {
        const [got, want] = [await ask(u), await c().oracle(u)];
        expect([got.status, got.body, got.contentType?.toLowerCase()], u).toEqual([want.status, want.body, want.contentType?.toLowerCase()]);
      }
      // hero_image and the images of image_carousel and logo_wall blocks: each id has its detail.
      const shown = new Set<number>();
      for (const p of c().index.pages) {
        const page = JSON.parse(readFileSync(path.join(c().dist, `api/v2/pages/${p.id}/index.json`), "utf8")) as { hero_image?: { id: number } | null; description?: { type: string; value: any }[] };
        if (page.hero_image) shown.add(page.hero_image.id);
        for (const b of page.description ?? []) {
          if (b.type === "image_carousel") for (const f of b.value.figures) shown.add(f.image);
          if (b.type === "logo_wall") for (const g of b.value.groups) for (const l of g.logos) shown.add(l.logo);
        }
      }
      expect(shown.size).toBeGreaterThan(0);
      for (const id of shown) expect((await ask(`/api/v2/images/${id}/`)).status, `image ${id}`).toBe(200);
      const first = images.items[0]!.id;
      for (const u of ["/api/v2/images/?limit=2", "/api/v2/images/?offset=1&format=api", "/api/v2/images/?search=hamlet", "/api/v2/images/?title=x", `/api/v2/images/${first}/?fields=title`, `/api/v2/images/${first}/?id=2`, "/api/v2/images/find/?id=1", "/api/v2/images/find/"]) {
        const a = await ask(u);
        expect([a.status, a.contentType?.toLowerCase()], u).toEqual([400, "application/json"]);
        expect((JSON.parse(a.body) as { message: string }).message, u).toMatch(/^This static host answers the images endpoint's list \(\/api\/v2\/images\/\) and details/);
      }
    });

    it("keeps today's answers for no query, format=json and format=api, and a detail's unknown parameter", async () => {
      const id = c().index.pages.at(-1)!.id;
      for (const [u, file] of [
        ["/api/v2/event_pages/", "api/v2/event_pages/index.json"], ["/api/v2/pages/?format=json", "api/v2/pages/index.json"],
        [`/api/v2/event_pages/${id}/?foo=bar`, `api/v2/event_pages/${id}/index.json`], ["/api/v2/pages/?format=api", "api/v2/pages/index.api.html"],
      ] as const) {
        const a = await ask(u);
        expect([a.status, a.body], u).toEqual([200, readFileSync(path.join(c().dist, file), "utf8")]);
      }
    });
  });

  it("answers as Wagtail 5.2 did: slug on both routes, a slug no page has, slug with type, the parent's slug, ?type=, find/", async () => {
    const names = ["ev_slug", "ev_slug_none", "pg_slug", "pg_slug_parent", "pg_slug_type_none", "pg_type_parent", "ev_find", "ev_find_none", "pg_find", "pg_find_parent", "pg_find_home", "pg_find_none"];
    const recorded = recordedAnswers().filter((x) => names.includes(x.name));
    expect(recorded.map((r) => r.name).sort()).toEqual([...names].sort());
    for (const r of recorded) {
      const a = await catalogues["90 event pages"]!.hosts[host]!(r.url);
      // The hosts add the request's query string to a redirect's Location (docs/hosts.md).
      const location = a.location === undefined ? undefined : a.location.split("?")[0];
      expect(sameAsWagtail(r, { status: a.status, body: a.body, location })).toBeUndefined();
    }
    // Wagtail's 400s for a type that does not exist: the host's 400, which names the lookups it has.
    for (const r of recordedAnswers().filter((x) => ["pg_type_bogus", "pg_type_bad", "ev_slug_fields_minus", "pg_slug_type_star"].includes(x.name))) {
      expect((await catalogues["90 event pages"]!.hosts[host]!(r.url)).status, r.url).toBe(r.name.startsWith("pg_type") ? r.status : 400);
    }
  });
});

describe("the hosts' rule files", () => {
  it("Netlify: every rule that grows with the catalogue is exact at these sizes, and the lookups come before any guard of a detail", () => {
    const text = readFileSync(path.join(catalogues["90 event pages"]!.dist, "_redirects"), "utf8");
    const rules = text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
    expect(rules.length).toBeLessThan(10_000);
    const first = (re: RegExp) => rules.findIndex((r) => re.test(r));
    expect(first(/^\/api\/v2\/pages\s+slug=swan-lake\s/)).toBeGreaterThan(0);
    expect(first(/^\/api\/v2\/pages\s+slug=:slug\s+\/_lookup\/empty\.json\s+200$/)).toBeGreaterThan(first(/^\/api\/v2\/pages\s+slug=swan-lake\s/));
    expect(first(/^\/api\/v2\/pages\/find\s+html_path=\/whats-on\/tosca\/\s+https:\/\/api\.harbourrange\.example\/api\/v2\/pages\/178\/\s+302$/)).toBeGreaterThan(0);
    expect(first(/^\/api\/v2\/(?:event_pages|pages)\/[:*]/)).toBeGreaterThan(first(/slug=:slug/));
  });

  it("Vercel: every route is case-sensitive but the last 404, every `has` value anchored; `vercel build` makes the config the helper makes", () => {
    for (const c of Object.values(catalogues)) {
      const routes = (JSON.parse(readFileSync(path.join(c.dist, "vercel.json"), "utf8")) as { routes: Record<string, unknown>[] }).routes;
      const real = JSON.parse(readFileSync(path.join(c.dist, ".vercel/output/config.json"), "utf8")) as { routes: unknown[] };
      expect(real.routes).toEqual(outputRoutes({ routes }));
      const lastApi = routes.findIndex((r) => r.src === "^/api/.*$" && r.status === 404);
      for (const [i, r] of routes.entries()) {
        if (r.handle) continue;
        expect(r.caseSensitive, JSON.stringify(r)).toBe(i === lastApi ? undefined : true);
        for (const h of (r.has ?? []) as { value?: string }[]) if (h.value !== undefined) expect(h.value).toMatch(/^\^.*\$$/);
      }
    }
  });
});

describe("lookup files", () => {
  it("are written only for the hosts that route to them, the same bytes on every build", () => {
    const { dist } = catalogues["90 event pages"]!;
    expect(existsSync(path.join(dir, "90/oracle/_lookup"))).toBe(false); // the preview answers queries itself
    const again = path.join(dir, "netlify-again");
    const run = runCli(["build", "--content", REFERENCE_CONTENT, "--out", again, "--now", REFERENCE_NOW, "--host", "netlify,vercel"]);
    expect(run.code, run.output).toBe(0);
    const lookups = (root: string) => [...snapshotTree(root)].filter(([p]) => p.startsWith("_lookup/"));
    const first = lookups(dist);
    expect(first.length).toBeGreaterThan(4 * 90);
    expect(lookups(again)).toEqual(first);
    for (const host of ["serve", "cloudflare"]) {
      const out = path.join(dir, `only-${host}`);
      expect(runCli(["build", "--content", REFERENCE_CONTENT, "--out", out, "--now", REFERENCE_NOW, "--host", host]).code).toBe(0);
      expect(existsSync(path.join(out, "_lookup")), host).toBe(false);
    }
  });
});
