// List queries over HTTP, where they are answered in full: the preview and the Cloudflare worker
// (`wrangler pages dev`) run the same engine; both must answer every recorded request as the real
// Wagtail 5.2.8 did, the pages' and the images endpoint's, and a real Wagtail client (wagtail-js)
// must find pages by slug and page through the list with limit and offset until total_count.
// The catalogue is the reference's with the 102 images its images endpoint served (images.json of
// images/content/, each with its original's size as Wagtail recorded it; no original is needed).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CMSClient } from "wagtail-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";
import { referenceImageRecords } from "./helpers/image-reference.js";
import { DIFFERS_BY_DESIGN, recordedAnswers, REFERENCE_CONTENT, REFERENCE_IMAGES, REFERENCE_NOW, sameAsWagtail } from "./helpers/wagtail-reference.js";
import { pagesDev, type PagesDev } from "./helpers/wrangler.js";

let dir = "";
let preview: Started;
let worker: PagesDev;
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
}, 180_000);
afterAll(async () => {
  await Promise.all([preview?.stop(), worker?.server.stop()]);
  if (dir) removeDir(dir);
});

describe.each(["preview", "cloudflare"])("%s", (name) => {
  const base = () => servers[name]!;

  it("answers every recorded query, find and detail as Wagtail 5.2 did", async () => {
    const problems: string[] = [];
    for (const r of recordedAnswers().filter((r) => !DIFFERS_BY_DESIGN.has(r.name))) {
      const a = await fetchRaw(base(), "GET", r.url);
      const problem = sameAsWagtail(r, { status: a.status, location: header(a, "Location"), body: a.body.toString("utf8") });
      if (problem) problems.push(problem);
      if (r.status === 302) expect(a.body.length, r.name).toBe(0);
      else expect(header(a, "Content-Type"), r.name).toBe("application/json");
    }
    expect(problems).toEqual([]);
  });

  it("answers every recorded request of the images endpoint as Wagtail 5.2 did, but the plain list (every image) by design", async () => {
    const problems: string[] = [];
    // A non-integer id (Django's HTML 404) and the 301's own headers are asserted in images-endpoint.test.ts.
    for (const r of recordedAnswers(REFERENCE_IMAGES).filter((r) => !["im_plain", "im_detail_abc", "im_noslash"].includes(r.name))) {
      const a = await fetchRaw(base(), "GET", r.url);
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

  it("serves wagtail-js: a page by slug, and paging with limit and offset until total_count", async () => {
    const client = new CMSClient({ baseURL: base(), apiPath: "/api/v2", cache: "no-store" });
    const page = (await client.fetchPage("hamlet")) as { id: number; meta: { slug: string } };
    expect(page.meta.slug).toBe("hamlet");
    expect(page.id).toBe(193);
    const seen: number[] = [];
    let total = Infinity;
    let requests = 0;
    while (seen.length < total && requests < 20) {
      const reply = (await client.fetchContent("event_pages" as "pages", { limit: 20, offset: seen.length })) as { meta: { total_count: number }; items: { id: number }[] };
      requests++;
      total = reply.meta.total_count;
      seen.push(...reply.items.map((i) => i.id));
    }
    expect([requests, seen.length, new Set(seen).size]).toEqual([5, 90, 90]);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
