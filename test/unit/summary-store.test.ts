// The store of the event pages' summaries: held as objects, or on disk for a large catalogue,
// read back in ascending page id on every pass, and its file removed when it is closed.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SummaryStore } from "../../src/cache/summary-store.js";
import type { PageSummary } from "../../src/model/site.js";

const summary = (id: number, title: string): PageSummary => ({
  file: `content/events/event-${id}.json`, id, slug: `event-${id}`, title, show_in_menus: false, seo_title: `${title} | Site`,
  search_description: "", first_published_at: "2026-01-01T09:00:00+11:00", on_sale: id % 2 === 0, is_education_event: false,
  custom_label: id % 3 === 0 ? null : "Label", ticket_button_text: "Buy tickets", thumbnail: 1, ownThumbnailAlt: false, images: [1, id],
  next: id % 2 ? null : { instant: { epochMs: 1_780_000_000_000 + id, micro: 5 }, changes: [{ performance: id * 20, endsPage: true }] },
});

const tmp = path.join(os.tmpdir(), `bc-summary-store-${process.pid}`);
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("SummaryStore", () => {
  const ids = [5, 3, 900, 1, 42, 7, 2_000_000, 8];
  const titles = (id: number) => `Page ${id} — Café ☃ ${"x".repeat(id % 5000)}`;

  for (const onDisk of [false, true]) {
    it(`${onDisk ? "on disk" : "held"}: gives every summary back, in ascending id, on every pass`, () => {
      const store = new SummaryStore(onDisk);
      expect(store.onDisk).toBe(onDisk);
      const added = ids.map((id) => summary(id, titles(id)));
      for (const s of added) store.add(s);
      // A summary longer than the store's buffer of a megabyte.
      const long = summary(6, "y".repeat(1_200_000));
      store.add(long);
      const sorted = store.sorted();
      const expected = [...added, long].sort((a, b) => a.id - b.id);
      expect(sorted.length).toBe(expected.length);
      expect([...sorted]).toEqual(expected);
      expect([...sorted]).toEqual(expected); // a second pass
      store.close();
    });
  }

  it("on disk: keeps pages' keys beside the summaries, each read back where it was kept, and not among the summaries", () => {
    const store = new SummaryStore(true);
    store.add(summary(9, "Nine"));
    const first = store.addKeys({ id: 9, slug: "nine", slugShown: '"nine"', performanceIds: [1, 2, NaN], performanceCodes: [10, 20, 30] });
    store.add(summary(4, "Four"));
    const second = store.addKeys({ slug: "four", slugShown: '"four" (taken from the file name)', performanceIds: [], performanceCodes: [] });
    expect(store.keysAt(second)).toEqual({ slug: "four", slugShown: '"four" (taken from the file name)', performanceIds: [], performanceCodes: [] });
    // NaN (a performance left out), which JSON writes as null, comes back as NaN.
    expect(store.keysAt(first)).toEqual({ id: 9, slug: "nine", slugShown: '"nine"', performanceIds: [1, 2, NaN], performanceCodes: [10, 20, 30] });
    const sorted = store.sorted();
    expect(sorted.length).toBe(2);
    expect([...sorted].map((s) => s.id)).toEqual([4, 9]);
    store.close();
  });

  it("on disk: takes summaries as the bytes of their JSON (a reused page's, from the cache), non-ASCII text included, beside keys", () => {
    const store = new SummaryStore(true);
    const bytes = (value: unknown) => {
      // Inside a larger buffer, as a span of the cache's read window is.
      const json = Buffer.from(JSON.stringify(value), "utf8");
      const buffer = Buffer.concat([Buffer.from("head\t"), json, Buffer.from("\tmore\n")]);
      return { buffer, start: 5, end: 5 + json.length };
    };
    const seven = summary(7, "Sept — Café ☃");
    store.addJson(bytes(seven), 7);
    const keys = { id: 7, slug: "sept", slugShown: '"sept"', performanceIds: [3, NaN], performanceCodes: [30, 40] };
    const at = store.addKeys(keys);
    store.add(summary(2, "Two"));
    expect(store.keysAt(at)).toEqual(keys);
    expect([...store.sorted()]).toEqual([summary(2, "Two"), seven]);
    store.close();
  });

  it("keeps its file in the temporary folder while open, and removes it when closed", () => {
    mkdirSync(tmp, { recursive: true });
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const store = new SummaryStore(true);
      store.add(summary(1, "One"));
      expect(readdirSync(tmp).filter((n) => n.startsWith("build-catalogue-summaries-"))).toHaveLength(1);
      expect([...store.sorted()].map((s) => s.id)).toEqual([1]);
      store.close();
      store.close(); // twice is harmless
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});
