// The admin as an editor uses it: `build-catalogue edit` on a copy of the bundled example, Decap CMS
// in headless Chromium. The script knows only the content format's key names: each field is found
// by its `name` (Decap gives a field's control the id `<name>-field-<n>`), scoped by its parents'.
// It creates an event with a picture and a performance, edits a title, uploads an image and sets its
// focal point, and reads the results from the files and the preview's API. Where Chromium is
// missing these tests are skipped, except under CI. With SCREENSHOTS=<folder> it keeps the
// screenshots docs/editing.md shows.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { chooseImage, field, openAdmin as openPage, publish } from "./helpers/admin-page.js";
import { BIN, copyContent, ROOT, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startEditProcess, waitForHttp, type Started } from "./helpers/server.js";
import { writeYamlTwin } from "./helpers/yaml-twin.js";

const CHROMIUM_BIN = requireProgram(CHROMIUM);
const SHOTS = process.env.SCREENSHOTS ? path.resolve(process.env.SCREENSHOTS) : null;
let dir = "";
let content = "";
let base = "";
let edit: Started;
let browser: Browser;
const YAML_FILES = ["events/don-giovanni.json", "events/coppelia.json", "venues.json"];
/** Added to Café Müller's rich text: a link to Hamlet (page 193) by id, image 318 placed left, a video. */
const STORED_FORMS = `<p data-block-key="z1">See <a id="193" linktype="page">the play</a>.</p><embed alt="A poster" embedtype="image" format="left" id="318"/><embed embedtype="media" url="https://vimeo.com/76979871"/>`;
/** Every request the pages made that was not for the edit server. */
const outside: string[] = [];

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The admin at the edit server, in a new browser context. */
const openAdmin = (): Promise<Page> => openPage(browser, base, outside);

/** Picks an option of a relation or select field by the text shown for it. */
async function choose(scope: Page | Locator, name: string, text: string): Promise<void> {
  const input = field(scope, name);
  await input.fill(text);
  await input.page().locator('[class*="-option"]', { hasText: text }).first().click();
}

/** The Advanced box (folded until opened), which holds the page's ids and first publication. */
const advancedBox = (page: Page): Locator => page.locator('[id^="advanced-field-"]').first();
/** The page's own id, in Advanced (other fields named id come before it: a performance's, a block's). */
const pageId = (page: Page): Locator => field(advancedBox(page), "id");
/** Opens Advanced: its top bar's toggle, when its fields are hidden. */
async function openAdvanced(page: Page): Promise<void> {
  if (await pageId(page).isVisible()) return;
  await advancedBox(page).locator("button").first().click();
  await pageId(page).waitFor({ state: "visible" });
}

const api = async (p: string) => (await fetch(`${base}${p}`)).json() as Promise<Record<string, unknown>>;

async function status(): Promise<{ build: number; building: boolean; ok: boolean; diagnostics: Array<{ file: string; key: string; message: string; severity: string }> }> {
  return (await fetch(`${base}/api/admin/status`)).json() as never;
}

/** The changed lines between two texts (same line count assumed by index). */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(`${a[i]} -> ${b[i]}`);
  return out;
}

/** The largest value of `pick` over the event files (JSON and YAML), for the ids a new event is given. */
function largest(pick: (page: Record<string, any>) => number[]): number {
  let max = 0;
  for (const name of readdirSync(path.join(content, "events"))) {
    const text = readFileSync(path.join(content, "events", name), "utf8");
    for (const n of pick(name.endsWith(".json") ? JSON.parse(text) : parseYaml(text))) max = Math.max(max, n);
  }
  return max;
}

