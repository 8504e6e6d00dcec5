// List queries over HTTP, where they are answered in full: the preview and the Cloudflare worker
// (`wrangler pages dev`) run the same engine; both must answer every recorded request as the real
// Wagtail 5.2.8 did, the pages' and the images endpoint's, and a real Wagtail client (wagtail-js)
// must find pages by slug and page through the list with limit and offset until total_count.
// The catalogue is the reference's with the 102 images its images endpoint served (images.json of
// images/content/, each with its original's size as Wagtail recorded it; no original is needed).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";
import { referenceImageRecords } from "./helpers/image-reference.js";
import { DIFFERS_BY_DESIGN, recordedAnswers, REFERENCE_CONTENT, REFERENCE_IMAGES, REFERENCE_NOW, sameAsWagtail, wagtailJsOnReference } from "./helpers/wagtail-reference.js";
import { pagesDev, type PagesDev } from "./helpers/wrangler.js";
import { requireNetlifyDev, startNetlifyDev, type NetlifyDev } from "./helpers/netlify-dev.js";
import { startVercel, unroutedOnVercel, type VercelServer } from "./helpers/vercel.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { fuzzQueries } from "./helpers/query-fuzz.js";

const NETLIFY = requireNetlifyDev();

let dir = "";
let preview: Started;
let worker: PagesDev;
let netlify: NetlifyDev | undefined;
let vercel: VercelServer | undefined;
let functionsDist = "";
const servers: Record<string, string> = {};

beforeAll(async () => {
  dir = tempDir("bc-queries-");
  const content = copyContent(REFERENCE_CONTENT, dir);
  const images = JSON.parse(readFileSync(path.join(REFERENCE_IMAGES, "content/images.json"), "utf8")) as { id: number }[];
  const sizes = new Map(referenceImageRecords().map((r) => [r.id, { width: r.width, height: r.height }]));
  writeFileSync(path.join(content, "images.json"), JSON.stringify(images.map((i) => ({ ...i, ...sizes.get(i.id)! })), null, 2));
  const dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", content, "--out", dist, "--now", REFERENCE_NOW, "--host", "cloudflare"]);
  expect(run.code, run.output).toBe(0);
  // The recorded site's base URL: the answers' links and redirects must be Wagtail's (the preview's own by default).
  const { base_url } = JSON.parse(readFileSync(path.join(REFERENCE_CONTENT, "catalogue.json"), "utf8")) as { base_url: string };
  ({ preview, base: servers.preview } = await startPreviewProcess(["--content", content, "--now", REFERENCE_NOW, "--base-url", base_url], { cwd: dir }, { addressMs: 30_000, answerMs: 30_000 }));
  worker = await pagesDev(dist, dir);
  servers.cloudflare = worker.base;
  // The same catalogue for the hosts that run the engine in a function of their own.
  const functions = (functionsDist = path.join(dir, "dist-functions"));
  const built = runCli(["build", "--content", content, "--out", functions, "--now", REFERENCE_NOW, "--host", "netlify,vercel"]);
  expect(built.code, built.output).toBe(0);
  vercel = await startVercel(functions);
  servers.vercel = vercel.base;
  if (NETLIFY) {
    netlify = await startNetlifyDev(functions, NETLIFY);
    servers.netlify = netlify.url;
  }
}, 300_000);
afterAll(async () => {
  await Promise.all([preview?.stop(), worker?.server.stop(), netlify?.stop(), vercel?.stop()]);
  if (dir) removeDir(dir);
});

/**
 * A Location's query string as Vercel's router rebuilds a redirect's (next-on-pages' `applySearchParams`):
 * a parameter whose key and value it already holds, or a repeated key with no value, is left out.
 */
function asVercelRebuilds(location: string): string {
  const [pathPart, query] = location.split("?");
  if (query === undefined) return location;
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(query)) if (!kept.has(k) || (v !== "" && !kept.getAll(k).includes(v))) kept.append(k, v);
  return `${pathPart}?${kept.toString()}`;
}
const plainAnswer = (url: string) => readFileSync(path.join(functionsDist, new URL(url, "http://x").pathname.slice(1), "index.json"), "utf8");

