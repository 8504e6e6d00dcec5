// Host output within each host's documented limits at scale (generated catalogues; not timed):
// Cloudflare Pages' 20,000 files of a free plan at 10,000 event pages, Netlify's advice of fewer
// than 10,000 rules in _redirects; and the build's limit warnings (src/host/limits.ts) stay quiet.
// At 10,000 event pages, a sample of the lookups on Netlify's and Vercel's own engines.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { renderNetlify } from "../src/host/netlify.js";
import { renderVercel } from "../src/host/vercel.js";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { browsableTemplate } from "../src/io/browsable-page.js";
import { servedRules } from "../src/host/rules.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { expectAnswer, lookupCases, previewOf, staticHosts } from "./helpers/static-hosts.js";
import { spawnSync } from "node:child_process";

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-scale-");
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), path.join(dir, "content"), "10000"], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
});
afterAll(() => removeDir(dir));

/** The host model of a validated catalogue. */
async function modelOf(content: string) {
  const checked = await check({ content, now: "2026-06-01T00:00:00Z", hosts: [] });
  expect(checked.ok).toBe(true);
  return checked.model!;
}

/** A host-limit warning names a file of the output; the generated catalogue's own warnings name content/. */
const LIMIT_WARNING = /^warning: dist\//m;

const rules = (text: string) => text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));

