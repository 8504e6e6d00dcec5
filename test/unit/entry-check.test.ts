// The admin's check before a save, as the browser runs it: the page as it will be written against
// the content format's schema in the build's words, and its ids and codes against every page the
// admin has read, the page's own texts (as read, as saved since) aside.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEntry, noteRead, noteSaved } from "../../src/admin/extension/entry-check.js";
import { validateSettings } from "../../src/validate/settings.js";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "../helpers/cli.js";

const EVENTS = path.join(FIXTURES, "good/spec-example/content/events");
const text = (name: string) => readFileSync(path.join(EVENTS, name), "utf8");
const value = (t: string) => JSON.parse(t) as Record<string, unknown> & { id: number; performances: Record<string, unknown>[] };

describe("the check before a save", () => {
  const seagullText = text("the-seagull.json");
  const jazzText = text("jazz-on-the-river.json");
  noteRead(seagullText, value(seagullText));
  noteRead(jazzText, value(jazzText));

  it("passes a page read and saved unchanged: its own record is itself", () => {
    expect(checkEntry(value(seagullText), "events/the-seagull.json", seagullText)).toEqual([]);
  });

  it("names a page id, performance id or ticketing code another page has, on its key", () => {
    const jazz = value(jazzText);
    const seagull = value(seagullText);
    const clash = { ...seagull, id: jazz.id, performances: [{ ...seagull.performances[0], id: jazz.performances[0]!.id, ticketing_code: jazz.performances[1]!.ticketing_code }] };
    expect(checkEntry(clash, "events/the-seagull.json", seagullText)).toEqual([
      { key: "id", message: `duplicate page id ${jazz.id}: also used by "Jazz on the River"; each page id must be unique` },
      { key: "performances.0.id", message: `duplicate performance id ${String(jazz.performances[0]!.id)}: also used by "Jazz on the River"; each performance id must be unique` },
      { key: "performances.0.ticketing_code", message: `duplicate performance ticketing code ${String(jazz.performances[1]!.ticketing_code)}: also used by "Jazz on the River"; each performance ticketing code must be unique` },
    ]);
  });

  it("words a schema problem as the build does, on its key", () => {
    const problems = checkEntry({ ...value(seagullText), on_sale: "yes", colour: "red" }, "events/the-seagull.json", seagullText);
    expect(problems.map((p) => p.key)).toEqual(expect.arrayContaining(["on_sale", "colour"]));
    expect(problems.find((p) => p.key === "colour")!.message).toMatch(/^unknown key "colour"/);
  });

  it("after a save, the page's new keys count for others and its old ones are gone", () => {
    const seagull = value(seagullText);
    const saved = { ...seagull, id: 777 };
    const savedText = JSON.stringify(saved);
    noteSaved("events/the-seagull.json", seagullText, savedText, saved);
    // The page itself, saved again from the text it was first read from: not a duplicate of itself.
    expect(checkEntry(saved, "events/the-seagull.json", seagullText)).toEqual([]);
    // Its old id is free, its new one taken.
    const jazz = value(jazzText);
    expect(checkEntry({ ...jazz, id: seagull.id }, "events/jazz-on-the-river.json", jazzText)).toEqual([]);
    expect(checkEntry({ ...jazz, id: 777 }, "events/jazz-on-the-river.json", jazzText).map((p) => p.key)).toEqual(["id"]);
  });
});

describe("the check before a save, with the catalogue's settings read (as the admin reads them through its backend)", () => {
  const CONTENT = path.join(FIXTURES, "good/spec-example/content");
  const settingsFile = (name: string) => {
    const text = readFileSync(path.join(CONTENT, `${name}.json`), "utf8");
    return { file: `${name}.json`, data: JSON.parse(text) as unknown, text, format: "json" as const };
  };
  const look = validateSettings(
    { catalogue: settingsFile("catalogue"), venues: settingsFile("venues"), programs: settingsFile("programs"), images: settingsFile("images"), genres: null, accessibility: null, events: [] },
    Number.MAX_SAFE_INTEGER,
  ).look;
  const seagullText = text("the-seagull.json");

  it("passes a page the build passes", () => {
    expect(checkEntry(value(seagullText), "events/the-seagull.json", seagullText, look)).toEqual([]);
  });

  it("finds what the build finds in one page, in its words, on the same keys: references, rich text, timestamps", () => {
    const seagull = value(seagullText) as Record<string, any>;
    const bad = structuredClone(seagull);
    bad.venue = 9999;
    bad.program = 4242;
    bad.genre = [...(bad.genre ?? []), 777];
    bad.thumbnail = { ...bad.thumbnail, image: 8888 };
    bad.description[0].value.text = `<p>Four acts <script>alert(1)</script>by a lake.</p><embed embedtype="image" id="5555" format="left" alt="x"/>`;
    bad.description[3].value.figures[0].image = 6666;
    // 02:30 on the first Sunday of October does not exist in Sydney (the clocks go from 02:00 to 03:00).
    bad.performances[0].datetime = "2026-10-04T02:30";
    bad.go_live_at = "2026-13-01T10:00";
    const dir = tempDir();
    try {
      const content = copyContent(CONTENT, dir);
      writeFileSync(path.join(content, "events/the-seagull.json"), JSON.stringify(bad, null, 2));
      const run = runCli(["check", "--format", "json", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
      const report = JSON.parse(run.stdout) as { diagnostics: { severity: string; file: string; keyPath: (string | number)[]; message: string }[] };
      // The report is in the file's line order; the admin's by key.
      const sorted = (problems: { key: string; message: string }[]) => problems.map((p) => `${p.key}: ${p.message}`).sort();
      const built = report.diagnostics.filter((d) => d.severity === "error" && d.file.endsWith("the-seagull.json")).map((d) => ({ key: d.keyPath.join("."), message: d.message }));
      expect(built.length).toBeGreaterThanOrEqual(8);
      const inBrowser = checkEntry(bad, "events/the-seagull.json", seagullText, look);
      expect(sorted(inBrowser)).toEqual(sorted(built));
    } finally {
      removeDir(dir);
    }
  });
});
