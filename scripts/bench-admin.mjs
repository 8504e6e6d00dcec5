// The benchmark's admin part: `build-catalogue edit` as an editor starts it, Decap CMS in headless
// Chromium (playwright-core), on the bundled example (content/) and on a generated catalogue of
// 1,000 event pages (JSON). Each run opens the admin in a fresh browser context (nothing cached),
// the server kept, and times from page.goto(/admin/) to:
//   usable: the Login button clicked and the first event's link (the events collection) drawn;
//   all listed: as many event links drawn as there are event files. Decap 3.16.3 lists a folder
//     collection whole: the proxy backend answers every file at once and the collection view
//     renders a card for each (no pages, no virtual list), all in one change of the page, so the
//     count is taken on the page as it is, without scrolling; were it ever to stop short, the run
//     fails saying how many it saw.
// Beside them, the time from the Login click to the whole list, and the browser's timing of the
// events' listing request (entriesByFolder, from its request sent to its response read).
// Where Chromium is missing (CHROMIUM_PATH, else chromium on PATH or in /usr/bin, as the test
// suites look for it) the part says so and is skipped.
import { spawnSync } from "node:child_process";
import { accessSync, constants, cpSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { startCommand, until } from "./bench-preview.mjs";
import { count, markdownTable, median } from "./bench-table.mjs";
import { generateCatalogue } from "./generate-catalogue.mjs";

/** The issue's targets: the example usable within 5 s, 1,000 events listed within 3 s. */
const USABLE_TARGET_MS = 5000;
const LISTED_TARGET_MS = 3000;
/** The most one page load may take before the run fails (a loaded machine is slow, not stuck). */
const PAGE_PATIENCE_MS = 120_000;
const EVENT_LINKS = 'a[href^="#/collections/events/entries/"]';

/** Chromium's path, found as test/helpers/programs.ts finds it, or undefined. */
export function findChromium(env = process.env) {
  const executable = (p) => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  const dirs = [...(env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/bin"];
  return dirs.map((d) => path.join(d, "chromium")).find(executable);
}

/**
 * Measures the admin of each code (`codes`: {name, dir, bin, cwd}) and returns the section's text:
 * a table, or the line saying why it was skipped. `work` is the run's folder, `tmp` the edit
 * server's TMPDIR (where its preview builds).
 */
export async function benchAdmin({ codes, runs, now, bodies, work, tmp, root, progress }) {
  const chromiumPath = findChromium();
  if (!chromiumPath) return `The admin: skipped: no Chromium (looked in ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : "PATH and /usr/bin"}; install it, or set CHROMIUM_PATH)`;
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch {
    return "The admin: skipped: playwright-core is not installed (npm ci installs it)";
  }
  const measured = codes.filter((code) => hasEdit(code));
  const notes = codes.filter((code) => !measured.includes(code)).map((code) => `${code.name}: ${code.dir} has no edit command: not measured`);
  if (measured.length === 0) return `The admin: skipped: ${notes.join("; ")}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const cases = [exampleCatalogue(root, work), generatedCatalogue(work, 1000, bodies, progress)];
    for (const c of cases) c.figures = await measureCatalogue(c, { browser, codes: measured, runs, now, tmp, progress });
    const pages = `the generated event pages in JSON${bodies === "rich" ? " with rich bodies" : ""}`;
    const head = `The admin (\`build-catalogue edit\`, Decap CMS in headless Chromium ${browser.version()}): medians of ${runs} runs, each in a fresh browser context; ${pages}`;
    const table = measured.length === 1 ? plainTable(cases) : sideBySideTable(cases);
    return [head, ...notes, "", table].join("\n");
  } finally {
    await browser.close();
  }
}

/** Whether a checkout has the edit command (a code from before the admin has not). */
function hasEdit(code) {
  return spawnSync(process.execPath, [code.bin, "edit", "--help"], { encoding: "utf8" }).status === 0;
}

function exampleCatalogue(root, work) {
  const dir = path.join(work, "admin-example");
  cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true });
  return { name: "example (content/)", example: true, dir, files: eventFiles(dir) };
}

function generatedCatalogue(work, events, bodies, progress) {
  const dir = path.join(work, `admin-${events}`);
  progress(`Generating ${events} event pages for the admin...`);
  generateCatalogue(path.join(dir, "content"), events, 1, "json", bodies);
  return { name: "generated", example: false, dir, files: eventFiles(dir) };
}

/** The events collection's files: the JSON files in events/. */
function eventFiles(dir) {
  return readdirSync(path.join(dir, "content", "events")).filter((f) => f.endsWith(".json")).length;
}

/** Each code's edit server started on a copy of the catalogue, then the runs alternated code by code. */
async function measureCatalogue(c, { browser, codes, runs, now, tmp, progress }) {
  const figures = codes.map(() => ({ usable: [], listed: [], afterLogin: [], listing: [] }));
  const servers = [];
  try {
    for (const code of codes) {
      const dir = path.join(c.dir, code.name);
      cpSync(path.join(c.dir, "content"), path.join(dir, "content"), { recursive: true });
      servers.push(await startEdit(code, dir, now, tmp));
    }
    for (let i = 0; i < runs; i++) {
      progress(`Admin ${i + 1}/${runs}: ${c.name}, ${c.files} event files...`);
      for (const [k, server] of servers.entries()) {
        const run = await timeAdmin(browser, server.base, c.files);
        for (const key of Object.keys(run)) figures[k][key].push(run[key]);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  return figures;
}

/** `<bin> edit --content content --port 0 --now <now>` in `dir`; its address from its output. */
async function startEdit(code, dir, now, tmp) {
  const args = ["edit", "--content", "content", "--port", "0", "--now", now];
  const server = startCommand(code.bin, args, { cwd: dir, env: { ...process.env, TMPDIR: tmp }, name: "edit" });
  try {
    const base = await until(server, () => /Admin at (http:\/\/127\.0\.0\.1:\d+)\/admin\//.exec(server.output())?.[1], "the admin's address");
    return { base, stop: server.stop };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/**
 * One editor's opening of the admin, in a fresh browser context: the figures in milliseconds. The
 * moments the list appears are taken in the page (pageMarks), not by polling it from here, which
 * on a busy machine adds a round trip or more; the Login button is clicked as an editor would.
 */
async function timeAdmin(browser, base, files) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    await context.addInitScript(pageMarks, { selector: EVENT_LINKS, n: files });
    const page = await context.newPage();
    let listing;
    page.on("requestfinished", (request) => {
      if (listing === undefined && isEventsListing(request)) listing = request.timing();
    });
    const started = Date.now();
    await page.goto(`${base}/admin/`, { timeout: PAGE_PATIENCE_MS });
    // The proxy backend asks for nothing: its Login button goes straight in.
    await page.getByRole("button", { name: "Login" }).click({ timeout: PAGE_PATIENCE_MS });
    const marks = await (await page.waitForFunction(() => window.__benchAdmin.all && window.__benchAdmin, null, { polling: 50, timeout: PAGE_PATIENCE_MS }).catch(() => page.evaluateHandle(() => window.__benchAdmin))).jsonValue();
    const shown = await page.locator(EVENT_LINKS).count();
    if (shown !== files || !marks.first || !marks.all || !marks.click) throw new Error(`bench: the admin listed ${shown} events of the ${files} event files (${base}/admin/)`);
    // The request's end is reported to this process a moment after the page has used it.
    for (let wait = 0; listing === undefined && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
    if (listing === undefined) throw new Error("bench: the admin listed the events without an entriesByFolder request for events/ seen");
    return { usable: marks.first - started, listed: marks.all - started, afterLogin: marks.all - marks.click, listing: listing.responseEnd - listing.requestStart };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before its scripts: notes (as epoch milliseconds, the clock Date.now() reads
 * here) the first click, and the frames after the first event link and the n-th were put in the
 * page: a second animation frame begins once the frame showing them is drawn.
 */
function pageMarks({ selector, n }) {
  const marks = (window.__benchAdmin = { click: null, first: null, all: null });
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener("click", () => void (marks.click ??= now()), true);
  const drawn = (key) => requestAnimationFrame(() => requestAnimationFrame(() => void (marks[key] = now())));
  let seen = 0;
  const observer = new MutationObserver(() => {
    const links = document.querySelectorAll(selector).length;
    if (links > 0 && seen === 0) drawn("first");
    if (links >= n) {
      drawn("all");
      observer.disconnect();
    }
    seen = links;
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Decap's request for the events collection's files (the proxy backend's entriesByFolder of events/). */
function isEventsListing(request) {
  if (!request.url().endsWith("/api/v1")) return false;
  const body = request.postDataJSON();
  return body?.action === "entriesByFolder" && body.params?.folder === "events";
}

const seconds = (ms) => (ms / 1000).toFixed(2);
const spread = (xs) => `${seconds(median(xs))} s (${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))})`;

/** The target a catalogue is held to, and whether its median meets it. */
function target(c, f) {
  if (c.example) return `usable within ${USABLE_TARGET_MS / 1000} s: ${median(f.usable) <= USABLE_TARGET_MS ? "met" : "**not met**"}`;
  if (c.files === 1000) return `all listed within ${LISTED_TARGET_MS / 1000} s: ${median(f.listed) <= LISTED_TARGET_MS ? "met" : "**not met**"}`;
  return "—";
}

function plainTable(cases) {
  const rows = cases.map((c) => {
    const f = c.figures[0];
    return [c.name, target(c, f), count(c.files), String(f.usable.length), spread(f.usable), spread(f.listed), `${seconds(median(f.afterLogin))} s`, `${seconds(median(f.listing))} s`];
  });
  return markdownTable(["catalogue", "target", "event files", "runs", "usable: median (min–max)", "all listed: median (min–max)", "Login to all listed", "entriesByFolder"], rows, 2);
}

function sideBySideTable(cases) {
  const rows = [];
  for (const c of cases) {
    const [a, b] = c.figures;
    const row = (what, key) => {
      const x = median(a[key]);
      const y = median(b[key]);
      const faster = a[key].filter((v, i) => v < b[key][i]).length;
      rows.push([`${c.name}, ${count(c.files)} events`, what, `${seconds(x)} s`, `${seconds(y)} s`, `${(x / y).toFixed(3)}×`, `${faster} of ${a[key].length}`]);
    };
    row("usable", "usable");
    row("all listed", "listed");
    row("Login to all listed", "afterLogin");
    row("entriesByFolder (events)", "listing");
  }
  return markdownTable(["catalogue", "figure", "this", "other", "this/other", "this faster"], rows, 2);
}
