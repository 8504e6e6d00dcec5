// The image chooser of an event's image fields, as an editor uses it: `build-catalogue edit` on a
// copy of the bundled example, Decap CMS in headless Chromium (as test/admin-browser.test.ts; with
// SCREENSHOTS=<folder> it keeps the screenshots docs/editing.md shows). The chooser shows the
// images as their pictures, searches them by title, refuses a bad upload (in the browser, and by
// the edit server's check before anything is written), and an image uploaded from inside the
// event's chooser becomes its thumbnail: images.json gains that one item and keeps every other
// byte, the picture is in images/, and the build names it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { field, openAdmin, publish } from "./helpers/admin-page.js";
import { BIN, copyContent, ROOT, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startEditProcess, waitForHttp, type Started } from "./helpers/server.js";

const CHROMIUM_BIN = requireProgram(CHROMIUM);
const NOW = "2026-05-01T00:00:00Z";
let dir = "";
let content = "";
let base = "";
let edit: Started;
let browser: Browser;
const outside: string[] = [];
/** With SCREENSHOTS=<folder>, the screenshots docs/editing.md shows are kept there. */
const SHOTS = process.env.SCREENSHOTS ? path.resolve(process.env.SCREENSHOTS) : null;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

type ImageItem = { id: number; title: string; file: string; alt?: string; focal_point?: Record<string, number> };
const imagesText = () => readFileSync(path.join(content, "images.json"), "utf8");
const images = () => JSON.parse(imagesText()) as ImageItem[];

/** The event's thumbnail control and the chooser it opens. */
async function openChooser(page: Page): Promise<{ control: Locator; chooser: Locator }> {
  const control = field(field(page, "thumbnail"), "image");
  await control.getByRole("button", { name: /^Choose (an|another) image$/ }).click();
  return { control, chooser: page.getByRole("dialog", { name: "Choose an image" }) };
}

/** An image's original's width, read from its file with sharp (by id, from images.json as it is now). */
async function originalWidth(id: number): Promise<number | undefined> {
  const image = images().find((i) => i.id === id);
  return image ? (await sharp(path.join(content, "images", image.file)).metadata()).width : undefined;
}

/**
 * The pictures shown in `scope` that the browser has loaded as their originals: each decoded at its
 * original's width (Decap's media store answers a stand-in picture while it loads a file).
 */
async function loadedPictures(scope: Locator): Promise<number> {
  const shown = await scope.locator("img[data-image-id]").evaluateAll((imgs) => imgs.map((i) => [Number(i.getAttribute("data-image-id")), (i as unknown as { complete: boolean }).complete ? (i as unknown as { naturalWidth: number }).naturalWidth : 0] as const));
  let loaded = 0;
  for (const [id, width] of shown) if (width > 0 && width === (await originalWidth(id))) loaded++;
  return loaded;
}

/** A 1x1 BMP (24 bits a pixel): a picture browsers show and the build refuses (docs/images.md). */
function bmpOfOnePixel(): Buffer {
  const file = Buffer.alloc(58);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(58, 2); // the file's size
  file.writeUInt32LE(54, 10); // where the pixels start
  file.writeUInt32LE(40, 14); // BITMAPINFOHEADER
  file.writeInt32LE(1, 18); // width
  file.writeInt32LE(1, 22); // height
  file.writeUInt16LE(1, 26); // planes
  file.writeUInt16LE(24, 28); // bits a pixel
  file.writeUInt32LE(4, 34); // the pixels' size: one row of 3 bytes, padded to 4
  file.set([0x33, 0x55, 0xcc], 54);
  return file;
}

