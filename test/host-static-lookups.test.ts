// The pre-rendered lookups on Netlify and Vercel, whose servers do not run offline: their rule
// files, parsed and validated by the hosts' own packages, applied by the small matchers of their
// documented semantics (test/helpers/netlify.ts, test/helpers/vercel.ts) to the catalogue a real
// Wagtail 5.2.8 served (test/fixtures/wagtail-5.2). Each lookup must answer what the preview
// answers (the runtime responder with the query engine), byte for byte; every other query the 400.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { lookupsOf } from "../src/plan/lookups.js";
import { browsableTemplate } from "../src/io/browsable-page.js";
import { servedRules } from "../src/host/rules.js";
import { respond, type ServedRules } from "../src/runtime/respond.js";
import type { QueryIndex } from "../src/runtime/query/query-index.js";
import { removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { netlifyRules } from "./helpers/netlify.js";
import { vercelRoutes } from "./helpers/vercel.js";
import { recordedAnswers, REFERENCE_CONTENT, REFERENCE_NOW, sameAsWagtail } from "./helpers/wagtail-reference.js";

interface Served { status: number; body: string; contentType: string | undefined; headers?: Record<string, string> }
type Host = (url: string) => Served;

let dir = "";
let rules: ServedRules;
let index: QueryIndex;
const hosts: Record<string, { dist: string; answer: Host }> = {};

beforeAll(async () => {
  dir = tempDir("bc-static-lookups-");
  for (const name of ["netlify", "vercel"]) {
    const dist = path.join(dir, name);
    const run = runCli(["build", "--content", REFERENCE_CONTENT, "--out", dist, "--now", REFERENCE_NOW, "--host", name]);
    expect(run.code, run.output).toBe(0);
    if (name === "netlify") {
      const netlify = await netlifyRules(dist);
      hosts.netlify = { dist, answer: (u) => {
        const a = netlify(u);
        return { status: a.status, body: a.body?.toString("utf8") ?? "", contentType: a.headers["Content-Type"], headers: a.headers };
      } };
    } else {
      const vercel = vercelRoutes(dist);
      hosts.vercel = { dist, answer: (u) => {
        const a = vercel("GET", u);
        return { status: a.status, body: a.body.toString("utf8"), contentType: a.headers["Content-Type"], headers: a.headers };
      } };
    }
  }
  const oracle = await build({ content: REFERENCE_CONTENT, out: path.join(dir, "oracle"), now: REFERENCE_NOW, hosts: [] });
  expect(oracle.ok).toBe(true);
  rules = servedRules(oracle.model!, browsableTemplate());
  index = JSON.parse(readFileSync(path.join(dir, "oracle/_query/index.json"), "utf8")) as QueryIndex;
});
afterAll(() => removeDir(dir));

async function preview(url: string): Promise<Served> {
  const root = path.join(dir, "oracle");
  const files = { read: async (p: string) => (existsSync(path.join(root, p)) ? readFileSync(path.join(root, p), "utf8") : null) };
  const a = await respond(rules, files, { method: "GET", url, accept: "application/json" });
  return { status: a.status, body: a.body, contentType: a.headers.find(([n]) => n === "Content-Type")?.[1] };
}

describe.each(["netlify", "vercel"])("%s: pre-rendered lookups", (name) => {
  const host = (u: string) => hosts[name]!.answer(u);
  const sameContentType = (a: string | undefined, b: string | undefined) => expect(a?.toLowerCase()).toBe(b?.toLowerCase());

  it("answers as Wagtail 5.2 did: slug on both routes, slug with type, the parent's slug", () => {
    for (const r of recordedAnswers().filter((x) => ["ev_slug", "pg_slug", "pg_slug_parent"].includes(x.name))) {
      const a = host(r.url);
      expect(sameAsWagtail(r, { status: a.status, body: a.body })).toBeUndefined();
    }
  });

  it("answers every pre-rendered lookup with the preview's bytes, JSON and browsable", async () => {
    const lookups = lookupsOf(index);
    for (const [i, l] of lookups.entries()) {
      for (const u of [`/api/v2/${l.route}/?${l.query}`, ...(i % 10 === 0 || l.slug === undefined ? [`/api/v2/${l.route}/?${l.query}&format=api`] : [])]) {
        const [got, want] = [host(u), await preview(u)];
        expect(got.status, u).toBe(want.status);
        expect(got.body, u).toBe(want.body);
        sameContentType(got.contentType, want.contentType);
      }
    }
    for (const u of ["/api/v2/pages/?type=events.EventPage&slug=tosca", "/api/v2/event_pages/?format=json&slug=tosca", "/api/v2/pages/?type=events.EventPage"]) {
      const [got, want] = [host(u), await preview(u)];
      expect([got.status, got.body], u).toEqual([want.status, want.body]);
    }
  });

  it("sends the live headers on lookups and refusals", () => {
    const live = { Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
    for (const [u, type] of [["/api/v2/pages/?slug=tosca", "application/json"], ["/api/v2/pages/?limit=2", "application/json"], ["/api/v2/pages/?slug=tosca&format=api", "text/html; charset=utf-8"]] as const) {
      const { "Content-Type": contentType, ...rest } = host(u).headers!;
      expect(rest, u).toEqual(live);
      sameContentType(contentType, type);
    }
  });

  it("answers a slug no page has with the host's own 404 (no file to rewrite to), never a 200", () => {
    for (const u of ["/api/v2/pages/?slug=nothing-here", "/api/v2/event_pages/?slug=nothing-here", "/api/v2/pages/?slug=nothing-here&type=events.EventPage"]) {
      expect(host(u).status, u).toBe(404);
    }
  });

  it("answers every other query it can see with the 400, naming the lookups", () => {
    for (const u of [
      "/api/v2/event_pages/?limit=5", "/api/v2/event_pages/?offset=20", "/api/v2/event_pages/?fields=title",
      "/api/v2/event_pages/?order=title", "/api/v2/event_pages/?search=hamlet", "/api/v2/event_pages/?on_sale=true",
      "/api/v2/event_pages/?slug=hamlet&limit=1", "/api/v2/event_pages/?slug=hamlet&type=events.EventPage",
      "/api/v2/pages/?type=events.Nothing", "/api/v2/pages/?child_of=3", "/api/v2/pages/?slug=tosca&type=events.Nothing",
      "/api/v2/pages/?type=events.EventPage&limit=3&format=api", "/api/v2/pages/178/?fields=title",
      "/api/v2/event_pages/178/?fields=-performances", "/api/v2/pages/178/?slug=tosca",
      "/api/v2/pages/find/?html_path=/whats-on/tosca/", "/api/v2/event_pages/find/?html_path=/whats-on/tosca/",
    ]) {
      const a = host(u);
      expect(a.status, u).toBe(400);
      sameContentType(a.contentType, "application/json");
      const message = (JSON.parse(a.body) as { message: string }).message;
      expect(message, u).toContain("pre-rendered lookups");
      expect(message, u).toContain("find/ and other queries");
    }
  });

  it("keeps today's answers for no query, format=json and format=api, and a detail's unknown parameter", () => {
    const dist = hosts[name]!.dist;
    for (const [u, file] of [
      ["/api/v2/event_pages/", "api/v2/event_pages/index.json"], ["/api/v2/pages/?format=json", "api/v2/pages/index.json"],
      ["/api/v2/event_pages/178/?foo=bar", "api/v2/event_pages/178/index.json"], ["/api/v2/pages/?format=api", "api/v2/pages/index.api.html"],
    ] as const) {
      const a = host(u);
      expect([a.status, a.body], u).toEqual([200, readFileSync(path.join(dist, file), "utf8")]);
    }
  });
});

describe("lookup files", () => {
  it("are written only for the hosts that route to them, the same bytes on every build", () => {
    expect(existsSync(path.join(dir, "oracle/_lookup"))).toBe(false); // no host: the preview answers queries itself
    const again = path.join(dir, "netlify-again");
    const run = runCli(["build", "--content", REFERENCE_CONTENT, "--out", again, "--now", REFERENCE_NOW, "--host", "netlify"]);
    expect(run.code, run.output).toBe(0);
    const lookups = (root: string) => [...snapshotTree(root)].filter(([p]) => p.startsWith("_lookup/"));
    const first = lookups(hosts.netlify!.dist);
    expect(first.length).toBeGreaterThan(4 * 90);
    expect(lookups(again)).toEqual(first);
    for (const host of ["serve", "cloudflare"]) {
      const out = path.join(dir, `only-${host}`);
      expect(runCli(["build", "--content", REFERENCE_CONTENT, "--out", out, "--now", REFERENCE_NOW, "--host", host]).code).toBe(0);
      expect(existsSync(path.join(out, "_lookup")), host).toBe(false);
    }
  });
});
