// The bundled example catalogue (content/): it builds, without a warning whatever the date, and it
// covers what the README promises.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

let out = "";
const docs: Record<string, any>[] = [];
beforeAll(() => {
  out = path.join(tempDir(), "dist");
  const run = runCli(["build", "--content", path.join(ROOT, "content"), "--out", out, "--now", "2026-11-23T09:00:00+11:00"]);
  expect(run.code, run.output).toBe(0);
  const list = JSON.parse(readFileSync(path.join(out, "api/v2/event_pages/index.json"), "utf8"));
  for (const item of list.items) docs.push(JSON.parse(readFileSync(path.join(out, `api/v2/event_pages/${item.id}/index.json`), "utf8")));
});
afterAll(() => removeDir(path.dirname(out)));

describe("the bundled example catalogue", () => {
  it("holds about 90 event pages in six or more venues across two time zones", () => {
    expect(docs.length).toBeGreaterThanOrEqual(85);
    const venues = new Set(docs.flatMap((d) => d.performances.map((p: any) => p.venue.id)));
    expect(venues.size).toBeGreaterThanOrEqual(6);
    const offsets = new Set(docs.flatMap((d) => d.performances.map((p: any) => p.datetime.slice(-6))));
    expect([...offsets].sort()).toEqual(["+10:00", "+11:00"]);
  });

  it("has performances on both daylight-saving change days, past and future ones, and a run across the year end", () => {
    const days = new Set(docs.flatMap((d) => d.performances.map((p: any) => p.datetime.slice(0, 10))));
    for (const change of ["2026-04-05", "2026-10-04", "2027-04-04", "2027-10-03"]) expect(days.has(change), change).toBe(true);
    expect(docs.some((d) => d.in_past)).toBe(true);
    expect(docs.some((d) => !d.in_past && d.performances.some((p: any) => p.is_past))).toBe(true);
    expect(docs.some((d) => /\d{4} - .* \d{4}$/.test(d.date_range))).toBe(true);
  });

  it("has a page without performances, one off sale that is not past, and non-ASCII titles", () => {
    expect(docs.some((d) => d.performances.length === 0 && d.date_range === "" && d.in_past === false)).toBe(true);
    expect(docs.some((d) => !d.on_sale && !d.in_past && d.performances.length > 0)).toBe(true);
    expect(docs.filter((d) => /[^\x00-\x7f]/.test(d.title)).length).toBeGreaterThanOrEqual(3);
  });

  it("has ten or more pages in the fuller rendering using all six block types", () => {
    const fuller = docs.filter((d) => "description" in d);
    expect(fuller.length).toBeGreaterThanOrEqual(10);
    expect(new Set(fuller.flatMap((d) => d.description.map((b: any) => b.type)))).toEqual(
      new Set(["richtext", "embed", "quote", "image_carousel", "credits", "logo_wall"]),
    );
    expect(fuller.some((d) => d.additional_information.length > 0 && d.faqs.length > 0)).toBe(true);
  });
});

describe("the bundled example catalogue builds without a warning on any date", () => {
  const DAY = 24 * 3600 * 1000;
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  // Today and the years ahead (all its performances past, the far-future limit passed), and the
  // dates the other tests build it at.
  it.each([
    ["today", at(0)],
    ["a year ahead", at(365)],
    ["five years ahead", at(5 * 365)],
    ["the day these tests build it", "2026-11-23T09:00:00+11:00"],
    ["before its season", "2026-01-01T00:00:00Z"],
  ])("%s (%s): exit 0 with --strict, no warning", (_, now) => {
    const dir = tempDir();
    try {
      const run = runCli(["build", "--strict", "--content", path.join(ROOT, "content"), "--out", path.join(dir, "dist"), "--now", now]);
      expect(run.code, run.output).toBe(0);
      expect(run.output).not.toMatch(/warning/i);
      expect(run.stdout).toMatch(/^Built 90 event pages into /m);
    } finally {
      removeDir(dir);
    }
  });

  it("because no page is on sale (an example cannot sell tickets for dates that pass) and every thumbnail has its alt text", () => {
    expect(docs.filter((d) => d.on_sale).map((d) => d.meta.slug)).toEqual([]);
    expect(docs.filter((d) => d.thumbnail.alt.trim() === "").map((d) => d.meta.slug)).toEqual([]);
  });
});
