// The admin's check before a save, as the browser runs it: the page as it will be written against
// the content format's schema in the build's words, and its ids and codes against every page the
// admin has read, the page's own texts (as read, as saved since) aside.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEntry, noteRead, noteSaved } from "../../src/admin/extension/entry-check.js";
import { FIXTURES } from "../helpers/cli.js";

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
