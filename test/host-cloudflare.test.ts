// Cloudflare Pages, locally: `wrangler pages dev` (offline) serving a build made with
// --host cloudflare answers every address as the live API does; it must report no invalid rule.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { checkServedApi, fetchRaw, FULL, header } from "./helpers/http-contract.js";
import { freePort, startProcess, waitForHttp, type Started } from "./helpers/server.js";

const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");
interface Site { dir: string; dist: string; base: string; server: Started }
const sites: Site[] = [];

async function pagesDev(content: string): Promise<Site> {
  const dir = tempDir("bc-pages-");
  const dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", content, "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "cloudflare"]);
  expect(run.code, run.output).toBe(0);
  const port = await freePort();
  const server = startProcess(
    process.execPath,
    [WRANGLER, "pages", "dev", dist, "--ip", "127.0.0.1", "--port", String(port), "--compatibility-date", "2024-09-01", "--inspector-port", String(await freePort())],
    {
      cwd: dir,
      env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", XDG_CONFIG_HOME: path.join(dir, "config"), HOME: dir },
    },
  );
  const site = { dir, dist, base: `http://127.0.0.1:${port}`, server };
  sites.push(site);
  await waitForHttp(`${site.base}/api/v2/event_pages/`, 90_000, server);
  return site;
}

let site: Site;
beforeAll(async () => {
  site = await pagesDev(path.join(FIXTURES, "good/spec-example/content"));
}, 120_000);
afterAll(async () => {
  for (const s of sites) {
    await s.server.stop();
    removeDir(s.dir);
  }
});

describe("Cloudflare Pages (wrangler pages dev)", () => {
  it("answers every address of the catalogue as the live API does", async () => {
    await checkServedApi(site.base, site.dist, 20, FULL);
  });

  it("reports no invalid rule and compiles the worker", () => {
    expect(site.server.output()).not.toMatch(/invalid/i);
    expect(site.server.output()).toContain("Compiled Worker successfully");
  });

  it("does not add Pages' default CORS header", async () => {
    const a = await fetchRaw(site.base, "GET", "/api/v2/event_pages/201/", { Origin: "https://somewhere.example" });
    expect(header(a, "Access-Control-Allow-Origin")).toBeUndefined();
  });

  it("echoes a configured CORS origin and answers its preflight", async () => {
    const dir = tempDir();
    const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
    const catalogue = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8"));
    catalogue.cors_origins = ["https://a.example"];
    writeFileSync(path.join(content, "catalogue.json"), JSON.stringify(catalogue));
    const cors = await pagesDev(content);
    removeDir(dir);
    const a = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: "https://a.example" });
    expect(header(a, "Access-Control-Allow-Origin")).toBe("https://a.example");
    const pre = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/", { Origin: "https://a.example", "Access-Control-Request-Method": "GET" });
    expect(pre.status).toBe(200);
    expect(header(pre, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
  }, 120_000);
});
