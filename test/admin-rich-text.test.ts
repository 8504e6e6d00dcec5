// The admin's rich text editor in Chromium: it holds every rich text of the example and of
// Wagtail's stored forms (read back byte for byte), an editor writes each element without seeing
// a tag and the file holds Wagtail's stored form, a field opened and saved without an edit keeps
// its bytes, and a text with markup the editor does not make stays HTML.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdmin, publish } from "./helpers/admin-page.js";
import { copyContent, FIXTURES, removeDir, ROOT, tempDir } from "./helpers/cli.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startEditProcess, type Started } from "./helpers/server.js";

const CHROMIUM_BIN = requireProgram(CHROMIUM);
const KEY = "[0-9a-v]{1,5}";

/** Every rich text of a content folder's event pages: richtext blocks' text and additional information's content. */
function richTexts(content: string): string[] {
  const texts: string[] = [];
  for (const name of readdirSync(path.join(content, "events")).filter((n) => n.endsWith(".json"))) {
    const page = JSON.parse(readFileSync(path.join(content, "events", name), "utf8")) as Record<string, unknown>;
    for (const block of (page.description as Array<{ type: string; value: { text?: string } }> | undefined) ?? []) if (block.type === "richtext" && block.value.text) texts.push(block.value.text);
    for (const item of (page.additional_information as Array<{ content?: string }> | undefined) ?? []) if (item.content) texts.push(item.content);
  }
  return texts;
}

/** Texts in Wagtail's stored form with every element its editor makes (as Wagtail 5.2 writes them). */
const WAGTAIL_FORMS = [
  `<h2 data-block-key="a1">Cast</h2><h3 data-block-key="a2">Leads</h3><h4 data-block-key="a3">Understudies</h4>`,
  `<p data-block-key="b1">A <b>bold</b> and <i>italic</i> word, <b><i>both</i></b>, a line<br/>break.</p>`,
  `<ul><li data-block-key="c1">One<ul><li data-block-key="c2">One and a half</li></ul></li><li data-block-key="c3">Two</li></ul><ol><li data-block-key="c4">First</li></ol><hr/>`,
  `<p data-block-key="d1">See <a href="https://example.org/?a=1&amp;b=2">the <b>reviews</b></a>, <a id="101" linktype="page">Hamlet</a> and <a id="4" linktype="document">the programme</a>.</p>`,
  `<embed alt="Ophelia&#x27;s &quot;flowers&quot; &amp; herbs" embedtype="image" format="left" id="11"/><embed alt="" embedtype="image" format="fullwidth" id="10"/><embed embedtype="media" url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42"/>`,
  `<p data-block-key="e1">Tom&#x27;s &quot;café&quot; &lt;tonight&gt;</p><p data-block-key="e2"></p>`,
  "",
];

/** Texts with markup Wagtail's editor does not make: each would lose something in the editor. */
const NOT_THE_EDITORS = [
  `<p><u>underlined</u></p>`,
  `<p title="note">a title</p>`,
  `<blockquote>a quote</blockquote>`,
  `<h5>a small heading</h5>`,
  `<p>a <span>span</span></p>`,
  `<p><a href="/tickets/" target="_blank">new window</a></p>`,
  `<p lang="fr">en français</p>`,
  `<ul><li><p>a paragraph in an item</p></li></ul>`,
  // Addresses the editor does not take (the build refuses them): the text stays HTML, where the check names them.
  `<p><a href="javascript:alert(1)">a script</a></p>`,
  `<embed embedtype="media" url="javascript:alert(1)"/>`,
];

let browser: Browser;

