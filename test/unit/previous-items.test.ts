// A rebuild copies reused pages' items from the event list and the query index the build before
// wrote: each item is found by its id, its bytes exactly the item's, however it falls across the
// reading window's edges and whatever its strings hold; a file that is not as expected gives no
// items rather than wrong ones. The pieces gathered for the writer come out in order, whole.
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChunkBuffer } from "../../src/io/chunk-buffer.js";
import { INDEX_PAGES, LIST_ITEMS, PreviousItems, type ItemLayout } from "../../src/output/previous-items.js";
import { serialize } from "../../src/runtime/serialize.js";

const file = path.join(os.tmpdir(), `bc-previous-items-${process.pid}.json`);
afterEach(() => rmSync(file, { force: true }));

/** Strings a naive scanner would stumble on: the layouts' own tokens, escaped inside JSON strings. */
const TRICKY = ['{"id":7,', "\n        {\n            \"id\": 9", '},{"id":3', '}],"', "Café Été — ☃ 𝄞", "}\n        }"];

const item = (id: number) => ({
  id,
  meta: { type: "events.EventPage", detail_url: `https://api.example/api/v2/pages/${id}/`, slug: `event-${id}` },
  title: `${TRICKY[id % TRICKY.length]} ${"x".repeat(id % 97)}`,
});
const indexPage = (id: number) => ({ id, type: 2, parent: 3, path: `/whats-on/event-${id}/`, values: { alias_of: null, title: item(id).title, on_sale: id % 2 === 0 } });

/** An event list as serialize() writes it, and each item's own text as it stands in it. */
function list(ids: number[]): { text: string; items: Map<number, string> } {
  const text = serialize({ meta: { total_count: ids.length }, items: ids.map(item) });
  const items = new Map(ids.map((id) => [id, `        ${serialize(item(id)).replace(/\n/g, "\n        ")}`]));
  return { text, items };
}

/** A query index as the build writes it (compact JSON), with `first` pages before the event pages. */
function index(first: number[], ids: number[]): { text: string; items: Map<number, string> } {
  const doc = { format: 1, models: [{ name: "wagtailcore.Page", db: { id: "int", title: "text" } }], pages: [...first, ...ids].map(indexPage), search_filter_fields: ["title", "id"] };
  return { text: JSON.stringify(doc), items: new Map(ids.map((id) => [id, JSON.stringify(indexPage(id))])) };
}

/** What take() gives for each id asked for, in order (null: not copied). */
function taken(text: string, layout: ItemLayout, ask: number[], skip = 0): (string | null)[] | null {
  writeFileSync(file, text);
  const items = PreviousItems.open(file, layout, skip);
  if (!items) return null;
  try {
    return ask.map((id) => (items.take(id) ? items.bytes.toString("utf8", items.from, items.to) : null));
  } finally {
    items.close();
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("the items of a previous event list", () => {
  it("each item's bytes by its id, across the window's edges (a list of some 2 MB), tricky strings included", () => {
    const ids = range(1000, 5000).filter((id) => id % 7 !== 0);
    const { text, items } = list(ids);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1 << 20);
    expect(taken(text, LIST_ITEMS, ids)).toEqual(ids.map((id) => items.get(id)));
  });

  it("ids asked for that the list has not are not copied, and the items after them still are", () => {
    const { text, items } = list([10, 20, 30, 40]);
    // 5 and 25: not in the list; 20 passed over when 30 is asked for first.
    expect(taken(text, LIST_ITEMS, [5, 10, 25, 30, 20, 40, 50])).toEqual([null, items.get(10), null, items.get(30), null, items.get(40), null]);
  });

  it("a list of one item, and an empty list", () => {
    const one = list([42]);
    expect(taken(one.text, LIST_ITEMS, [42])).toEqual([one.items.get(42)]);
    expect(taken(list([]).text, LIST_ITEMS, [1])).toBeNull(); // "items": [] has no item to open on
  });

  it("a file cut short copies the items it holds whole, and nothing after", () => {
    const ids = range(1, 60);
    const { text, items } = list(ids);
    const cut = text.slice(0, text.indexOf('"id": 31,') - 5);
    expect(taken(cut, LIST_ITEMS, ids)).toEqual(ids.map((id) => (id <= 30 ? items.get(id) : null)));
  });

  it("a file that is not a list gives no items", () => {
    expect(taken('{"detail": "Not found."}', LIST_ITEMS, [1])).toBeNull();
    expect(taken("", LIST_ITEMS, [1])).toBeNull();
    writeFileSync(file, "");
    rmSync(file);
    expect(PreviousItems.open(file, LIST_ITEMS)).toBeNull();
  });
});

describe("the event pages of a previous query index", () => {
  it("each page's bytes by its id after the first pages (skipped), across the window's edges, tricky strings included", () => {
    const ids = range(1000, 9000).filter((id) => id % 5 !== 0);
    const { text, items } = index([1, 2], ids);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1 << 20);
    expect(taken(text, INDEX_PAGES, ids, 2)).toEqual(ids.map((id) => items.get(id)));
  });

  it("the first pages are not taken for event pages: an event page may not follow them in id", () => {
    const { text, items } = index([5000], [10, 20]);
    expect(taken(text, INDEX_PAGES, [10, 20], 1)).toEqual([items.get(10), items.get(20)]);
    // Without the skip, the first page (id 5000) comes first, and no lower id can be found after it.
    expect(taken(text, INDEX_PAGES, [10, 20], 0)).toEqual([null, null]);
  });

  it("the last page ends at the end of the pages, not of the file", () => {
    const { text, items } = index([1], [7, 8]);
    expect(taken(text, INDEX_PAGES, [8], 1)).toEqual([items.get(8)]);
  });
});

describe("the pieces gathered for the writer", () => {
  it("come out in order and whole, however text and bytes fall across the buffer's edges, a piece larger than the buffer included", () => {
    const out = new ChunkBuffer();
    const written: Buffer[] = [];
    const expected: Buffer[] = [];
    const keep = (b: Uint8Array | null) => b && written.push(Buffer.from(b)); // copied: a piece holds until the next
    for (let i = 0; i < 3000; i++) {
      const text = `${TRICKY[i % TRICKY.length]}${"y".repeat((i * 37) % 300)}`;
      expected.push(Buffer.from(text));
      keep(out.text(text));
      const bytes = Buffer.from(`[${i}]`.repeat((i * 13) % 50));
      expected.push(bytes);
      keep(out.bytes(Buffer.concat([Buffer.from("pad"), bytes]), 3, bytes.length + 3));
      if (i === 1500) {
        const large = "L".repeat(200_000);
        expected.push(Buffer.from(large));
        keep(out.text(large));
      }
    }
    keep(out.end());
    expect(Buffer.concat(written).equals(Buffer.concat(expected))).toBe(true);
  });
});
