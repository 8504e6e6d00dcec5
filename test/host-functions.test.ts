// Netlify and Vercel answer every query with the runtime responder in a function of their own
// (src/adapters/), each on its host's own engine: Netlify's local runtime (`netlify dev --offline`,
// its redirect engine, static server and Deno edge functions; test/helpers/netlify-dev.ts) and
// Vercel's (the real `vercel build`, its router, and the edge function in Vercel's edge runtime;
// test/helpers/vercel.ts), over HTTP on 127.0.0.1. Two generated catalogues: 90 event pages
// (Netlify's rules exact) and 10,000 (past Netlify's rule budget: placeholders). A seeded fuzz of
// query strings must answer what the preview answers (status, body, type, Location); on Vercel a
// query whose every key Wagtail does not know reaches no route and answers the plain address
// (docs/hosts.md). The hosts' limits hold at 10,000.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { NETLIFY_EDGE_FUNCTION_FILE } from "../src/host/netlify.js";
import { VERCEL_FUNCTION_PATH, VERCEL_FUNCTIONS_DIR } from "../src/host/vercel.js";
import { servedRules } from "../src/host/rules.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { requireNetlifyDev, startNetlifyDev, type NetlifyDev } from "./helpers/netlify-dev.js";
import { startVercel, unroutedOnVercel, type VercelServer } from "./helpers/vercel.js";
import { httpHost, previewOf, type Served } from "./helpers/static-hosts.js";
import { fuzzQueries } from "./helpers/query-fuzz.js";

const TOOLS = requireNetlifyDev();
const NOW = "2026-06-01T00:00:00Z";

interface Site {
  dist: string;
  index: QueryIndex;
  imageIds: number[];
  oracle: (url: string) => Promise<Served>;
  output: string;
  vercel: VercelServer;
  netlify?: NetlifyDev;
}

let dir = "";
const sites: Record<number, Site> = {};

async function site(events: number): Promise<Site> {
  const content = path.join(dir, `content-${events}`);
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events)], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
  const dist = path.join(dir, `dist-${events}`);
  const run = runCli(["build", "--content", content, "--out", dist, "--now", NOW, "--host", "netlify,vercel"], { cwd: dir });
  expect(run.code, run.output.slice(-2000)).toBe(0);
  const checked = await check({ content, now: NOW, hosts: [] });
  expect(checked.ok).toBe(true);
  const index = JSON.parse(readFileSync(path.join(dist, "_query/index.json"), "utf8")) as QueryIndex;
  const images = JSON.parse(readFileSync(path.join(dist, "api/v2/images/index.json"), "utf8")) as { items: { id: number }[] };
  const s: Site = {
    dist, index, imageIds: images.items.map((i) => i.id), output: run.output,
    oracle: previewOf(servedRules(checked.model!, browsableTemplate()), dist),
    vercel: await startVercel(dist),
  };
  if (TOOLS) s.netlify = await startNetlifyDev(dist, TOOLS);
  return s;
}

beforeAll(async () => {
  dir = tempDir("bc-host-functions-");
  sites[90] = await site(90);
  sites[10_000] = await site(10_000);
}, 600_000);
afterAll(async () => {
  for (const s of Object.values(sites)) await Promise.all([s.vercel.stop(), s.netlify?.stop()]);
  if (dir) removeDir(dir);
});

/** What the host must answer `url`: the preview's answer, but on Vercel the plain address's for a query no route names. */
function wanted(s: Site, host: "netlify" | "vercel", url: string): Promise<Served> {
  return s.oracle(host === "vercel" && unroutedOnVercel(s.dist, url) ? new URL(url, "http://x").pathname : url);
}

async function expectSame(s: Site, host: "netlify" | "vercel", urls: string[]): Promise<void> {
  const ask = httpHost(host === "netlify" ? s.netlify!.url : s.vercel.base);
  const problems: string[] = [];
  for (const url of urls) {
    const [got, want] = await Promise.all([ask(url), wanted(s, host, url)]);
    const a = [got.status, got.location ?? null, got.contentType ?? null, got.body];
    const b = [want.status, want.location ?? null, want.contentType ?? null, want.body];
    if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${url}: ${JSON.stringify(a).slice(0, 300)} where the preview answers ${JSON.stringify(b).slice(0, 300)}`);
  }
  expect(problems).toEqual([]);
}

describe.each([90, 10_000])("%i event pages", (events) => {
  const s = () => sites[events]!;
  const count = events === 90 ? 300 : 120;

  it("Vercel answers a seeded fuzz of query strings as the preview (a query of unknown keys only: the plain address)", async () => {
    await expectSame(s(), "vercel", fuzzQueries(s().index, s().imageIds, count, events));
  });

  it.skipIf(!TOOLS)("Netlify answers a seeded fuzz of query strings as the preview", async () => {
    expect(s().netlify!.output()).toMatch(/Loaded edge function api-answers/);
    await expectSame(s(), "netlify", fuzzQueries(s().index, s().imageIds, count, events));
  });

  it.skipIf(!TOOLS)("Netlify answers unknown ids, other addresses, OPTIONS and POST as the live API, and plain documents from the files", async () => {
    const base = s().netlify!.url;
    const event = s().index.pages.find((p) => s().index.models[p.type]!.name === "events.EventPage")!;
    for (const [url, status, body] of [
      ["/api/v2/event_pages/987654/", 404, '{\n    "message": "No EventPage matches the given query."\n}'],
      ["/api/v2/pages/987654/", 404, '{\n    "message": "No Page matches the given query."\n}'],
      ["/api/v2/nothing/", 404, '{\n    "message": "Not found."\n}'],
      [`/api/v2/pages/${event.id}/`, 200, readFileSync(path.join(s().dist, `api/v2/pages/${event.id}/index.json`), "utf8")],
    ] as const) {
      const r = await fetch(`${base}${url}`);
      expect([url, r.status, await r.text()]).toEqual([url, status, body]);
    }
    const options = await fetch(`${base}/api/v2/event_pages/`, { method: "OPTIONS" });
    expect([options.status, ((await options.json()) as { name: string }).name]).toEqual([200, "Event Pages Api"]);
    const post = await fetch(`${base}/api/v2/event_pages/`, { method: "POST" });
    expect([post.status, await post.text()]).toEqual([405, '{\n    "detail": "Method \\"POST\\" not allowed."\n}']);
  });
});

describe("the hosts' limits at 10,000 event pages", () => {
  it("no limit warning; Netlify's rules and Vercel's routes a few hundred at most; each host's function written", () => {
    const s = sites[10_000]!;
    // The catalogue's own warnings are there (the generator writes some on purpose); none is a host's.
    expect(s.output).toMatch(/^warning: \S*content-10000\//m);
    expect(s.output).not.toMatch(/^warning: \S*dist-10000/m);
    const rules = readFileSync(path.join(s.dist, "_redirects"), "utf8").split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
    expect(rules.length).toBeLessThan(200);
    const routes = (JSON.parse(readFileSync(path.join(s.dist, "vercel.json"), "utf8")) as { routes: unknown[] }).routes;
    expect(routes.length).toBeLessThan(300);
    expect(existsSync(path.join(s.dist, NETLIFY_EDGE_FUNCTION_FILE))).toBe(true);
    expect(existsSync(path.join(s.dist, VERCEL_FUNCTIONS_DIR, `${VERCEL_FUNCTION_PATH}.func/index.js`))).toBe(true);
  });
});
