// The two lists as a build writes them: each the very bytes of the whole document serialized at
// once, and the page list's event items the event list's, byte for byte (the build copies them
// from the event list's file, in pieces of a megabyte, rather than making them again).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serialize } from "../src/runtime/serialize.js";
import { removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

type List = { meta: { total_count: number }; items: { id: number; title: string }[] };

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-lists-");
  const content = path.join(dir, "content");
  // Enough pages for an event list of over a megabyte: the copy goes in more than one piece.
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, "3000"], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
  // Characters of two, three and four bytes in UTF-8 here and there, so that a piece may end inside one.
  const events = path.join(content, "events");
  readdirSync(events).forEach((name, i) => {
    if (i % 7 !== 0) return;
    const file = path.join(events, name);
    writeFileSync(file, readFileSync(file, "utf8").replace(/"title": "/, '"title": "Café ☃ 𝄞 '));
  });
}, 60_000);
afterAll(() => removeDir(dir));

describe("the lists", () => {
  it("are each the whole document's bytes, and the page list repeats the event list's items byte for byte", () => {
    const run = runCli(["build", "--content", "content", "--out", "dist", "--now", "2026-06-01T00:00:00Z", "--no-cache"], { cwd: dir });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const eventText = readFileSync(path.join(dir, "dist/api/v2/event_pages/index.json"), "utf8");
    const pageText = readFileSync(path.join(dir, "dist/api/v2/pages/index.json"), "utf8");
    expect(Buffer.byteLength(eventText)).toBeGreaterThan(1 << 20);
    const events = JSON.parse(eventText) as List;
    const pages = JSON.parse(pageText) as List;
    expect(serialize(events)).toBe(eventText);
    expect(serialize(pages)).toBe(pageText);
    expect(events.meta.total_count).toBe(3000);
    expect(events.items.filter((i) => i.title.startsWith("Café ☃ 𝄞 ")).length).toBeGreaterThan(400);
    // The home page and the parent first, then every event page, as the event list has them.
    expect(pages.meta.total_count).toBe(3002);
    expect(pages.items.slice(0, 2).map((i) => i.id)).toEqual([2, 3]);
    const eventItems = eventText.slice(eventText.indexOf("\n        {"), eventText.lastIndexOf("\n    ]"));
    expect(pageText.endsWith(`${eventItems}\n    ]\n}`)).toBe(true);
  }, 60_000);
});