describe.skipIf(!CHROMIUM_BIN)("the admin in a browser", () => {
  beforeAll(async () => {
    dir = tempDir();
    // The example, with two event pages and the venues in YAML (one page with a comment of its own).
    content = path.join(dir, "content");
    writeYamlTwin(path.join(ROOT, "content"), content, (relative) => YAML_FILES.includes(relative));
    const commented = path.join(content, "events/don-giovanni.yaml");
    writeFileSync(commented, `# Kept by the box office: dates from the 2026 season plan.\n${readFileSync(commented, "utf8")}`);
    // A rich text with Wagtail's stored form: a link to another page by id, an image and a video placed in it.
    const cafe = path.join(content, "events/cafe-muller.json");
    const page = JSON.parse(readFileSync(cafe, "utf8")) as { description: { type: string; value: { text: string } }[] };
    page.description.find((b) => b.type === "richtext")!.value.text += STORED_FORMS;
    writeFileSync(cafe, `${JSON.stringify(page, null, 2)}\n`);
    ({ edit, base } = await startEditProcess(["--now", "2026-05-01T00:00:00Z"], { cwd: dir }, { answerMs: 60_000 }));
    await waitForHttp(`${base}/api/v2/event_pages/`, 60_000, edit);
    browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
  });
  afterAll(async () => {
    await browser?.close();
    await edit?.stop();
    removeDir(dir);
  });

  it("loads from the edit server alone and lists the example's events, JSON and YAML pages in one list", async () => {
    const page = await openAdmin();
    const files = readdirSync(path.join(content, "events"));
    expect(files.filter((n) => n.endsWith(".yaml")).length).toBe(2);
    await expect.poll(() => page.locator('a[href^="#/collections/events/entries/"]').count(), { timeout: 30_000 }).toBe(files.length);
    // A YAML page is named with its extension, as Decap names a page of another extension than the collection's.
    await expect.poll(() => page.locator('a[href="#/collections/events/entries/don-giovanni.yaml"]').innerText()).toContain("Don Giovanni · Live");
    expect(await page.locator('a[href="#/collections/events/entries/carmen"]').innerText()).toContain("Carmen · Live");
    await shot(page, "admin-events");
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it("sorts the one list by the first performance's date and time, JSON and YAML pages together", async () => {
    const events = path.join(content, "events");
    const firsts = readdirSync(events)
      .map((name) => {
        const text = readFileSync(path.join(events, name), "utf8");
        const page = (name.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as { performances: { datetime: string }[] };
        return { slug: name.endsWith(".json") ? name.slice(0, -5) : name, first: page.performances[0]?.datetime };
      })
      .filter((p) => p.first !== undefined)
      .sort((a, b) => (a.first! < b.first! ? -1 : a.first! > b.first! ? 1 : 0));
    const page = await openAdmin();
    await page.getByRole("button", { name: "Sort by" }).click();
    await page.getByRole("menuitem", { name: "First performance" }).click();
    const order = () => page.locator('a[href^="#/collections/events/entries/"]').evaluateAll((links) => links.slice(0, 5).map((a) => a.getAttribute("href")!.split("/").pop()));
    await expect.poll(order, { timeout: 20_000 }).toEqual(firsts.slice(0, 5).map((p) => p.slug));
    await page.context().close();
  });

  it("creates an event through the form: the file passes check and the API lists it", async () => {
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/new`);
    await field(page, "title").fill("Admin Test Night");
    // The ids are proposed: the next free ones of the catalogue's files.
    await expect.poll(() => pageId(page).inputValue()).toBe(String(largest((p) => [p.id]) + 1));
    await choose(page, "venue", "Harbour Theatre");
    await choose(page, "genre", "Comedy");
    const thumbnail = field(page, "thumbnail");
    await chooseImage(thumbnail, "image", "Harbour City Council logo");
    const performances = field(page, "performances");
    await performances.getByRole("button", { name: /Add/ }).first().click();
    await field(performances, "datetime").fill("2026-09-12T19:30");
    await expect.poll(() => field(performances, "id").inputValue()).toBe(String(largest((p) => p.performances.map((x: { id: number }) => x.id)) + 1));
    await shot(page, "admin-new-event");
    await publish(page);

    const file = path.join(content, "events", "admin-test-night.json");
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.title).toBe("Admin Test Night");
    // The wall time as typed, whatever the browser's own zone (Los Angeles here).
    expect(written.performances[0].datetime).toBe("2026-09-12T19:30");
    // Defaults the format applies are not written.
    expect(Object.keys(written)).not.toContain("show_in_menus");
    // The first publish set first_published_at, at edit's --now in the catalogue's zone: never typed.
    expect(written.first_published_at).toBe("2026-05-01T10:00:00");
    const checked = runCli(["check", "--content", "content", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
    expect(checked.stderr + checked.stdout).not.toMatch(/error/i);
    expect(checked.code).toBe(0);
    await expect.poll(async () => (await api("/api/v2/event_pages/?slug=admin-test-night")).meta, { timeout: 30_000 }).toEqual({ total_count: 1 });
    await page.context().close();
  });

  it("proposes ids on the web admin too, with no server to ask: from the pages its list read and the settings files", async () => {
    const page = await openAdmin();
    // As on a static host: no /api/admin/next-ids.
    let asked = 0;
    await page.route("**/api/admin/next-ids", (route) => {
      asked++;
      return route.fulfill({ status: 404, body: "Not Found" });
    });
    await page.goto(`${base}/admin/#/collections/events/new`);
    await field(page, "title").fill("Web Admin Night");
    await expect.poll(() => pageId(page).inputValue(), { timeout: 20_000 }).toBe(String(largest((p) => [p.id]) + 1));
    const performances = field(page, "performances");
    await performances.getByRole("button", { name: /Add/ }).first().click();
    await expect.poll(() => field(performances, "id").inputValue()).toBe(String(largest((p) => p.performances.map((x: { id: number }) => x.id)) + 1));
    await expect.poll(() => field(performances, "ticketing_code").inputValue()).toBe(String(largest((p) => p.performances.map((x: { ticketing_code: number }) => x.ticketing_code)) + 1));
    expect(asked).toBeGreaterThan(0);
    await page.context().close();
  });

  it("previews the page as the API will answer it, computed in the browser: the venue's name, local times in the venue's zone, the JSON the API serves", async () => {
    const page = await openAdmin();
    // Range Studio is in Brisbane (no daylight saving): 11:00 on 7 November is +10:00 there, while Sydney's clocks are at +11:00.
    await page.goto(`${base}/admin/#/collections/events/entries/magic-for-minis`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).not.toBe("");
    const preview = page.frameLocator("iframe#preview-pane");
    const shown = preview.locator('[data-preview="page"]');
    await shown.waitFor({ timeout: 20_000 });
    expect(await preview.locator("[data-preview-venue]").innerText()).toContain("Range Studio");
    expect(await preview.locator('li[data-datetime="2026-11-07T11:00:00+10:00"]').count()).toBe(1);
    const json = JSON.parse(await preview.locator("[data-preview-json]").textContent() ?? "null") as Record<string, unknown>;
    // The edit server's build answers with its own address as the base URL; the preview, the catalogue's (as deployed).
    const { base_url: baseUrl } = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8")) as { base_url: string };
    const served = JSON.stringify(await api(`/api/v2/pages/${String(json.id)}/`)).replaceAll(base, baseUrl.replace(/\/$/, ""));
    expect(json).toEqual(JSON.parse(served));
    // It follows the form.
    await field(page, "title").fill("Magic for Minis (matinee)");
    await expect.poll(() => preview.locator("h1").innerText()).toBe("Magic for Minis (matinee)");
    await shot(page, "admin-preview");
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it("edits one title: the file's diff is that one line, and the API answers the new title", async () => {
    const file = path.join(content, "events", "carmen.json");
    const before = readFileSync(file, "utf8");
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/carmen`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Carmen");
    await field(page, "title").fill("Carmen (new production)");
    await publish(page);
    await expect.poll(() => readFileSync(file, "utf8") !== before, { timeout: 10_000 }).toBe(true);
    expect(changedLines(before, readFileSync(file, "utf8"))).toEqual(['  "title": "Carmen", ->   "title": "Carmen (new production)",']);
    await expect.poll(async () => ((await api("/api/v2/event_pages/?slug=carmen")).items as Array<{ title: string }>)[0]?.title, { timeout: 30_000 }).toBe("Carmen (new production)");
    await page.context().close();
  });

  it("uploads an image, sets its focal point, and a thumbnail of it is served", async () => {
    let page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/images/entries/images`);
    const items = field(page, "items");
    await items.getByRole("button", { name: /Add/ }).first().click();
    // The new item is the one open (the others show collapsed): its fields are the visible ones.
    const visible = (name: string) => items.locator(`[id^="${name}-field-"]:visible`).last();
    const id = String(Math.max(...JSON.parse(readFileSync(path.join(content, "images.json"), "utf8")).map((i: { id: number }) => i.id)) + 1);
    await expect.poll(() => visible("id").inputValue()).toBe(id);
    await visible("title").fill("Admin test picture");
    const picture = path.join(dir, "admin-test.png");
    execFileSync(process.execPath, ["-e", `require("sharp")({create:{width:800,height:600,channels:3,background:"#3a7"}}).png().toFile(${JSON.stringify(picture)})`], { cwd: ROOT });
    await items.locator("button:visible", { hasText: "Choose an image" }).last().click();
    await page.locator('input[type="file"]').setInputFiles(picture);
    await page.getByRole("button", { name: "Choose selected" }).click();
    // The focal point: a drag over the picture's right upper part.
    const focal = items.locator("img[alt^='Click the picture']:visible").last();
    await focal.waitFor({ timeout: 20_000 });
    await focal.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await focal.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))).toBe(800);
    const box = (await focal.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => items.locator("[data-focal-text]:visible").last().innerText()).toMatch(/^Centre 560, 210; area 160 x 180 pixels/);
    await shot(page, "admin-focal-point");
    await publish(page);

    const images = () => JSON.parse(readFileSync(path.join(content, "images.json"), "utf8")) as Array<Record<string, any>>;
    await expect.poll(() => images().some((i) => i.title === "Admin test picture"), { timeout: 10_000 }).toBe(true);
    expect(images().find((i) => i.title === "Admin test picture")).toEqual({ id: Number(id), title: "Admin test picture", file: "admin-test.png", focal_point: { x: 560, y: 210, width: 160, height: 180 } });
    expect(readFileSync(path.join(content, "images", "admin-test.png"))).toEqual(readFileSync(picture));

    // Used as a thumbnail: the preview serves its rendition.
    await page.context().close();
    page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/hamlet`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Hamlet");
    await chooseImage(field(page, "thumbnail"), "image", "Admin test picture");
    await publish(page);
    const thumbnail = await expect.poll(async () => {
      const hamlet = ((await api("/api/v2/event_pages/?slug=hamlet&fields=thumbnail")).items as Array<{ thumbnail?: { url: string } }>)[0];
      return hamlet?.thumbnail?.url;
    }, { timeout: 30_000 }).toMatch(/admin-test/);
    void thumbnail;
    const detail = ((await api("/api/v2/event_pages/?slug=hamlet&fields=thumbnail")).items as Array<{ thumbnail: { url: string } }>)[0]!;
    const served = await fetch(`${base}${new URL(detail.thumbnail.url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
    await page.context().close();
  });

  it("opens and saves every file without a change: no byte changes, JSON and YAML (the admin's own formats, in the page)", async () => {
    const page = await openAdmin();
    const files: string[] = [];
    for (const name of readdirSync(content)) if (/\.(json|yaml|yml)$/.test(name)) files.push(name);
    for (const name of readdirSync(path.join(content, "events"))) files.push(`events/${name}`);
    const changed = await page.evaluate(async (paths: string[]) => {
      const cms = (globalThis as unknown as { CMS: { getCustomFormatsFormatters: () => Record<string, { fromFile: (t: string) => unknown; toFile: (d: unknown) => string }> } }).CMS;
      const formats = cms.getCustomFormatsFormatters();
      const formatOf = (p: string) => {
        const ext = p.slice(p.lastIndexOf(".") + 1);
        if (p.startsWith("events/")) return formats["build-catalogue:events"]!;
        return formats[`build-catalogue:${p.slice(0, p.indexOf("."))}`]!;
      };
      const out: string[] = [];
      for (const p of paths) {
        const answer = await fetch("/api/v1", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: "getEntry", params: { branch: "main", path: p } }) });
        // The file API's entry (as decap-server's): the file's text as `data`.
        const entry = (await answer.json()) as { data?: string; error?: string };
        if (typeof entry.data !== "string") {
          out.push(`${p}: ${answer.status} ${entry.error}`);
          continue;
        }
        const raw = entry.data;
        const format = formatOf(p);
        // As Decap holds an entry between reading and saving: a copy of plain data.
        const saved = format.toFile(structuredClone(format.fromFile(raw)));
        if (saved !== raw) out.push(p);
      }
      return out;
    }, files);
    expect(files.length).toBeGreaterThan(90);
    expect(changed).toEqual([]);
    await page.context().close();
  });

  it("edits a YAML page: one line changes and its comment stays", async () => {
    const file = path.join(content, "events", "don-giovanni.yaml");
    const before = readFileSync(file, "utf8");
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/don-giovanni.yaml`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Don Giovanni");
    await field(page, "title").fill("Don Giovanni (revival)");
    await publish(page);
    await expect.poll(() => readFileSync(file, "utf8") !== before, { timeout: 10_000 }).toBe(true);
    expect(changedLines(before, readFileSync(file, "utf8"))).toEqual(["title: Don Giovanni -> title: Don Giovanni (revival)"]);
    expect(readFileSync(file, "utf8")).toMatch(/^# Kept by the box office/);
    await page.context().close();
  });

  it("previews rich text's links by id and embeds as the page's title, the picture and the video's address", async () => {
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/cafe-muller`);
    // The description and its rich text block open folded: unfold them, to the rich text editor.
    const editor = page.locator(".bc-rte", { hasText: "the play" }).first();
    await editor.waitFor({ state: "attached", timeout: 20_000 });
    const description = page.locator('[id^="description-field-"]').first();
    const item = page.locator('[class*="listControlItem"]', { has: editor }).first();
    for (let i = 0; i < 4 && !(await editor.isVisible()); i++) {
      for (const expand of [description.locator('[aria-label="Expand"]').first(), item.locator('[aria-label="Expand"]').first()]) {
        if (await expand.isVisible()) {
          await expand.click();
          break;
        }
      }
    }
    // The editor names the picture by its title; its HTML, one click away, has the preview of the stored tags.
    await expect.poll(() => editor.locator("figure.stored-image").innerText(), { timeout: 20_000 }).toContain("Hamlet 2026");
    await expect.poll(() => editor.locator("figure.stored-image img").evaluate((img: any) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(1200);
    await editor.getByRole("button", { name: "HTML", exact: true }).click();
    const frame = page.locator('iframe[title="Preview of the HTML"]').first();
    await frame.waitFor({ state: "visible", timeout: 20_000 });
    await frame.scrollIntoViewIfNeeded();
    const inside = page.frameLocator('iframe[title="Preview of the HTML"]').first();
    const link = inside.locator('a[data-linktype="page"]');
    await expect.poll(() => link.getAttribute("title"), { timeout: 20_000 }).toBe("Page 193: Hamlet");
    expect(await link.innerText()).toBe("the play");
    const picture = inside.locator("figure.stored.left img");
    await expect.poll(() => picture.evaluate((img: any) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(1200);
    expect(await picture.getAttribute("src")).toBe("/media/original_images/hamlet-2026.jpg");
    expect(await picture.getAttribute("alt")).toBe("A poster");
    expect(await inside.locator("figure.stored figcaption").innerText()).toBe("Image 318, Hamlet 2026 (left): A poster");
    expect(await inside.locator(".stored-media").innerText()).toBe("Media: https://vimeo.com/76979871");
    // No stored tag is left raw, and the file keeps them as stored.
    expect(await inside.locator("embed, a[linktype]").count()).toBe(0);
    expect(readFileSync(path.join(content, "events/cafe-muller.json"), "utf8")).toContain(JSON.stringify(STORED_FORMS).slice(1, -1));
    await frame.screenshot({ path: SHOTS ? path.join(SHOTS, "admin-rich-text.png") : path.join(dir, "rich-text.png") });
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it("refuses in the form what the schema refuses: a slug that is not one, an id that is not one", async () => {
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/hamlet`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Hamlet");
    const before = readFileSync(path.join(content, "events", "hamlet.json"), "utf8");
    await field(page, "slug").fill("Hamlet 2026!");
    await openAdvanced(page);
    await pageId(page).fill("-4");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    await page.getByText('must be lowercase words of a-z and 0-9 joined by single hyphens, such as "hamlet-2026"').first().waitFor({ timeout: 10_000 });
    await shot(page, "admin-refused");
    // The slug mended, the id in Advanced is still refused, on its field (Decap leaves a field inside a box to the check before a save).
    await field(page, "slug").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("hamlet");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    const idError = page.locator('.build-catalogue-field-error[data-key="advanced.id"]');
    await idError.waitFor({ timeout: 10_000 });
    expect(await idError.innerText()).toMatch(/-4/);
    expect(readFileSync(path.join(content, "events", "hamlet.json"), "utf8")).toBe(before);
    await page.context().close();
  });

  it("refuses a save that would add an error (a taken id, a duplicate ticketing code, an unknown venue) before anything is written, on the field", async () => {
    const file = path.join(content, "events", "carmen.json");
    const before = readFileSync(file, "utf8");
    const hamlet = JSON.parse(readFileSync(path.join(content, "events", "hamlet.json"), "utf8")) as { id: number; performances: { ticketing_code: number }[] };
    const statusBefore = await status();
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/carmen`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).not.toBe("");
    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v1") && (r.postData() ?? "").includes('"persistEntry"')) saves.push(r.postData() ?? "");
    });
    await openAdvanced(page);
    await pageId(page).fill(String(hamlet.id));
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    // The problem under its field, and in the panel: found in the browser, against the pages the
    // admin has read (as the deployed admin does), so the save never reached the server.
    const idError = page.locator('.build-catalogue-field-error[data-key="advanced.id"]');
    await idError.waitFor({ timeout: 30_000 });
    expect(await idError.innerText()).toBe(`duplicate page id ${hamlet.id}: also used by "Hamlet"; each page id must be unique`);
    const notice = page.locator("#build-catalogue-notice");
    expect(await notice.getAttribute("data-ok")).toBe("false");
    expect(await notice.locator("strong").innerText()).toMatch(/^Not saved: this change would add an error to the build\. Nothing was written/);
    expect(saves).toEqual([]);
    await shot(page, "admin-refused-save");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(await page.getByText("Changes saved", { exact: false }).count()).toBe(0);

    // A performance's code another page has, and an unknown venue, as the admin's form would send them
    // (the venue is a chooser of known venues; a collapsed performance is not typed into here).
    const carmen = JSON.parse(before) as { performances: Record<string, unknown>[] } & Record<string, unknown>;
    const performances = carmen.performances.map((p, i) => (i === 0 ? { ...p, ticketing_code: hamlet.performances[0]!.ticketing_code } : p));
    const refused = await page.evaluate(async (raw) => {
      const r = await fetch("/api/v1", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: "persistEntry", params: { branch: "main", dataFiles: [{ slug: "carmen", path: "events/carmen.json", raw }], assets: [], options: { commitMessage: "Update", useWorkflow: false, status: "draft" } } }) });
      const marked = (key: string) => {
        const note = (globalThis as any).document.querySelector(`.build-catalogue-field-error[data-key="${key}"]`);
        return note ? { text: String(note.textContent), control: String(note.previousElementSibling?.id ?? "") } : null;
      };
      return { status: r.status, venue: marked("venue"), code: marked("performances.0.ticketing_code") };
    }, JSON.stringify({ ...carmen, venue: 999, performances }, null, 2));
    expect(refused.status).toBe(409);
    expect(refused.venue?.text).toMatch(/no venue has id 999/);
    expect(refused.venue?.control).toMatch(/^venue-field-/);
    expect(refused.code?.text).toContain(String(hamlet.performances[0]!.ticketing_code));
    expect(refused.code?.control).toMatch(/^ticketing_code-field-/);
    expect(readFileSync(file, "utf8")).toBe(before);
    // Nothing was written, so nothing was built.
    expect((await status()).build).toBe(statusBefore.build);
    await page.context().close();
  });

  it("checks a page by the build's own rules in the browser, settings read through the backend: a go-live that does not exist in the catalogue's zone is stopped before any request to save", async () => {
    const file = path.join(content, "events", "carmen.json");
    const before = readFileSync(file, "utf8");
    const page = await openAdmin();
    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v1") && (r.postData() ?? "").includes('"persistEntry"')) saves.push(r.postData() ?? "");
    });
    await page.goto(`${base}/admin/#/collections/events/entries/carmen`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).not.toBe("");
    // 02:30 on 4 October 2026 does not exist in Sydney: the clocks go from 02:00 to 03:00.
    await field(page, "go_live_at").fill("2026-10-04T02:30");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    const note = page.locator('.build-catalogue-field-error[data-key="go_live_at"]');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toMatch(/^2026-10-04T02:30 does not exist in Australia\/Sydney: clocks go forward/);
    expect(saves).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe(before);
    await page.context().close();
  });

  it("makes a page a draft, schedules it and publishes it, typing no id, code or timestamp; the list says each status", async () => {
    const file = path.join(content, "events", "hamlet.json");
    const original = readFileSync(file, "utf8");
    const listed = async () => ((await api("/api/v2/event_pages/?slug=hamlet")).meta as { total_count: number }).total_count;
    const saved = () => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const page = await openAdmin();
    // The list shows each page's status, and filters by it.
    await expect.poll(() => page.locator('a[href="#/collections/events/entries/hamlet"]').innerText(), { timeout: 20_000 }).toContain("Hamlet · Live");
    await page.goto(`${base}/admin/#/collections/events/entries/hamlet`);
    const status = field(page, "live");
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 20_000 }).toBe("live");

    // Unpublish: a draft, out of the API.
    await status.locator('[data-action="make-draft"]').click();
    await expect.poll(() => status.locator("[data-status-text]").innerText()).toBe("Draft: not in the API");
    await publish(page);
    await expect.poll(() => saved().live, { timeout: 10_000 }).toBe(false);
    await expect.poll(listed, { timeout: 30_000 }).toBe(0);
    await shot(page, "admin-draft");

    // Schedule: live from a go-live after edit's now (10:00 in Sydney), picked in the catalogue's zone.
    await status.locator('[data-action="make-live"]').click();
    await field(page, "go_live_at").fill("2026-05-01T10:17");
    await expect.poll(() => status.locator("[data-status-text]").innerText()).toBe("Scheduled: goes live Fri 1 May 2026, 10:17 (Australia/Sydney)");
    await publish(page);
    await expect.poll(() => saved().go_live_at, { timeout: 10_000 }).toBe("2026-05-01T10:17");
    expect(Object.keys(saved())).not.toContain("live");
    await expect.poll(listed, { timeout: 30_000 }).toBe(0);
    const next = runCli(["check", "--content", "content", "--next-change", "--now", "2026-05-01T10:16+10:00"], { cwd: dir });
    expect(next.stdout).toBe("2026-05-01T10:17:00+10:00\n");
    for (const [now, count] of [["2026-05-01T10:16:59+10:00", 0], ["2026-05-01T10:17+10:00", 1]] as const) {
      const built = runCli(["build", "--content", "content", "--out", `out-${count}`, "--now", now], { cwd: dir });
      expect(built.code, built.output).toBe(0);
      const list = JSON.parse(readFileSync(path.join(dir, `out-${count}`, "api/v2/event_pages/index.json"), "utf8")) as { items: { meta: { slug: string } }[] };
      expect(list.items.filter((i) => i.meta.slug === "hamlet").length).toBe(count);
    }
    await page.goto(`${base}/admin/#/collections/events`);
    await page.reload();
    await expect.poll(() => page.locator('a[href="#/collections/events/entries/hamlet"]').innerText(), { timeout: 20_000 }).toContain("Hamlet · Scheduled: goes live Fri 1 May 2026, 10:17");

    // Publish now: the go-live cleared, live at once.
    await page.goto(`${base}/admin/#/collections/events/entries/hamlet`);
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 20_000 }).toBe("scheduled");
    await field(page, "go_live_at").fill("");
    await expect.poll(() => status.getAttribute("data-status")).toBe("live");
    await publish(page);
    await expect.poll(() => Object.keys(saved()).includes("go_live_at"), { timeout: 10_000 }).toBe(false);
    await expect.poll(listed, { timeout: 30_000 }).toBe(1);
    // Back where it started, byte for byte.
    expect(readFileSync(file, "utf8")).toBe(original);
    await page.context().close();
  });

  it("the page's Content-Security-Policy lets the admin work, and loads nothing from elsewhere: a picture of another host in rich text is refused", async () => {
    // Every test above ran under it and recorded what it refused: nothing.
    expect(outside).toEqual([]);
    const res = await fetch(`${base}/admin/`);
    const header = res.headers.get("content-security-policy") ?? "";
    expect(header).toMatch(/^default-src 'none'; /);
    expect(header).toContain("connect-src 'self' blob: data:;");
    expect(header).toContain("img-src 'self' data: blob:;");
    expect(header).toMatch(/frame-ancestors 'none'$/);
    expect(await res.text()).toContain('<meta http-equiv="Content-Security-Policy" content="default-src');
    // Another origin that answers: its log shows whether the browser reached it.
    const hits: string[] = [];
    const other = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "text/plain" }).end("x");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const page = await openAdmin();
      const refused: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      // What an entry's rich text could hold, put into the page as the html widget's preview would.
      await page.evaluate((at) => {
        const doc = (globalThis as any).document;
        const box = doc.createElement("div");
        box.innerHTML = `<img src="${at}/pixel.png"><style>@import url("${at}/x.css");</style>`;
        doc.body.append(box);
      }, elsewhere);
      await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(refused.join("\n")).toContain(`${elsewhere}/pixel.png`);
      expect(hits).toEqual([]);
      await page.context().close();
    } finally {
      other.close();
    }
  });

  it("asks before a save removes a performance, naming its date; nothing is written until the editor confirms", async () => {
    const file = path.join(content, "events", "beethoven-nine.json");
    const before = readFileSync(file, "utf8");
    const [first, second] = (JSON.parse(before) as { performances: { id: number; datetime: string }[] }).performances;
    const page = await openAdmin();
    await page.goto(`${base}/admin/#/collections/events/entries/beethoven-nine`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).not.toBe("");
    // The second performance's row, by the date its summary shows: its top bar's last button removes it.
    const row = page.locator('[class*="listControlItem"]', { hasText: "Sun 5 Apr 2026, 2:00 pm" }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.locator(":scope > div").first().locator(":scope > button").last().click();
    await expect.poll(() => page.locator('[class*="listControlItem"]', { hasText: "Sun 5 Apr 2026, 2:00 pm" }).count()).toBe(0);
    const asked: string[] = [];
    let answer = false;
    page.on("dialog", (d) => {
      asked.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    // Dismissed: not saved, the file as it was.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]).toBe(`This save removes this performance:\n- Sun 5 Apr 2026, 2:00 pm (id ${second!.id})\n\nSave without it?`);
    await page.getByText(/Not saved: the performances stay as they were in the file/).first().waitFor({ timeout: 10_000 });
    expect(readFileSync(file, "utf8")).toBe(before);
    // Confirmed: saved without it, the other kept.
    answer = true;
    await publish(page);
    expect(asked.length).toBe(2);
    const after = JSON.parse(readFileSync(file, "utf8")) as { performances: { id: number }[] };
    expect(after.performances.map((p) => p.id)).toEqual([first!.id]);
    await page.context().close();
  });

  it("deletes a YAML page from the one list: its own file goes, and the API no longer lists it", async () => {
    const file = path.join(content, "events", "coppelia.yaml");
    expect(existsSync(file)).toBe(true);
    const others = readdirSync(path.join(content, "events")).filter((n) => n !== "coppelia.yaml");
    const slug = parseYaml(readFileSync(file, "utf8")).slug ?? "coppelia";
    const listed = async () => ((await api(`/api/v2/event_pages/?slug=${slug}`)).meta as { total_count: number }).total_count;
    expect(await listed()).toBe(1);
    const page = await openAdmin();
    page.on("dialog", (d) => void d.accept());
    await page.goto(`${base}/admin/#/collections/events/entries/coppelia.yaml`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe(parseYaml(readFileSync(file, "utf8")).title);
    await page.getByRole("button", { name: "Delete entry" }).click();
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(false);
    expect(readdirSync(path.join(content, "events"))).toEqual(others);
    await expect.poll(listed, { timeout: 30_000 }).toBe(0);
    await page.context().close();
  });
});