describe("host output at scale", () => {
  it("Cloudflare: a build for it writes each event page's detail once, within 20,000 files at 10,000 event pages", () => {
    const run = runCli(["check", "--content", "content", "--now", "2026-06-01T00:00:00Z", "--host", "cloudflare"], { cwd: dir });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const files = Number(/would build ([\d,]+) files/.exec(run.stdout)![1]!.replace(/,/g, ""));
    expect(files).toBeGreaterThan(10_000);
    expect(files).toBeLessThan(20_000);
    expect(run.stderr).not.toMatch(LIMIT_WARNING);
  }, 120_000);

  it("Netlify: one rule per address, lookup and page's path while they fit 9,000 rules, each part in turn past it, a constant number at 10,000", async () => {
    const parts = async (events: number) => {
      const content = path.join(dir, `netlify-${events}`);
      if (events !== 10_000) {
        const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events)], { encoding: "utf8" });
        expect(gen.status, gen.stderr).toBe(0);
      }
      const list = rules(renderNetlify(await modelOf(events === 10_000 ? path.join(dir, "content") : content)).find((f) => f.path === "_redirects")!.text);
      const has = (re: RegExp) => list.some((r) => re.test(r));
      return {
        rules: list.length < 10_000,
        addresses: has(/^\/api\/v2\/event_pages\/\d+\s/),
        slugs: has(/^\/api\/v2\/pages\s+slug=:slug\s+\/_lookup\/empty\.json\s+200$/),
        typeSlugs: has(/^\/api\/v2\/pages\s+slug=:slug type=events\.EventPage\s+\/_lookup\/empty\.json\s+200$/),
        find: has(/^\/api\/v2\/pages\/find\s+html_path=\/\S*\s+https:\S+\s+302$/),
        placeholders: has(/^\/api\/v2\/event_pages\/:id\s+\/api\/v2\/event_pages\/:id\/index\.json\s+200$/),
      };
    };
    const all = { rules: true, addresses: true, slugs: true, typeSlugs: true, find: true, placeholders: false };
    expect(await parts(500)).toEqual(all);
    expect(await parts(600)).toEqual({ ...all, find: false });
    expect(await parts(800)).toEqual({ ...all, find: false, typeSlugs: false });
    expect(await parts(1_200)).toEqual({ ...all, find: false, typeSlugs: false, slugs: false });
    expect(await parts(10_000)).toEqual({ rules: true, addresses: false, slugs: false, typeSlugs: false, find: false, placeholders: true });
    const small = rules(renderNetlify(await modelOf(path.join(FIXTURES, "good/spec-example/content"))).find((f) => f.path === "_redirects")!.text);
    expect(small.some((r) => r.startsWith("/api/v2/event_pages/201 "))).toBe(true);
    const large = rules(renderNetlify(await modelOf(path.join(dir, "content"))).find((f) => f.path === "_redirects")!.text);
    expect(large.length).toBeLessThan(200);
  }, 120_000);

  it("Netlify at 800 event pages, on its own engine: ?slug= alone exact (an unknown slug the empty list), with ?type= by placeholder", async () => {
    const run = runCli(["build", "--content", "netlify-800", "--out", "dist-800", "--now", "2026-06-01T00:00:00Z", "--host", "netlify,vercel"], { cwd: dir });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const dist = path.join(dir, "dist-800");
    const oracle = previewOf(servedRules(await modelOf(path.join(dir, "netlify-800")), browsableTemplate()), dist);
    const index = JSON.parse(readFileSync(path.join(dist, "_query/index.json"), "utf8")) as QueryIndex;
    const hosts = await staticHosts(dist);
    for (const c of lookupCases(index, 100)) {
      await expectAnswer(c, await hosts.netlify(c.url), oracle, { unknownSlugs: true, unknownTypeSlugs: false, find: false });
      await expectAnswer(c, await hosts.vercel(c.url), oracle, { unknownSlugs: true, find: true });
    }
  }, 120_000);

  it("Netlify and Vercel at 10,000 event pages: no limit warning, and a sample of the lookups answers as the preview on the hosts' own engines, or as documented past Netlify's budget", async () => {
    const run = runCli(["build", "--content", "content", "--out", "dist", "--now", "2026-06-01T00:00:00Z", "--host", "netlify,vercel"], { cwd: dir });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    // The catalogue's own warnings are there (the generator writes some on purpose); none is a host's.
    expect(run.stderr).toMatch(/^warning: content\//m);
    expect(run.stderr).not.toMatch(LIMIT_WARNING);
    const dist = path.join(dir, "dist");
    const oracle = previewOf(servedRules(await modelOf(path.join(dir, "content")), browsableTemplate()), dist);
    const index = JSON.parse(readFileSync(path.join(dist, "_query/index.json"), "utf8")) as QueryIndex;
    expect(index.pages.filter((p) => index.models[p.type]!.name === "events.EventPage")).toHaveLength(10_000);
    const hosts = await staticHosts(dist);
    const cases = lookupCases(index, 1_000);
    expect(cases.length).toBeGreaterThan(200);
    // Past Netlify's budget the lookups are placeholders (a slug no page has: Netlify's own 404) and
    // find/ answers the 400; on Vercel an unknown slug still answers the empty list, find/ the 400.
    for (const c of cases) await expectAnswer(c, await hosts.netlify(c.url), oracle, { unknownSlugs: false, find: false });
    for (const c of cases) await expectAnswer(c, await hosts.vercel(c.url), oracle, { unknownSlugs: true, find: false });
  }, 300_000);

  it("Vercel: vercel.json stays valid under Vercel's schema with 100,000 event pages (each route's src within 4,096 characters)", async () => {
    const model = await modelOf(path.join(dir, "content"));
    // The same model with ten times the ids: the routes list ids, so their number is what counts.
    const ids = Array.from({ length: 100_000 }, (_, i) => 100_000 + i);
    const large = { ...model, collections: model.collections.map((c) => ({ ...c, ids })) };
    const config = JSON.parse(renderVercel(large).find((f) => f.path === "vercel.json")!.text) as { routes: { src?: string }[] };
    expect(normalizeRoutes(config.routes as never).error).toBeNull();
    expect(getTransformedRoutes(config as never).error).toBeNull();
    expect(Math.max(...config.routes.map((r) => r.src?.length ?? 0))).toBeLessThanOrEqual(4096);
  }, 60_000);
});
