// The preview never goes stale: run as a user runs it (build-catalogue preview), it sees a file
// saved by rename (as vim, Emacs, JetBrains' safe write and git checkout save), new and removed
// files and a folder moved out and back, and answers each change once it has rebuilt.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw } from "./helpers/http-contract.js";
import { startPreviewProcess, waitFor, type Started } from "./helpers/server.js";

const NOW = "2026-05-01T00:00:00Z";
let dir = "";
let content = "";
let base = "";
let preview: Started;

beforeAll(async () => {
  dir = tempDir("bc-preview-watch-");
  content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  ({ preview, base } = await startPreviewProcess(["--content", "content", "--now", NOW], { cwd: dir }, { addressMs: 30_000, answerMs: 30_000 }));
});
afterAll(async () => {
  await preview?.stop();
  if (dir) removeDir(dir);
});

const get = async (p: string) => {
  const a = await fetchRaw(base, "GET", p);
  return { status: a.status, json: a.status === 200 ? (JSON.parse(a.body.toString("utf8")) as Record<string, unknown>) : null };
};

/** Waits until `p` answers `status` (and, for 200, a body `accept` takes). */
const answers = (p: string, status: number, what: string, accept: (json: Record<string, unknown>) => boolean = () => true) =>
  waitFor(preview, async () => {
    const a = await get(p);
    return a.status === status && (status !== 200 || accept(a.json!)) ? a : undefined;
  }, what, 30_000);

/** Saves `file` as an editor's safe write does: the new text into a file beside it, renamed over it. */
function saveByRename(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  writeFileSync(temp, text);
  renameSync(temp, file);
}

describe("the preview's watcher", () => {
  it("sees a file saved by rename ten times in a row: each new title is answered", async () => {
    const file = path.join(content, "events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    for (let i = 1; i <= 10; i++) {
      const title = `The Seagull, save ${i}`;
      saveByRename(file, original.replace('"title": "The Seagull"', `"title": ${JSON.stringify(title)}`));
      await answers("/api/v2/event_pages/201/", 200, `title "${title}" after save ${i} by rename`, (j) => j.title === title);
    }
    saveByRename(file, original);
    await answers("/api/v2/event_pages/201/", 200, "the original title", (j) => j.title === "The Seagull");
  }, 300_000);

  it("prints on each rebuild the warnings build prints, with their code frames, and a count on its summary line", async () => {
    const file = path.join(content, "events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    // An empty thumbnail alt is a warning.
    writeFileSync(file, original.replace('"image": 31\n  }', '"image": 31,\n    "alt": ""\n  }'));
    const built = runCli(["build", "--content", "content", "--out", "dist-warnings", "--now", NOW], { cwd: dir });
    expect(built.code, built.output).toBe(0);
    const warningLines = built.stderr.trimEnd().split("\n");
    expect(warningLines[0]).toMatch(/^warning: content\/events\/the-seagull\.json:\d+:\d+: thumbnail\.alt: is empty/);
    expect(warningLines.length).toBeGreaterThan(1); // the code frame
    const printed = () => preview.output().split("\n");
    const rebuilds = () => printed().filter((l) => /^Built 2 event pages in [\d.]+ s(, \d+ of them unchanged and reused)?, 1 warning$/.test(l)).length;
    await waitFor(preview, () => (rebuilds() >= 1 ? true : undefined), "a summary line counting the warning", 30_000);
    const at = printed().indexOf(warningLines[0]!);
    expect(at, preview.output()).toBeGreaterThanOrEqual(0);
    expect(printed().slice(at, at + warningLines.length)).toEqual(warningLines);
    // Printed again by the next rebuild, while the warning stands.
    const before = printed().filter((l) => l === warningLines[0]).length;
    writeFileSync(file, original.replace('"image": 31\n  }', '"image": 31,\n    "alt": ""\n  }').replace('"title": "The Seagull"', '"title": "The Seagull (warned)"'));
    await answers("/api/v2/event_pages/201/", 200, "the rebuild with the warning", (j) => j.title === "The Seagull (warned)");
    await waitFor(preview, () => (printed().filter((l) => l === warningLines[0]).length > before ? true : undefined), "the warning printed again", 30_000);
    writeFileSync(file, original);
    await answers("/api/v2/event_pages/201/", 200, "the original title", (j) => j.title === "The Seagull");
  }, 120_000);

  it("sees a new event file and a removed one", async () => {
    const seagull = JSON.parse(readFileSync(path.join(content, "events/the-seagull.json"), "utf8")) as Record<string, unknown> & { event: { id: number; ticketing_code: number } };
    // The same page under a new id, slug, event and no performances of its own.
    const copy = { ...seagull, id: 299, slug: "the-seagull-again", title: "The Seagull again", event: { ...seagull.event, id: 499, ticketing_code: 5199 }, on_sale: false, performances: [] };
    const added = path.join(content, "events/the-seagull-again.json");
    writeFileSync(added, JSON.stringify(copy, null, 2));
    await answers("/api/v2/event_pages/299/", 200, "the new page", (j) => j.title === "The Seagull again");
    rmSync(added);
    await answers("/api/v2/event_pages/299/", 404, "the removed page's 404");
    expect((await get("/api/v2/event_pages/201/")).status).toBe(200);
  }, 120_000);

  it("sees the events folder moved out of the content and back, and the saves inside it afterwards", async () => {
    const events = path.join(content, "events");
    const away = path.join(dir, "events-away");
    renameSync(events, away);
    // Without events/ the content does not build: the preview answers the error, not the old pages.
    await answers("/api/v2/event_pages/201/", 500, "the error without events/");
    renameSync(away, events);
    await answers("/api/v2/event_pages/201/", 200, "the pages again", (j) => j.title === "The Seagull");
    // The folder moved back in is watched: a save inside it is seen.
    const file = path.join(events, "jazz-on-the-river.json");
    const text = readFileSync(file, "utf8");
    const title = (JSON.parse(text) as { title: string }).title;
    writeFileSync(file, text.replace(JSON.stringify(title), JSON.stringify(`${title} (moved back)`)));
    await answers("/api/v2/event_pages/202/", 200, "the edit in the folder moved back", (j) => j.title === `${title} (moved back)`);
    // A file moved into a new folder inside events/ (which the build does not read) and back.
    mkdirSync(path.join(events, "more"));
    const moved = path.join(events, "more", "jazz-on-the-river.json");
    renameSync(file, moved);
    await answers("/api/v2/event_pages/202/", 404, "the 404 of the page moved into events/more/");
    renameSync(moved, file);
    await answers("/api/v2/event_pages/202/", 200, "the page moved back", (j) => j.title === `${title} (moved back)`);
    rmSync(path.join(events, "more"), { recursive: true });
  }, 180_000);
});
