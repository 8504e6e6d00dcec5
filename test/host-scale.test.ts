// Host output at scale, on generated catalogues (scripts/generate-catalogue.mjs), not timed:
// Netlify's rules stay few, Vercel's vercel.json stays valid under its schema at 100,000 event
// pages, nginx.conf is the same whatever the catalogue, and the build warns past a host's limit.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { normalizeRoutes } from "@vercel/routing-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHosts } from "../src/host/host.js";
import { CLOUDFLARE_FILES_FREE, hostLimitWarnings, NETLIFY_RULES, OutputTally, VERCEL_ROUTES, VERCEL_SRC } from "../src/host/limits.js";
import { renderNetlify } from "../src/host/netlify.js";
import { buildHostModel } from "../src/host/rules.js";
import { renderVercel } from "../src/host/vercel.js";
import type { Site } from "../src/validate/site.js";
import { removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

let dir = "";
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

function generated(events: number): string {
  const content = path.join(dir, `content-${events}`);
  execFileSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events)]);
  return content;
}

function build(content: string, out: string, hosts: string) {
  const run = runCli(["build", "--content", content, "--out", out, "--now", "2026-06-01T00:00:00Z", "--host", hosts], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  return run;
}

/** The model of a catalogue of `events` pages (ids 1000 up), as the host renderers see it. */
function modelOf(events: number) {
  const site = {
    catalogue: { cache_control: null, cors_origins: [] },
    parent: { id: 3 },
    events: Array.from({ length: events }, (_, i) => ({ source: { id: 1000 + i } })),
  } as unknown as Site;
  return buildHostModel(site);
}

describe("host output at scale", () => {
  it("a generated catalogue of 1,500 event pages: Netlify placeholders, valid vercel.json, the same nginx.conf", async () => {
    const small = path.join(dir, "small");
    const large = path.join(dir, "large");
    build(generated(40), small, "nginx");
    const run = build(generated(1500), large, "netlify,vercel,nginx");
    expect(run.stderr).not.toContain("warning");
    // Per event page: its JSON and browsable page under both collections. Besides: the list and
    // the parent page (each with its browsable page), 3 404 bodies, 2 OPTIONS bodies, 4 405
    // bodies, and _headers, _redirects, vercel.json, nginx.conf.
    expect(run.stdout).toContain(`into ${large}/: ${4 * 1500 + 4 + 3 + 2 + 4 + 4} files`);

    const parsed = await parseAllRedirects({ redirectsFiles: [path.join(large, "_redirects")], configRedirects: [], minimal: false });
    expect(parsed.errors).toEqual([]);
    const rules = parsed.redirects as { from: string; query: Record<string, string>; to: string; status: number }[];
    // Two addresses per collection (the list, `:id`) in two forms, then the three 404 rules.
    expect(rules.length).toBe(9);
    const rule = (from: string, format?: string) =>
      rules.find((r) => new RegExp(`^${r.from.replace(/:id/, "[0-9]+").replace(/\*/, ".*")}$`).test(from) && (format ? r.query.format === format : Object.keys(r.query).length === 0))!;
    for (const id of [1000, 1700, 2499]) {
      for (const collection of ["event_pages", "pages"]) {
        const json = rule(`/api/v2/${collection}/${id}`).to.replace(":id", String(id));
        const html = rule(`/api/v2/${collection}/${id}`, "api").to.replace(":id", String(id));
        expect(existsSync(path.join(large, json)), json).toBe(true);
        expect(existsSync(path.join(large, html)), html).toBe(true);
      }
    }
    expect(rule("/api/v2/event_pages").to).toBe("/api/v2/event_pages/index.json");

    const vercel = JSON.parse(readFileSync(path.join(large, "vercel.json"), "utf8"));
    expect(normalizeRoutes(vercel.routes).error).toBeNull();

    expect(readFileSync(path.join(large, "nginx.conf"), "utf8")).toBe(readFileSync(path.join(small, "nginx.conf"), "utf8"));
  });

  it("100,000 event pages: vercel.json within Vercel's schema, _redirects a handful of rules", () => {
    const model = modelOf(100_000);
    const config = JSON.parse(renderVercel(model)[0]!.text);
    expect(normalizeRoutes(config.routes).error).toBeNull();
    expect(config.routes.length).toBeLessThanOrEqual(VERCEL_ROUTES);
    expect(Math.max(...config.routes.map((r: { src: string }) => r.src.length))).toBeLessThanOrEqual(VERCEL_SRC);
    // Every id is routed: the alternations hold each one once per form.
    const listed = config.routes.flatMap((r: { src: string }) => /\(([0-9|]+)\)/.exec(r.src)?.[1]?.split("|") ?? []);
    expect(listed.length).toBe(2 * 2 * 100_001 - 2);

    const redirects = renderNetlify(model).find((f) => f.path === "_redirects")!.text;
    const rules = redirects.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(rules.length).toBe(9);
  });

  it("warns when the output passes a limit of a host it writes for", () => {
    const tally = new OutputTally();
    const files = function* () {
      yield { path: "_redirects", bytes: Buffer.from(Array.from({ length: NETLIFY_RULES + 1 }, (_, i) => `/a/${i} /b/${i} 200`).join("\n")) };
      for (let i = 0; i < CLOUDFLARE_FILES_FREE; i++) yield { path: `f/${i}`, bytes: Buffer.from("{}") };
    };
    for (const file of tally.observe(files())) void file;
    const netlify = hostLimitWarnings(parseHosts(["netlify"]), tally, "dist");
    expect(netlify).toHaveLength(1);
    expect(netlify[0]).toMatchObject({ severity: "warning", file: "dist/_redirects" });
    expect(netlify[0]!.message).toContain("10,001 rules");
    const cloudflare = hostLimitWarnings(parseHosts(["cloudflare"]), tally, "dist");
    expect(cloudflare.map((d) => d.message).join("\n")).toContain("20,001 files, more than Cloudflare Pages' Free plan takes");
    expect(hostLimitWarnings(parseHosts(["nginx"]), tally, "dist")).toEqual([]);
  });
});