describe.skipIf(!CHROMIUM_BIN)("the image chooser in a browser", () => {
  beforeAll(async () => {
    dir = tempDir();
    content = copyContent(path.join(ROOT, "content"), dir);
    ({ edit, base } = await startEditProcess(["--now", NOW], { cwd: dir }, { answerMs: 60_000 }));
    await waitForHttp(`${base}/api/v2/event_pages/`, 60_000, edit);
    browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
  });
  afterAll(async () => {
    await browser?.close();
    await edit?.stop();
    removeDir(dir);
  });

  it("shows the chosen image and every image of images.json as its picture, searched by title; choosing sets the id", async () => {
    const page = await openAdmin(browser, base, outside);
    await page.goto(`${base}/admin/#/collections/events/entries/carmen`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Carmen");
    const chosenId = (JSON.parse(readFileSync(path.join(content, "events/carmen.json"), "utf8")) as { thumbnail: { image: number } }).thumbnail.image;
    const chosen = images().find((i) => i.id === chosenId)!;
    const control = field(field(page, "thumbnail"), "image");
    // The chosen image: its picture and its title.
    await expect.poll(() => control.locator(`[data-chosen-image="${chosenId}"]`).innerText(), { timeout: 20_000 }).toContain(chosen.title);
    await expect.poll(() => loadedPictures(control), { timeout: 20_000 }).toBe(1);

    const { chooser } = await openChooser(page);
    const all = images();
    // A page of 30 pictures, then more: each picture loads (the originals in images/, through the edit server's file API).
    await expect.poll(() => chooser.locator("[data-choose-image]").count(), { timeout: 20_000 }).toBe(30);
    await expect.poll(() => loadedPictures(chooser), { timeout: 60_000 }).toBe(30);
    expect(await chooser.innerText()).toContain(`30 of ${all.length} images.`);
    await shot(page, "admin-image-chooser");
    while (await chooser.getByRole("button", { name: "Show more" }).count()) await chooser.getByRole("button", { name: "Show more" }).click();
    await expect.poll(() => chooser.locator("[data-choose-image]").count()).toBe(all.length);
    await expect.poll(() => loadedPictures(chooser), { timeout: 60_000 }).toBe(all.length);
    // The search keeps the images whose title (or file name) has the words, whatever their case.
    const other = all.find((i) => i.id !== chosenId && /logo/i.test(i.title))!;
    await chooser.getByRole("searchbox").fill("LOGO");
    await expect.poll(() => chooser.locator("[data-choose-image]").count()).toBe(all.filter((i) => /logo/i.test(i.title) || /logo/i.test(i.file)).length);
    await chooser.getByRole("searchbox").fill("no image has such a title");
    await expect.poll(() => chooser.innerText()).toContain("No image has this in its title or file name.");
    await chooser.getByRole("searchbox").fill(other.title);
    await chooser.locator(`[data-choose-image="${other.id}"]`).click();
    await expect.poll(() => chooser.count()).toBe(0);
    await expect.poll(() => control.locator(`[data-chosen-image="${other.id}"]`).innerText()).toContain(other.title);
    // Not saved: the file is as it was.
    expect((JSON.parse(readFileSync(path.join(content, "events/carmen.json"), "utf8")) as { thumbnail: { image: number } }).thumbnail.image).toBe(chosenId);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it("an image uploaded from inside the event's chooser becomes its thumbnail: images.json gains that one item, the picture is in images/, the build names it", async () => {
    const imagesBefore = imagesText();
    const eventFile = path.join(content, "events/carmen.json");
    const eventBefore = readFileSync(eventFile, "utf8");
    const picture = path.join(dir, "Stage Door 2026.png");
    execFileSync(process.execPath, ["-e", `require("sharp")({create:{width:640,height:480,channels:3,background:"#c35"}}).png().toFile(${JSON.stringify(picture)})`], { cwd: ROOT });
    const notText = path.join(dir, "notes.txt");
    writeFileSync(notText, "not a picture\n");
    const fakePng = path.join(dir, "fake.png");
    writeFileSync(fakePng, "not a picture either\n");
    const bmp = path.join(dir, "Old Scan.png");
    writeFileSync(bmp, bmpOfOnePixel());

    const page = await openAdmin(browser, base, outside);
    await page.goto(`${base}/admin/#/collections/events/entries/carmen`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("Carmen");
    const { control, chooser } = await openChooser(page);
    await chooser.getByRole("button", { name: "Upload an image" }).click();
    const form = chooser.locator("[data-image-upload]");
    const save = form.getByRole("button", { name: "Save the image" });
    const refusal = form.getByRole("alert");

    // Bad input is refused in words, and nothing is sent.
    await save.click();
    await expect.poll(() => refusal.innerText()).toMatch(/Choose a picture to upload\.[\s\S]*Give the image a title/);
    await form.locator('input[type="file"]').setInputFiles(notText);
    await form.getByLabel("Title").fill("Stage door");
    await save.click();
    await expect.poll(() => refusal.innerText()).toContain("notes.txt is not a picture the build takes: choose a .jpg, .jpeg, .png, .gif, .webp, .avif file.");
    await form.locator('input[type="file"]').setInputFiles(fakePng);
    await save.click();
    await expect.poll(() => refusal.innerText()).toContain("fake.png is not a picture this browser can show");
    // A picture the browser shows and the build cannot read (a BMP under a .png name): the edit
    // server's check refuses the save, and neither file is written.
    await form.locator('input[type="file"]').setInputFiles(bmp);
    await save.click();
    await expect.poll(() => refusal.innerText(), { timeout: 30_000 }).toMatch(/^Not saved: .*old-scan\.png.*BMP/s);
    expect(imagesText()).toBe(imagesBefore);
    expect(existsSync(path.join(content, "images/old-scan.png"))).toBe(false);
    await form.getByLabel("Title").fill("  ");
    await form.locator('input[type="file"]').setInputFiles(picture);
    await save.click();
    await expect.poll(() => refusal.innerText()).toBe("Give the image a title: editors find it by its title.");
    expect(imagesText()).toBe(imagesBefore);
    expect(existsSync(path.join(content, "images/stage-door-2026.png"))).toBe(false);

    // The title, the alt text and a focal point dragged over the picture's left middle.
    await form.getByLabel("Title").fill("Stage door, 2026");
    await form.getByLabel("Alt text").fill("The stage door at night");
    const focal = form.locator("img[alt^='Click the picture']");
    await expect.poll(() => focal.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 20_000 }).toBe(640);
    const box = (await focal.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.75, { steps: 5 });
    await page.mouse.up();
    const said = await form.locator("[data-focal-text]").innerText();
    const [x, y, width, height] = /centre (\d+), (\d+); area (\d+) x (\d+) pixels/.exec(said)!.slice(1).map(Number);
    // The drag in the picture's pixels, to a pixel of the screen's rounding.
    for (const [got, want] of [[x, 240], [y, 240], [width, 160], [height, 240]] as const) expect(Math.abs(got! - want)).toBeLessThanOrEqual(3);
    await shot(page, "admin-image-upload");
    await save.click();

    // Saved and chosen: the chooser closes on the new image, shown as its picture.
    await expect.poll(() => chooser.count(), { timeout: 30_000 }).toBe(0);
    const id = Math.max(...JSON.parse(imagesBefore).map((i: ImageItem) => i.id)) + 1;
    await expect.poll(() => control.locator(`[data-chosen-image="${id}"]`).innerText(), { timeout: 20_000 }).toContain("Stage door, 2026");
    await expect.poll(() => loadedPictures(control), { timeout: 20_000 }).toBe(1);

    // images.json: exactly one item more, every byte before it as it was.
    const after = imagesText();
    const added = images();
    expect(added.slice(0, -1)).toEqual(JSON.parse(imagesBefore));
    expect(added.at(-1)).toEqual({ id, title: "Stage door, 2026", file: "stage-door-2026.png", alt: "The stage door at night", focal_point: { x, y, width, height } });
    const lastItemEnd = imagesBefore.lastIndexOf("}") + 1;
    expect(after.slice(0, lastItemEnd)).toBe(imagesBefore.slice(0, lastItemEnd));
    expect(after.endsWith(imagesBefore.slice(lastItemEnd))).toBe(true);
    // The picture in the media folder, its bytes the file's.
    expect(readFileSync(path.join(content, "images/stage-door-2026.png"))).toEqual(readFileSync(picture));

    // The event saved: its thumbnail is the new id, the one line that changed.
    await publish(page);
    await expect.poll(() => (JSON.parse(readFileSync(eventFile, "utf8")) as { thumbnail: { image: number } }).thumbnail.image, { timeout: 10_000 }).toBe(id);
    const changed = readFileSync(eventFile, "utf8").split("\n").filter((line, i) => line !== eventBefore.split("\n")[i]);
    expect(changed).toEqual([`    "image": ${id}`]);

    // The edit server's rebuild serves the thumbnail of the new image, and the CLI's build succeeds on the files.
    const thumbnailUrl = async () => ((await (await fetch(`${base}/api/v2/event_pages/?slug=carmen&fields=thumbnail`)).json()) as { items: Array<{ thumbnail?: { url: string; alt: string } }> }).items[0]?.thumbnail;
    await expect.poll(async () => (await thumbnailUrl())?.url, { timeout: 30_000 }).toMatch(/\/media\/images\/stage-door-2026\.[0-9a-f]{8}\.fill-550x375\.png$/);
    expect((await thumbnailUrl())?.alt).toBe("The stage door at night");
    const served = await fetch(`${base}${new URL((await thumbnailUrl())!.url).pathname}`);
    expect(served.status).toBe(200);
    const built = runCli(["build", "--content", "content", "--out", "dist-check", "--now", NOW], { cwd: dir });
    expect(built.code, built.stderr).toBe(0);
    const page6 = JSON.parse(readFileSync(path.join(dir, "dist-check/api/v2/event_pages", `${(JSON.parse(eventBefore) as { id: number }).id}`, "index.json"), "utf8")) as { thumbnail: { url: string } };
    expect(page6.thumbnail.url).toMatch(/\/media\/images\/stage-door-2026\.[0-9a-f]{8}\.fill-550x375\.png$/);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
