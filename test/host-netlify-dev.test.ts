// A build for Netlify served by Netlify's own local runtime, `netlify dev --offline`
// (test/helpers/netlify-dev.ts): its redirect engine, static server and, past the rule budget, the
// edge function the build writes (src/host/netlify.ts), run by Deno as Netlify runs it. Two generated
// catalogues: 10,000 event pages, past every budget (placeholders whose file may not exist, where
// the edge function answers the live API's JSON instead of Netlify's own 404), and 90, under every
// budget (exact rules, no edge function). Over HTTP, a sample of the lookups must answer what the
// preview answers (test/helpers/static-hosts.ts), an unknown id its collection's JSON 404, and
// nothing under /api/ is HTML but the browsable page asked for.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { NETLIFY_EDGE_FUNCTION_FILE } from "../src/host/netlify.js";
import { servedRules } from "../src/host/rules.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { requireNetlifyDev, startNetlifyDev, type NetlifyDev } from "./helpers/netlify-dev.js";
import { expectAnswer, httpHost, lookupCases, previewOf, type Case, type HostAnswer, type HostSize, type Served } from "./helpers/static-hosts.js";

const TOOLS = requireNetlifyDev();
const NOW = "2026-06-01T00:00:00Z";

interface Site { dist: string; index: QueryIndex; oracle: (url: string) => Promise<Served>; server: NetlifyDev; ask: HostAnswer }

let dir = "";
const sites: Record<number, Site> = {};
const servers: NetlifyDev[] = [];

/**
 * Serves `dist` with netlify dev; JSON's type compared without the charset its static server adds.
 * netlify dev answers a rule of status 400 as a redirect to its target (its proxy takes 300 to 400
 * for redirects: netlify-cli 27, src/utils/proxy.ts, isRedirect), so such an answer is held to the
 * 400 with the target's body and type, which is what the rule asks for.
 */
async function serve(dist: string): Promise<{ server: NetlifyDev; ask: HostAnswer }> {
  const server = await startNetlifyDev(dist, TOOLS);
  servers.push(server);
  const get = httpHost(server.url, { charset: false });
  const ask: HostAnswer = async (url) => {
    const a = await get(url);
    if (a.status !== 400 || a.location === undefined) return a;
    const target = await get(a.location);
    expect([target.status, a.location], url).toEqual([200, expect.stringMatching(/^\/_lookup\/400\.[a-z]+\.json(\?|$)/)]);
    return { ...target, status: 400, location: undefined };
  };
  return { server, ask };
}

async function site(events: number): Promise<Site> {
  const content = path.join(dir, `content-${events}`);
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events)], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
  const dist = path.join(dir, `dist-${events}`);
  const run = runCli(["build", "--content", content, "--out", dist, "--now", NOW, "--host", "netlify", "--quiet"], { cwd: dir });
  expect(run.code, run.output.slice(-2000)).toBe(0);
  const checked = await check({ content, now: NOW, hosts: [] });
  expect(checked.ok).toBe(true);
  const index = JSON.parse(readFileSync(path.join(dist, "_query/index.json"), "utf8")) as QueryIndex;
  return { dist, index, oracle: previewOf(servedRules(checked.model!, browsableTemplate()), dist), ...(await serve(dist)) };
}

beforeAll(async () => {
  if (!TOOLS) return;
  dir = tempDir("bc-netlify-dev-test-");
  sites[10_000] = await site(10_000);
  sites[90] = await site(90);
}, 300_000);
afterAll(async () => {
  for (const s of servers) await s.stop();
  if (dir) removeDir(dir);
});

/** Addresses no file has (an unknown id on both routes, an event route's page that is no event, no route) and a document's browsable page. */
function addressCases(index: QueryIndex): Case[] {
  const event = index.pages.find((p) => index.models[p.type]!.name === "events.EventPage")!;
  const other = index.pages.find((p) => index.models[p.type]!.name !== "events.EventPage")!;
  return [
    "/api/v2/pages/987654/", "/api/v2/event_pages/987654/", "/api/v2/event_pages/987654/?format=json", `/api/v2/event_pages/${other.id}/`,
    "/api/v2/images/987654/", "/api/v2/nothing/", "/api/v2/pages/987654/?format=api",
    `/api/v2/event_pages/${event.id}/`, `/api/v2/event_pages/${event.id}/?format=api`, `/api/v2/pages/${other.id}/?format=api`,
  ].map((url) => ({ url, kind: "same" }));
}

/** Every case's answer held to the preview's; the answers, for comparing hosts. */
async function expectCases(s: Site, cases: Case[], size: HostSize, ask = s.ask): Promise<Served[]> {
  const got: Served[] = [];
  for (const c of cases) {
    const a = await ask(c.url);
    await expectAnswer(c, a, s.oracle, size);
    got.push({ status: a.status, body: a.body, contentType: a.contentType, location: a.location });
  }
  return got;
}

describe.skipIf(!TOOLS)("netlify dev --offline: Netlify's own runtime serving a build for it", () => {
  describe("10,000 event pages: past every rule budget, the edge function answers where a placeholder's file does not exist", () => {
    const s = () => sites[10_000]!;

    it("writes the edge function, which netlify dev loads from the folder netlify.toml names", () => {
      expect(existsSync(path.join(s().dist, NETLIFY_EDGE_FUNCTION_FILE))).toBe(true);
      expect(s().server.output()).toMatch(/Loaded edge function api-answers/);
    });

    it("answers a sample of the lookups as the preview (an unknown slug the empty list, with or without type), find/ and every other query the 400, and no HTML", async () => {
      const cases = lookupCases(s().index, 1_000);
      expect(cases.length).toBeGreaterThan(200);
      await expectCases(s(), cases, { unknownSlugs: true, find: false });
    });

    it("answers an unknown id on both routes with its collection's JSON 404, another address the API's, and a document's browsable page", async () => {
      await expectCases(s(), addressCases(s().index), { unknownSlugs: true, find: false });
      expect((await s().ask("/api/v2/event_pages/987654/")).body).toContain("No EventPage matches the given query.");
    });
  });

  describe("90 event pages: under every budget, exact rules and no edge function", () => {
    const s = () => sites[90]!;

    it("writes no edge function", () => {
      expect(existsSync(path.join(s().dist, "_netlify"))).toBe(false);
      expect(s().server.output()).not.toMatch(/edge function/i);
    });

    it("answers the lookups, find/ and unknown ids as the preview, every other query the 400, and no HTML; the same with the edge function in place", async () => {
      const cases = [...lookupCases(s().index, 3), ...addressCases(s().index)];
      const size = { unknownSlugs: true, find: true };
      const without = await expectCases(s(), cases, size);
      // The 10,000 pages' function (the same models) added to this build: every answer stays as it was.
      const dist = path.join(dir, "dist-90-edge");
      cpSync(s().dist, dist, { recursive: true });
      mkdirSync(path.dirname(path.join(dist, NETLIFY_EDGE_FUNCTION_FILE)), { recursive: true });
      copyFileSync(path.join(sites[10_000]!.dist, NETLIFY_EDGE_FUNCTION_FILE), path.join(dist, NETLIFY_EDGE_FUNCTION_FILE));
      const { server, ask } = await serve(dist);
      expect(server.output()).toMatch(/Loaded edge function api-answers/);
      expect(await expectCases(s(), cases, size, ask)).toEqual(without);
    });
  });
});
