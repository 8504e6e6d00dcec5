// Host output within each host's documented limits at scale (generated catalogues; not timed):
// Cloudflare Pages' 20,000 files of a free plan at 10,000 event pages, Netlify's advice of fewer
// than 10,000 rules in _redirects; and the build's limit warnings (src/host/limits.ts) stay quiet.
// The queries those hosts answer at that size: test/host-functions.test.ts.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { renderNetlify } from "../src/host/netlify.js";
import { renderVercel } from "../src/host/vercel.js";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
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

  it("Netlify: one rule per address while they fit 9,000 rules, a placeholder per collection past it, a constant number at 10,000", async () => {
    const parts = async (events: number) => {
      const content = path.join(dir, `netlify-${events}`);
      if (events !== 10_000) {
        const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events)], { encoding: "utf8" });
        expect(gen.status, gen.stderr).toBe(0);
      }
      const model = await modelOf(events === 10_000 ? path.join(dir, "content") : content);
      const list = rules(renderNetlify(model).find((f) => f.path === "_redirects")!.text);
      const has = (re: RegExp) => list.some((r) => re.test(r));
      return {
        documents: model.documents.length,
        count: list.length,
        addresses: has(/^\/api\/v2\/event_pages\/\d+\s/),
        placeholders: has(/^\/api\/v2\/event_pages\/:id\s+\/api\/v2\/event_pages\/:id\/index\.json\s+200$/),
      };
    };
    const small = await parts(1_000);
    expect(small).toMatchObject({ addresses: true, placeholders: false });
    expect(small.count).toBe(small.documents + 4);
    const large = await parts(10_000);
    expect(large.documents).toBeGreaterThan(9_000);
    expect(large).toMatchObject({ addresses: false, placeholders: true });
    expect(large.count).toBeLessThan(20);
  }, 120_000);

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
