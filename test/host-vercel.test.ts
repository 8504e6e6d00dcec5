// Vercel's vercel.json, validated by Vercel's own @vercel/routing-utils, and its routes applied
// to every address of the example by @cloudflare/next-on-pages' copy of Vercel's router, over the
// routes `vercel build` makes of it (test/helpers/vercel.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { vercelRoutes, type VercelAnswer } from "./helpers/vercel.js";

let dir = "";
let dist = "";
let vercel: (method: string, url: string) => Promise<VercelAnswer>;

beforeAll(async () => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "vercel"]);
  expect(run.code, run.output).toBe(0);
  vercel = await vercelRoutes(dist);
});
afterAll(() => removeDir(dir));

const LIVE = { "Content-Type": "application/json", Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
const documents = [
  ["/api/v2/event_pages/", "api/v2/event_pages/index.json"],
  ["/api/v2/event_pages/201/", "api/v2/event_pages/201/index.json"],
  ["/api/v2/pages/202/", "api/v2/pages/202/index.json"],
  ["/api/v2/pages/20/", "api/v2/pages/20/index.json"],
];

describe("Vercel routes", () => {
  it.each(documents)("%s answers 200 with the file's bytes and the live headers", async (address, file) => {
    const a = await vercel("GET", address);
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, file)))).toBe(true);
    expect(a.headers).toEqual(lower(LIVE));
    expect((await vercel("HEAD", address)).status).toBe(200);
  });

  it("writes every route's headers in the live order (the router's Headers sort them by name)", () => {
    const routes = (JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8")) as { routes: { headers?: Record<string, string> }[] }).routes;
    const order = (h: Record<string, string>) => Object.keys(h).filter((k) => k in LIVE);
    for (const r of routes) if (r.headers && "Vary" in r.headers) expect(order(r.headers)).toEqual(Object.keys(LIVE).filter((k) => k !== "Content-Type" || "Content-Type" in r.headers!));
  });

  it("matches addresses as written: in capitals they are no address of the API (Vercel matches `src` ignoring case unless told not to)", async () => {
    for (const url of ["/API/V2/EVENT_PAGES/", "/api/v2/EVENT_PAGES/201/", "/api/v2/Pages/20/"]) {
      const a = await vercel("GET", url);
      expect(a.status, url).toBe(404);
      expect(JSON.parse(a.body.toString()).message, url).toBe("Not found.");
    }
  });

  it.each(documents)("%s without its slash answers 301 keeping the query", async (address) => {
    const a = await vercel("GET", `${address.slice(0, -1)}?limit=5`);
    expect(a.status).toBe(301);
    expect(a.headers.location).toBe(`${address}?limit=5`);
  });

  it.each(documents)("%s?format=api goes to the function (which renders the browsable page); format=apix and format=json are the file", async (address, file) => {
    const config = JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8")) as { routes: { src?: string; has?: { key: string; value?: string }[]; dest?: string }[] };
    const browsable = config.routes.filter((r) => r.has?.some((h) => h.key === "format"));
    expect(browsable.length).toBeGreaterThan(0);
    expect(browsable.every((r) => r.dest === "/api-answers" && r.has!.length === 1 && r.has![0]!.value === "^api$")).toBe(true);
    for (const query of ["format=json", "format=apix"]) {
      const a = await vercel("GET", `${address}?${query}`);
      expect([a.status, a.headers["content-type"], a.body.equals(readFileSync(path.join(dist, file)))]).toEqual([200, "application/json", true]);
    }
  });

  it("serves the OpenAPI document at /api/v2/openapi.json with the live headers", async () => {
    const a = await vercel("GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
    expect(a.headers).toEqual(lower(LIVE));
    expect((await vercel("POST", "/api/v2/openapi.json")).status).toBe(405);
  });

  it("answers JSON 404s per collection and for other addresses", async () => {
    const message = async (url: string) => JSON.parse((await vercel("GET", url)).body.toString()).message;
    expect((await vercel("GET", "/api/v2/event_pages/999/")).status).toBe(404);
    expect(await message("/api/v2/event_pages/999/")).toBe("No EventPage matches the given query.");
    expect(await message("/api/v2/event_pages/20/")).toBe("No EventPage matches the given query.");
    expect(await message("/api/v2/pages/999/")).toBe("No Page matches the given query.");
    expect(await message("/api/v2/nothing/")).toBe("Not found.");
  });

  it("answers OPTIONS with the view's description and other methods with 405", async () => {
    const options = await vercel("OPTIONS", "/api/v2/pages/201/");
    expect(options.status).toBe(200);
    expect(JSON.parse(options.body.toString()).name).toBe("Pages Api");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const a = await vercel(method, "/api/v2/event_pages/");
      expect(a.status).toBe(405);
      expect(a.body.toString()).toBe(`{\n    "detail": "Method \\"${method}\\" not allowed."\n}`);
    }
  });
});
