// Decap CMS in Chromium as an editor uses it, for the tests of the admin: open it (its Login goes
// straight in with the proxy backend), find a field by the content key it writes, publish.
import type { Browser, Locator, Page } from "playwright-core";

/**
 * Opens the admin at `base` in a new context of `browser` and waits for the events' list. Every
 * request the page makes that is not for `base` (nor a blob or data URL) is pushed to `outside`,
 * and every load its Content-Security-Policy refused.
 */
export async function openAdmin(browser: Browser, base: string, outside: string[] = []): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(`${base}/`) && !url.startsWith("blob:") && !url.startsWith("data:")) outside.push(url);
  });
  // What the page's Content-Security-Policy refused is pushed too: the admin itself must need nothing it refuses.
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) outside.push(`refused by the Content-Security-Policy: ${m.text()}`);
  });
  await page.goto(`${base}/admin/`);
  // The proxy backend asks for nothing: its Login button goes straight in.
  await page.getByRole("button", { name: "Login" }).click();
  await page.locator('a[href^="#/collections/events/entries/"]').first().waitFor({ timeout: 30_000 });
  return page;
}

/** A field's control by the content key it writes, inside `scope` (a page or a parent field's control): Decap gives it the id `<name>-field-<n>`. */
export const field = (scope: Page | Locator, name: string): Locator => scope.locator(`[id^="${name}-field-"]`).first();

/** Publishes the open entry (the simple publish mode's "Publish now") and waits until it is saved. */
export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now", { exact: true }).click();
  try {
    await page.getByText("Changes saved", { exact: false }).first().waitFor({ timeout: 30_000 });
  } catch (e) {
    const errors = await page.evaluate(() => [...(globalThis as any).document.querySelectorAll("[class*=ControlErrorsList] li, [class*=toast], [role=alert]")].map((el) => `${el.closest("[class*=ControlContainer]")?.querySelector("label")?.textContent ?? ""}: ${el.textContent}`));
    throw new Error(`the entry was not saved: ${errors.join("; ") || (e as Error).message}`);
  }
}

/** Opens the image chooser of the image field `name` inside `scope` (the image-chooser widget), searches `title` and picks it. */
export async function chooseImage(scope: Page | Locator, name: string, title: string): Promise<void> {
  const control = field(scope, name);
  await control.getByRole("button", { name: /^Choose (an|another) image$/ }).click();
  const chooser = control.page().getByRole("dialog", { name: "Choose an image" });
  await chooser.getByRole("searchbox").fill(title);
  await chooser.locator("[data-choose-image]", { hasText: title }).first().click();
  await control.locator("[data-chosen-image]", { hasText: title }).waitFor();
}