describe.skipIf(!CHROMIUM_BIN)("the rich text editor's reading and writing, in Chromium", () => {
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
    // The editor's own modules, bundled for the browser as the admin's bundle holds them.
    const bundled = await build({
      stdin: {
        contents: `export { editableDoc } from "./src/admin/extension/rich-text/faithful.ts"; export { storedHtml } from "./src/admin/extension/rich-text/stored-html.ts";`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      format: "iife",
      globalName: "richText",
      platform: "browser",
      write: false,
    });
    page = await browser.newPage();
    await page.setContent("<!doctype html><title>rich text</title>");
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Each text as the editor would write it back untouched (null when the editor keeps it as HTML). */
  const writtenBack = (texts: string[]) =>
    page.evaluate((all) => {
      const r = (globalThis as any).richText;
      return all.map((t: string) => {
        const doc = r.editableDoc(t);
        return doc === null ? null : (r.storedHtml(doc) as string);
      });
    }, texts);

  it("writes Wagtail's stored forms back byte for byte: every element its editor makes, and the stored-form fixture's texts", async () => {
    const texts = [...WAGTAIL_FORMS, ...richTexts(path.join(FIXTURES, "good/wagtail-rich-text/content"))];
    expect(texts.length).toBeGreaterThan(WAGTAIL_FORMS.length + 2);
    expect(await writtenBack(texts)).toEqual(texts);
  });

  it("holds every rich text of the example in the editor (none falls back to HTML)", async () => {
    const texts = richTexts(path.join(ROOT, "content"));
    expect(texts.length).toBeGreaterThan(30);
    const back = await writtenBack(texts);
    expect(texts.filter((_, n) => back[n] === null)).toEqual([]);
  });

  it("keeps as HTML a text with markup Wagtail's editor does not make, which the editor would lose", async () => {
    expect(await writtenBack(NOT_THE_EDITORS)).toEqual(NOT_THE_EDITORS.map(() => null));
  });
});

describe.skipIf(!CHROMIUM_BIN)("the rich text editor in the admin", () => {
  let dir = "";
  let content = "";
  let edit: Started;
  let base = "";
  const outside: string[] = [];
  const UNDERLINED = `<p data-block-key="u1">Step-free <u>from the foyer</u>.</p>`;

  beforeAll(async () => {
    dir = tempDir();
    content = copyContent(path.join(FIXTURES, "good/wagtail-rich-text/content"), dir);
    // A second item of additional information on Hamlet, with an element the editor does not make.
    const hamlet = path.join(content, "events/hamlet.json");
    const page = JSON.parse(readFileSync(hamlet, "utf8")) as { additional_information: Array<Record<string, unknown>> };
    page.additional_information.push({ id: 2, title: "Getting here", content: UNDERLINED });
    writeFileSync(hamlet, `${JSON.stringify(page, null, 2)}\n`);
    ({ edit, base } = await startEditProcess(["--now", "2026-05-01T00:00:00Z"], { cwd: dir }, { answerMs: 60_000 }));
    browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
  });
  afterAll(async () => {
    await browser?.close();
    await edit?.stop();
    removeDir(dir);
  });

  /** Opens an event page's form and unfolds its lists until `count` rich text editors show. */
  async function openEvent(slug: string, count: number): Promise<Page> {
    const page = await openAdmin(browser, base, outside);
    await page.goto(`${base}/admin/#/collections/events/entries/${slug}`);
    await page.locator('[id^="title-field-"]').first().waitFor();
    // Lists open folded, and their items too: each round unfolds what shows (a click on a folded box's toggle).
    for (let round = 0; round < 6 && (await page.locator(".bc-rte:visible").count()) < count; round++) {
      for (const toggle of await page.locator('[aria-label="Expand"]:visible').all()) await toggle.click({ timeout: 2_000 }).catch(() => undefined);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => page.locator(".bc-rte:visible").count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    return page;
  }

  const fileText = (slug: string) => readFileSync(path.join(content, "events", `${slug}.json`), "utf8");
  const page102 = () => JSON.parse(fileText("ophelia")) as { description: Array<{ value: { text: string } }> };
  const tool = (scope: Locator, name: string) => scope.getByRole("button", { name, exact: true });

  it("saves a page whose rich text was opened but not edited without changing a byte of it", async () => {
    const before = fileText("hamlet");
    const page = await openEvent("hamlet", 3);
    await page.locator('[id^="title-field-"]').first().fill("Hamlet (revival)");
    await publish(page);
    await expect.poll(() => fileText("hamlet"), { timeout: 20_000 }).not.toBe(before);
    const changed = fileText("hamlet").split("\n").filter((line, n) => line !== before.split("\n")[n]);
    expect(changed).toEqual(['  "title": "Hamlet (revival)",']);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it("writes a heading, a bold word, a link to another event page and an image on the left, without a tag in sight, as Wagtail stores them", async () => {
    const page = await openEvent("ophelia", 1);
    const box = page.locator(".bc-rte").first();
    const text = box.locator(".ProseMirror");
    await text.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await tool(box, "Heading 2").click();
    await page.keyboard.type("About");
    await page.keyboard.press("Enter");
    await page.keyboard.type("A ");
    await tool(box, "Bold").click();
    await page.keyboard.type("bold");
    await tool(box, "Bold").click();
    await page.keyboard.type(" word: see the play");
    for (let i = 0; i < "the play".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await tool(box, "Link to a page").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /^Hamlet/ }).click();
    await dialog.getByRole("button", { name: "Link", exact: true }).click();
    // The link is named by its page's title on hover.
    await expect.poll(() => text.locator("a.stored-link").getAttribute("title")).toMatch(/^Page 101: Hamlet/);
    await page.keyboard.press("End");
    await page.keyboard.type(".");
    await tool(box, "Image").click();
    await dialog.getByRole("searchbox").fill("ophelia");
    await dialog.getByRole("button", { name: /^Ophelia/ }).first().click();
    await dialog.getByLabel("Format").selectOption("left");
    await dialog.getByLabel("Alt text").fill(`Ophelia's "flowers"`);
    await dialog.getByRole("button", { name: "Insert" }).click();
    // What the editor sees: words, a heading, a picture's caption; no tag.
    expect(await text.innerText()).not.toMatch(/[<>]/);
    expect(await text.locator("h2").innerText()).toBe("About");
    await expect.poll(() => text.locator("figure.stored-image").innerText()).toContain("Ophelia");
    await publish(page);
    await expect.poll(() => page102().description[0]!.value.text, { timeout: 20_000 }).toMatch(/^<h2/);
    const written = page102().description[0]!.value.text;
    const images = JSON.parse(readFileSync(path.join(content, "images.json"), "utf8")) as Array<{ id: number; title: string }>;
    const ophelia = images.find((i) => /ophelia/i.test(i.title))!;
    expect(written).toMatch(new RegExp(`^<h2 data-block-key="${KEY}">About</h2><p data-block-key="${KEY}">A <b>bold</b> word: see <a id="101" linktype="page">the play</a>\\.</p><embed alt="Ophelia&#x27;s &quot;flowers&quot;" embedtype="image" format="left" id="${ophelia.id}"/>$`));
    // Two blocks, two keys.
    expect(new Set([...written.matchAll(/data-block-key="([^"]+)"/g)].map((m) => m[1])).size).toBe(2);
    // The build takes it, and the API answers the stored form.
    await expect.poll(async () => ((await (await fetch(`${base}/api/v2/pages/102/`)).json()) as { description?: Array<{ value: { text: string } }> }).description?.[0]?.value.text, { timeout: 30_000 }).toBe(written);
    await page.context().close();
  });

  it("writes lists, italic, a checked link, a rule and a media embed; an edit elsewhere in a stored text keeps its other bytes", async () => {
    const before = page102().description[0]!.value.text;
    const page = await openEvent("ophelia", 1);
    const box = page.locator(".bc-rte").first();
    const text = box.locator(".ProseMirror");
    // At the end of the text (after the picture), new blocks.
    await text.locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Also");
    // After the picture that ends the text: select it, then the arrow key puts the cursor after it.
    await text.locator("figure.stored-image").click();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("First");
    await tool(box, "Numbered list").click();
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await tool(box, "Italic").click();
    await page.keyboard.type("slanted");
    await tool(box, "Italic").click();
    await page.keyboard.type(" tickets");
    for (let i = 0; i < "tickets".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await tool(box, "Link").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Address").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toContain('"javascript:" is not allowed');
    await dialog.getByLabel("Address").fill("https://example.org/?a=1&b=2");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await page.keyboard.press("End");
    await tool(box, "Horizontal line").click();
    await tool(box, "Media").click();
    await dialog.getByLabel("Address of the video or other media").fill("https://vimeo.com/76979871");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await publish(page);
    await expect.poll(() => page102().description[0]!.value.text, { timeout: 20_000 }).not.toBe(before);
    const written = page102().description[0]!.value.text;
    // The paragraph edited keeps its key and its other bytes; the heading and the picture are as they were.
    const [, heading, para, rest] = /^(<h2 [^>]*>About<\/h2>)(<p data-block-key="[^"]+">A <b>bold<\/b> word: see <a id="101" linktype="page">the play<\/a>\.)(<\/p>.*)$/.exec(before)!;
    expect(written.slice(0, heading!.length + para!.length + 9)).toBe(`${heading}${para} Also</p>`);
    const embed = /<embed [^>]*\/>/.exec(rest!)![0];
    expect(written.slice(`${heading}${para} Also</p>`.length)).toMatch(
      new RegExp(`^${embed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}<ol><li data-block-key="${KEY}">First</li><li data-block-key="${KEY}">Second</li></ol><p data-block-key="${KEY}"><i>slanted</i> <a href="https://example.org/\\?a=1&amp;b=2">tickets</a></p><hr/><embed embedtype="media" url="https://vimeo.com/76979871"/>$`),
    );
    await page.context().close();
  });

  it("takes from pasted HTML only what Wagtail's editor makes: a script link loses its link, a span and a style their markup, the words stay", async () => {
    const page = await openEvent("ophelia", 1);
    const text = page.locator(".bc-rte").first().locator(".ProseMirror");
    await text.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    // What a copy from a web page puts on the clipboard.
    await text.evaluate((el) => {
      const { DataTransfer, ClipboardEvent } = globalThis as any;
      const data = new DataTransfer();
      data.setData("text/html", `<meta charset="utf-8"><p style="color:red">Read <a href="javascript:alert(1)">this</a> and <a href="https://example.org/a" target="_blank">that</a> <span class="x">now</span><script>alert(2)</script></p><h1>Big</h1>`);
      data.setData("text/plain", "Read this and that now Big");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => text.innerText()).toContain("Read this and that now");
    await publish(page);
    await expect.poll(() => page102().description[0]!.value.text, { timeout: 20_000 }).toMatch(/Read this/);
    const written = page102().description[0]!.value.text;
    expect(written).toMatch(new RegExp(`^<p data-block-key="${KEY}">Read this and <a href="https://example.org/a">that</a> now</p><p data-block-key="${KEY}">Big</p>$`));
    await page.context().close();
  });

  it("keeps a text with markup the editor does not make as HTML, says why, and writes the HTML as typed", async () => {
    const page = await openEvent("hamlet", 3);
    const box = page.locator(".bc-rte", { has: page.locator("textarea:visible") });
    await expect.poll(() => box.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => box.getByRole("status").innerText()).toContain("markup the editor does not make");
    const source = box.getByRole("textbox", { name: "HTML" });
    expect(await source.inputValue()).toBe(UNDERLINED);
    // The editor cannot take it back while the markup is there.
    await tool(box, "Editor").click();
    await expect.poll(() => box.getByRole("status").innerText()).toContain("stays as HTML");
    const typed = `<p data-block-key="u1">Step-free <u>from the foyer</u>, lifts to every level.</p>`;
    await source.fill(typed);
    await publish(page);
    const info = () => (JSON.parse(fileText("hamlet")) as { additional_information: Array<{ content: string }> }).additional_information;
    await expect.poll(() => info()[1]!.content, { timeout: 20_000 }).toBe(typed);
    await page.context().close();
  });
});
