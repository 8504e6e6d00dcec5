// Vercel's vercel.json, validated by Vercel's own @vercel/routing-utils, and its routes applied
// to every address of the example with a small matcher of the documented `routes` semantics
// (test/helpers/vercel.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { vercelRoutes, type VercelAnswer } from "./helpers/vercel.js";

let dir = "";
let dist = "";
let vercel: (method: string, url: string) => VercelAnswer;

beforeAll(() => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "vercel"]);
  expect(run.code, run.output).toBe(0);
  vercel = vercelRoutes(dist);
});
afterAll(() => removeDir(dir));

const LIVE = { "Content-Type": "application/json", Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const documents = [
  ["/api/v2/event_pages/", "api/v2/event_pages/index.json"],
  ["/api/v2/event_pages/201/", "api/v2/event_pages/201/index.json"],
  ["/api/v2/pages/202/", "api/v2/pages/202/index.json"],
  ["/api/v2/pages/20/", "api/v2/pages/20/index.json"],
];

describe("Vercel routes", () => {
  it.each(documents)("%s answers 200 with the file's bytes and the live headers in order", (address, file) => {
    const a = vercel("GET", address);
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, file)))).toBe(true);
    expect(Object.entries(a.headers)).toEqual(Object.entries(LIVE));
    expect(vercel("HEAD", address).status).toBe(200);
  });

  it.each(documents)("%s without its slash answers 301 keeping the query", (address) => {
    const a = vercel("GET", `${address.slice(0, -1)}?limit=5`);
    expect(a.status).toBe(301);
    expect(a.headers.Location).toBe(`${address}?limit=5`);
  });

  it.each(documents)("%s?format=api answers the browsable page", (address) => {
    const a = vercel("GET", `${address}?format=api`);
    expect(a.status).toBe(200);
    expect(a.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(a.body.toString()).toContain(`GET</b> ${address}?format=api`);
    expect(vercel("GET", `${address}?format=json`).headers["Content-Type"]).toBe("application/json");
  });

  it("serves the OpenAPI document at /api/v2/openapi.json with the live headers", () => {
    const a = vercel("GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
    expect(Object.entries(a.headers)).toEqual(Object.entries(LIVE));
    expect(vercel("POST", "/api/v2/openapi.json").status).toBe(405);
  });

  it("answers JSON 404s per collection and for other addresses", () => {
    const message = (url: string) => JSON.parse(vercel("GET", url).body.toString()).message;
    expect(vercel("GET", "/api/v2/event_pages/999/").status).toBe(404);
    expect(message("/api/v2/event_pages/999/")).toBe("No EventPage matches the given query.");
    expect(message("/api/v2/event_pages/20/")).toBe("No EventPage matches the given query.");
    expect(message("/api/v2/pages/999/")).toBe("No Page matches the given query.");
    expect(message("/api/v2/nothing/")).toBe("Not found.");
  });

  it("answers OPTIONS with the view's description and other methods with 405", () => {
    const options = vercel("OPTIONS", "/api/v2/pages/201/");
    expect(options.status).toBe(200);
    expect(JSON.parse(options.body.toString()).name).toBe("Pages Api");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const a = vercel(method, "/api/v2/event_pages/");
      expect(a.status).toBe(405);
      expect(a.body.toString()).toBe(`{\n    "detail": "Method \\"${method}\\" not allowed."\n}`);
    }
  });
});