describe.each(["preview", "cloudflare", "vercel", ...(NETLIFY ? ["netlify"] : [])])("%s", (name) => {
  const base = () => servers[name]!;

  it("answers every recorded query, find and detail as Wagtail 5.2 did", async () => {
    const problems: string[] = [];
    for (const r of recordedAnswers().filter((r) => !DIFFERS_BY_DESIGN.has(r.name))) {
      const a = await fetchRaw(base(), "GET", r.url);
      if (name === "vercel" && unroutedOnVercel(functionsDist, r.url)) {
        expect([a.status, a.body.toString("utf8")], r.name).toEqual([200, plainAnswer(r.url)]);
        continue;
      }
      const problem = sameAsWagtail(r, { status: a.status, location: header(a, "Location"), body: a.body.toString("utf8") });
      if (problem) problems.push(problem);
      if (r.status === 302) expect(a.body.length, r.name).toBe(0);
      // Netlify's static server adds a charset to the files it serves (the plain details): docs/hosts.md.
      else expect(header(a, "Content-Type")?.replace(name === "netlify" ? /; charset=utf-8$/ : /^$/, ""), r.name).toBe("application/json");
    }
    expect(problems).toEqual([]);
  });

  it("answers every recorded request of the images endpoint as Wagtail 5.2 did, but the plain list (every image) by design", async () => {
    const problems: string[] = [];
    // A non-integer id (Django's HTML 404) and the 301's own headers are asserted in images-endpoint.test.ts.
    for (const r of recordedAnswers(REFERENCE_IMAGES).filter((r) => !["im_plain", "im_detail_abc", "im_noslash"].includes(r.name))) {
      const a = await fetchRaw(base(), "GET", r.url);
      if (name === "vercel" && unroutedOnVercel(functionsDist, r.url)) {
        expect([a.status, a.body.toString("utf8")], r.name).toEqual([200, plainAnswer(r.url)]);
        continue;
      }
      const problem = sameAsWagtail(r, { status: a.status, location: header(a, "Location"), body: a.body.toString("utf8") });
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    const plain = recordedAnswers(REFERENCE_IMAGES).find((r) => r.name === "im_plain")!;
    const wagtail = JSON.parse(plain.body) as { meta: { total_count: number }; items: unknown[] };
    const ours = JSON.parse((await fetchRaw(base(), "GET", plain.url)).body.toString("utf8")) as typeof wagtail;
    expect([ours.meta.total_count, ours.items.length]).toEqual([102, 102]);
    expect([wagtail.meta.total_count, ours.items.slice(0, 20)]).toEqual([102, wagtail.items]);
  });

  it("keeps every page in the plain lists, and gives a 400 for an unknown search_operator", async () => {
    const list = JSON.parse((await fetchRaw(base(), "GET", "/api/v2/pages/")).body.toString("utf8")) as { meta: { total_count: number }; items: unknown[] };
    expect([list.meta.total_count, list.items.length]).toEqual([92, 92]);
    const bad = await fetchRaw(base(), "GET", "/api/v2/event_pages/?search=lake&search_operator=xor");
    expect([bad.status, bad.body.toString("utf8")]).toEqual([400, '{\n    "message": "search_operator must be either \'and\' or \'or\'"\n}']);
  });

  it("renders query answers and their errors as the browsable page on ?format=api", async () => {
    const a = await fetchRaw(base(), "GET", "/api/v2/pages/?slug=tosca&format=api");
    expect([a.status, header(a, "Content-Type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(a.body.toString("utf8")).toContain("&quot;total_count&quot;: 1");
    const e = await fetchRaw(base(), "GET", "/api/v2/pages/?limit=50&format=api");
    expect([e.status, header(e, "Content-Type")]).toEqual([400, "text/html; charset=utf-8"]);
    expect(e.body.toString("utf8")).toContain("HTTP 400 Bad Request");
  });

  it.skipIf(name === "preview")("answers a seeded fuzz of query strings as the preview does (on Vercel, a query of keys Wagtail does not know alone: the plain address)", async () => {
    const index = JSON.parse(readFileSync(path.join(functionsDist, "_query/index.json"), "utf8")) as QueryIndex;
    const images = (JSON.parse(readFileSync(path.join(functionsDist, "api/v2/images/index.json"), "utf8")) as { items: { id: number }[] }).items.map((i) => i.id);
    const problems: string[] = [];
    for (const url of fuzzQueries(index, images, 200, 49)) {
      const want = name === "vercel" && unroutedOnVercel(functionsDist, url) ? new URL(url, "http://x").pathname : url;
      const [a, b] = await Promise.all([fetchRaw(base(), "GET", url), fetchRaw(servers.preview!, "GET", want)]);
      const got = [a.status, header(a, "Location") ?? null, header(a, "Content-Type") ?? null, a.body.toString("utf8")];
      // Vercel's router rebuilds a redirect's query string: a pair repeated as it was comes once (docs/hosts.md).
      const location = name === "vercel" && b.status === 301 ? asVercelRebuilds(header(b, "Location")!) : header(b, "Location");
      const expected = [b.status, location ?? null, header(b, "Content-Type") ?? null, b.body.toString("utf8")];
      if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${url}: ${JSON.stringify(got).slice(0, 200)} where the preview answers ${JSON.stringify(expected).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it("serves wagtail-js: a page by slug, and paging with limit and offset until total_count", async () => {
    expect(await wagtailJsOnReference(base())).toEqual({ page: [193, "hamlet"], paging: [5, 90, 90], ascending: true });
  });
});
