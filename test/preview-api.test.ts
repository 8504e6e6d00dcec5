// The preview as a front end's API, run as a user runs it (build-catalogue preview): its links
// and redirects stay on the preview (--base-url, by default its own origin), --cors lets a page on
// another port fetch it, HEAD gives GET's length, and a busy port leaves nothing behind.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { startPreviewProcess, waitFor, type Started } from "./helpers/server.js";

const NOW = "2026-05-01T00:00:00Z";
let dir = "";
let running: Started | undefined;

beforeAll(() => {
  dir = tempDir("bc-preview-api-");
  copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
});
afterAll(() => {
  if (dir) removeDir(dir);
});

async function start(args: string[]): Promise<string> {
  const started = await startPreviewProcess(["--content", "content", "--now", NOW, ...args], { cwd: dir }, { addressMs: 30_000, answerMs: 30_000 });
  running = started.preview;
  return started.base;
}

const json = async (base: string, p: string) => JSON.parse((await fetchRaw(base, "GET", p)).body.toString("utf8")) as Record<string, any>;

describe("--base-url", () => {
  it("defaults to the preview's own origin: every detail_url, the find/ redirect and the browsable links stay on it", async () => {
    const base = await start([]);
    const detail = await json(base, "/api/v2/event_pages/201/");
    expect(detail.meta.detail_url).toBe(`${base}/api/v2/pages/201/`);
    expect(detail.meta.parent.meta.detail_url).toBe(`${base}/api/v2/pages/20/`);
    const list = await json(base, "/api/v2/event_pages/");
    expect(list.items.map((i: { meta: { detail_url: string } }) => i.meta.detail_url)).toEqual([`${base}/api/v2/pages/201/`, `${base}/api/v2/pages/202/`]);
    const find = await fetchRaw(base, "GET", "/api/v2/pages/find/?html_path=/events/the-seagull/");
    expect(find.status).toBe(302);
    expect(header(find, "Location")).toBe(`${base}/api/v2/pages/201/`);
    // Followed, the redirect is answered by the preview itself.
    const followed = await fetchRaw(base, "GET", new URL(header(find, "Location")!).pathname);
    expect(followed.status).toBe(200);
    const page = (await fetchRaw(base, "GET", "/api/v2/event_pages/?format=api")).body.toString("utf8");
    expect(page).toContain(`<a href="${base}/api/v2/pages/201/"`);
    expect(page).not.toContain("api.harbour-arts.example");
    // The files the build writes say so too (the OpenAPI document's server).
    expect(JSON.stringify(await json(base, "/api/v2/openapi.json"))).toContain(base);
  });

  it("uses an explicit URL as given (without its trailing slash), and keeps it through a rebuild", async () => {
    const base = await start(["--base-url", "https://staging.example.org/cms/"]);
    expect((await json(base, "/api/v2/event_pages/201/")).meta.detail_url).toBe("https://staging.example.org/cms/api/v2/pages/201/");
    const file = path.join(dir, "content/events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    try {
      writeFileSync(file, original.replace('"title": "The Seagull"', '"title": "The Seagull (base)"'));
      const rebuilt = await waitFor(running!, async () => {
        const d = await json(base, "/api/v2/event_pages/201/");
        return d.title === "The Seagull (base)" ? d : undefined;
      }, "the rebuilt page", 30_000);
      expect(rebuilt.meta.detail_url).toBe("https://staging.example.org/cms/api/v2/pages/201/");
    } finally {
      writeFileSync(file, original);
    }
  });

  it("refuses a URL that is not http(s), before it starts", () => {
    const run = runCli(["preview", "--port", "0", "--base-url", "ftp://example.org"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--base-url");
    expect(run.stderr).toContain("http");
  });
});

describe("the build's baseUrl option (the library's, which --base-url sets)", () => {
  it("replaces catalogue.json's base_url, and a build with another reuses no page from the cache", async () => {
    const options = { content: "content", out: "dist-base-url", now: NOW, cwd: dir };
    const detailUrl = () => (JSON.parse(readFileSync(path.join(dir, "dist-base-url/api/v2/event_pages/201/index.json"), "utf8")) as { meta: { detail_url: string } }).meta.detail_url;
    expect((await build({ ...options, baseUrl: "http://127.0.0.1:4000" })).ok).toBe(true);
    expect(detailUrl()).toBe("http://127.0.0.1:4000/api/v2/pages/201/");
    expect((await build({ ...options, baseUrl: "http://127.0.0.1:4000" })).reused).toBe(2);
    const other = await build({ ...options, baseUrl: "http://127.0.0.1:5000/" });
    expect(other.reused).toBe(0);
    expect(detailUrl()).toBe("http://127.0.0.1:5000/api/v2/pages/201/");
    const catalogues = await build(options);
    expect(catalogues.reused).toBe(0);
    expect(detailUrl()).toBe("https://api.harbour-arts.example/api/v2/pages/201/");
  });
});

describe("--cors", () => {
  const cors = (base: string, origin: string) => fetchRaw(base, "GET", "/api/v2/event_pages/", { Origin: origin });

  it("alone allows any origin, without changing catalogue.json", async () => {
    const catalogue = readFileSync(path.join(dir, "content/catalogue.json"), "utf8");
    const base = await start(["--cors"]);
    const a = await cors(base, "http://localhost:5173");
    expect(a.status).toBe(200);
    expect(header(a, "Access-Control-Allow-Origin")).toBe("*");
    const preflight = await fetchRaw(base, "OPTIONS", "/api/v2/event_pages/", { Origin: "http://localhost:5173", "Access-Control-Request-Method": "GET" });
    expect(header(preflight, "Access-Control-Allow-Origin")).toBe("*");
    expect(header(preflight, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(readFileSync(path.join(dir, "content/catalogue.json"), "utf8")).toBe(catalogue);
    // The errors' answer carries it too, so that the front end can show them.
    const file = path.join(dir, "content/events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    try {
      writeFileSync(file, original.replace('"venue": 1', '"venue": 99'));
      const failed = await waitFor(running!, async () => {
        const a = await cors(base, "http://localhost:5173");
        return a.status === 500 ? a : undefined;
      }, "the errors' answer", 30_000);
      expect(header(failed, "Access-Control-Allow-Origin")).toBe("*");
      expect(failed.body.toString("utf8")).toContain("no venue has id 99");
    } finally {
      writeFileSync(file, original);
    }
    await waitFor(running!, async () => ((await cors(base, "http://localhost:5173")).status === 200 ? true : undefined), "the pages again", 30_000);
  });

  it("with origins (repeated, or a comma list) allows those alone", async () => {
    const base = await start(["--cors", "http://localhost:5173,http://localhost:3000", "--cors", "https://app.example.org"]);
    for (const origin of ["http://localhost:5173", "http://localhost:3000", "https://app.example.org"]) {
      const a = await cors(base, origin);
      expect(header(a, "Access-Control-Allow-Origin"), origin).toBe(origin);
      expect(header(a, "Vary"), origin).toBe("Accept, Origin");
    }
    expect(header(await cors(base, "http://localhost:8080"), "Access-Control-Allow-Origin")).toBeUndefined();
  });

  it("without it, the preview sends no CORS header (as the catalogue says)", async () => {
    const base = await start([]);
    expect(header(await cors(base, "http://localhost:5173"), "Access-Control-Allow-Origin")).toBeUndefined();
  });

  it("refuses an origin with a path, before it starts", () => {
    const run = runCli(["preview", "--port", "0", "--cors", "http://localhost:5173/app"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--cors");
    expect(run.stderr).toContain("http://localhost:5173/app");
  });
});

describe("the preview's answers and its folder", () => {
  it("answers HEAD with the length of GET's body, and no body", async () => {
    const base = await start([]);
    for (const p of ["/api/v2/event_pages/", "/api/v2/event_pages/201/", "/api/v2/event_pages/999/", "/api/v2/event_pages/?format=api"]) {
      const get = await fetchRaw(base, "GET", p);
      const head = await fetchRaw(base, "HEAD", p);
      expect(head.status, p).toBe(get.status);
      expect(head.body.length, p).toBe(0);
      expect(get.body.length, p).toBeGreaterThan(0);
      // The browsable page names the request's method, as Django REST framework's does: HEAD's is one byte longer.
      const length = p.endsWith("format=api") ? Buffer.byteLength(get.body.toString("utf8").replace("<b>GET</b>", "<b>HEAD</b>")) : get.body.length;
      expect(header(head, "Content-Length"), p).toBe(String(length));
    }
  });

  it("on a busy port, exits 2 saying so and leaves no temporary folder", async () => {
    const tmp = path.join(dir, "tmp-busy");
    mkdirSync(tmp);
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    try {
      const port = (busy.address() as { port: number }).port;
      const run = runCli(["preview", "--content", "content", "--port", String(port)], { cwd: dir, env: { TMPDIR: tmp } });
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain(`port ${port} is in use`);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
