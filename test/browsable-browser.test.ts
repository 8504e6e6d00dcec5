// What a person sees: the browsable page (?format=api) of the preview server, loaded in headless
// Chromium with JavaScript off, shows the request, the status and headers, and readable JSON
// whose URLs are links. Where Chromium is missing these tests are skipped, except under CI.
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, tempDir } from "./helpers/cli.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";

const CHROMIUM_BIN = requireProgram(CHROMIUM);
let dir = "";
let base = "";
let preview: Started;
let browser: Browser;

describe.skipIf(!CHROMIUM_BIN)("the browsable page in a browser", () => {
  beforeAll(async () => {
    dir = tempDir();
    copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
    ({ preview, base } = await startPreviewProcess(["--now", "2026-05-01T00:00:00Z"], { cwd: dir }));
    browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.stop();
    removeDir(dir);
  });

  it("shows the view's name, the request line, status, headers and the JSON, with JavaScript off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${base}/api/v2/event_pages/201/?format=api`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    await expect(page.locator("h1").innerText()).resolves.toBe("Event Pages Api");
    const request = await page.locator(".request-info").innerText();
    expect(request.trim()).toBe("GET /api/v2/event_pages/201/?format=api");
    const info = await page.locator(".response-info").innerText();
    expect(info).toContain("HTTP 200 OK");
    expect(info).toContain("Allow: GET, HEAD, OPTIONS");
    expect(info).toContain("Content-Type: application/json");
    expect(info).toContain("Vary: Accept");
    expect(info).toContain('"title": "The Seagull"');
    expect(info).toContain('    "meta": {');
    // The preview's links point at itself (its default --base-url).
    const links = page.locator(`.response-info a[href="${base}/api/v2/pages/20/"]`);
    await expect(links.count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: path.join(dir, "browsable.png"), fullPage: false });
    await context.close();
  });

  it("links back to the list and to the plain JSON", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/api/v2/event_pages/202/?format=api`);
    await page.locator(".breadcrumb a").first().click();
    await expect(page.locator("h1").innerText()).resolves.toBe("Event Pages Api");
    expect(page.url()).toBe(`${base}/api/v2/event_pages/?format=api`);
    await page.locator(".formats a", { hasText: "json" }).click();
    expect(page.url()).toBe(`${base}/api/v2/event_pages/?format=json`);
    const text = await page.locator("body").innerText();
    expect(JSON.parse(text).meta.total_count).toBe(2);
    await page.close();
  });
});
