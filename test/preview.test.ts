// The preview server, run as a user runs it (build-catalogue preview), answers every address as
// the live API does, rebuilds when content/ changes, and shows errors instead of stale data.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { checkServedApi, fetchRaw, FULL, header } from "./helpers/http-contract.js";
import { startPreviewProcess, waitFor, type Started } from "./helpers/server.js";

let dir = "";
let content = "";
let base = "";
let preview: Started;
const reference = () => path.join(dir, "reference");

beforeAll(async () => {
  dir = tempDir();
  content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  // The same content built to files: the bytes the preview must answer.
  expect(runCli(["build", "--content", "content", "--out", "reference", "--now", "2026-05-01T00:00:00Z"], { cwd: dir }).code).toBe(0);
  // The production base URL, given explicitly, so that the preview's bytes are the reference build's
  // (without it the preview's links point at itself: see preview-api.test.ts).
  ({ preview, base } = await startPreviewProcess(["--content", "content", "--now", "2026-05-01T00:00:00Z", "--base-url", "https://api.harbour-arts.example"], { cwd: dir }));
});
afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

describe("build-catalogue preview", () => {
  it("listens on 127.0.0.1 and answers every behaviour of the live API", async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await checkServedApi(base, reference(), 20, FULL);
  });

  it("answers the live headers in the live order", async () => {
    const a = await fetchRaw(base, "GET", "/api/v2/event_pages/201/");
    expect(a.headers.map(([n]) => n).slice(0, 6)).toEqual(["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]);
  });

  it("renders the browsable page for Accept: text/html and for ?format=api, with the 404 status", async () => {
    const a = await fetchRaw(base, "GET", "/api/v2/event_pages/999/?format=api");
    expect(a.status).toBe(404);
    expect(header(a, "Content-Type")).toBe("text/html; charset=utf-8");
    const text = a.body.toString();
    expect(text).toContain("GET</b> /api/v2/event_pages/999/?format=api");
    expect(text).toContain("HTTP 404 Not Found");
    expect(text).toContain("No EventPage matches the given query.");
    const b = await fetchRaw(base, "GET", "/api/v2/event_pages/", { Accept: "text/html,application/xhtml+xml" });
    expect(header(b, "Content-Type")).toBe("text/html; charset=utf-8");
    expect(b.body.toString()).toContain('<a href="https://api.harbour-arts.example/api/v2/pages/201/"');
  });

  it("rebuilds on change, and shows errors instead of stale data until fixed", async () => {
    const file = path.join(content, "events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace('"title": "The Seagull"', '"title": "The Seagull (revival)"'));
    await waitFor(preview, async () => {
      const a = await fetchRaw(base, "GET", "/api/v2/event_pages/201/");
      return JSON.parse(a.body.toString()).title === "The Seagull (revival)" ? true : undefined;
    }, "the rebuilt title");

    writeFileSync(file, original.replace('"venue": 1', '"venue": 99'));
    const broken = await waitFor(preview, async () => {
      const a = await fetchRaw(base, "GET", "/api/v2/event_pages/201/", { Accept: "text/html" });
      return a.status === 500 ? a : undefined;
    }, "the error page");
    const page = broken.body.toString();
    expect(page).toContain("Build failed");
    expect(page).toMatch(/content\/events\/the-seagull\.json:\d+:\d+: venue: no venue has id 99/);
    expect(preview.output()).toContain("venue: no venue has id 99");
    const json = await fetchRaw(base, "GET", "/api/v2/event_pages/");
    expect(json.status).toBe(500);
    expect(JSON.parse(json.body.toString()).errors.join("\n")).toContain("no venue has id 99");

    writeFileSync(file, original);
    await waitFor(preview, async () => ((await fetchRaw(base, "GET", "/api/v2/event_pages/201/")).status === 200 ? true : undefined), "recovery");
  });
});
