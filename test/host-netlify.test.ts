// Netlify's rule files, parsed with Netlify's own parsers (@netlify/headers-parser and
// @netlify/redirect-parser), and _redirects applied to every address of the example by Netlify's
// own redirect engine, netlify-redirector, as `netlify dev` runs it (test/helpers/netlify.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { netlifyRules, type NetlifyAnswer } from "./helpers/netlify.js";

let dir = "";
let dist = "";
let netlify: (url: string) => NetlifyAnswer;

beforeAll(async () => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "netlify"]);
  expect(run.code, run.output).toBe(0);
  netlify = await netlifyRules(dist);
});
afterAll(() => removeDir(dir));

const LIVE = { Vary: "Accept", Allow: "GET, HEAD, OPTIONS", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const documents = [
  ["/api/v2/event_pages/", "api/v2/event_pages/index.json"],
  ["/api/v2/event_pages/201/", "api/v2/event_pages/201/index.json"],
  ["/api/v2/event_pages/202/", "api/v2/event_pages/202/index.json"],
  ["/api/v2/pages/201/", "api/v2/pages/201/index.json"],
  ["/api/v2/pages/20/", "api/v2/pages/20/index.json"],
];

describe("Netlify rules", () => {
  it.each(documents)("%s answers 200 with its file's bytes and the live headers", (address, file) => {
    const a = netlify(address);
    expect(a.status).toBe(200);
    expect(a.body!.equals(readFileSync(path.join(dist, file)))).toBe(true);
    expect(a.headers).toEqual({ ...LIVE, "Content-Type": "application/json" });
    // Without the slash Netlify matches the same rule: 200, not the live API's 301.
    expect(netlify(address.slice(0, -1)).file).toBe(`/${file}`);
  });

  it.each(documents)("%s?format=json is the file by the rules (a query string is the edge function's first: test/host-functions.test.ts)", (address, file) => {
    expect(netlify(`${address}?format=json`).file).toBe(`/${file}`);
  });

  it("serves the OpenAPI document at /api/v2/openapi.json (a file at the path wins) with the live headers", () => {
    const a = netlify("/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(a.body!.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
    expect(a.headers).toEqual({ ...LIVE, "Content-Type": "application/json" });
  });

  it("answers unknown ids and other addresses with JSON 404 bodies", () => {
    const body = (url: string) => JSON.parse(netlify(url).body!.toString()).message;
    for (const url of ["/api/v2/event_pages/999/", "/api/v2/event_pages/20/"]) {
      expect(netlify(url).status).toBe(404);
      expect(body(url)).toBe("No EventPage matches the given query.");
    }
    expect(body("/api/v2/pages/999/")).toBe("No Page matches the given query.");
    expect(netlify("/api/v2/nothing/").status).toBe(404);
    expect(body("/api/v2/nothing/")).toBe("Not found.");
    expect(netlify("/api/v2/nothing/").headers["Content-Type"]).toBe("application/json");
  });
});
