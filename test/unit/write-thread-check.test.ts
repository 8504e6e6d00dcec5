// The write thread checks each event detail it is handed (PageJob.checkWhenWritten) before it writes
// any file of that page: the text parsed again, against the response schema named, key order
// included. A detail that does not fit fails the build with the very message the builder's own
// check (checked(), api/self-check.ts) words for the same document. The real worker (lib/), real files.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventDetailSchema, fullerEventDetailSchema } from "../../lib/api/schemas.js";
import { checked, SelfCheckFailed } from "../../lib/api/self-check.js";
import type { PageOutput, PageRecord } from "../../lib/model/page.js";
import { pageRecord } from "../../lib/page/page-record.js";
import { serialize } from "../../lib/runtime/serialize.js";
import { WriteThread } from "../../lib/engine/write-thread.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const dir = tempDir("bc-write-check-");
afterAll(() => removeDir(dir));

const expected = path.resolve(import.meta.dirname, "../fixtures/good/edge/expected/api/v2/event_pages");
const detail = (id: number) => JSON.parse(readFileSync(path.join(expected, `${id}/index.json`), "utf8")) as Record<string, unknown>;
/** Page 30 is in the plain rendering, page 31 in the fuller one (it has sub_title). */
const plain = detail(30);
const fuller = detail(31);
const schemaName = (d: Record<string, unknown>) => ("sub_title" in d ? "fullerEventDetailSchema" : "eventDetailSchema");
const what = (id: number) => `detail of event page ${id} (events/page-${id}.json)`;

/** A page's record as the builder leaves it: its detail to check, the generic route linked to it. */
function page(id: number, doc: Record<string, unknown>, text = serialize(doc)): PageRecord {
  const outputs: PageOutput[] = [
    { rel: `api/v2/event_pages/${id}/index.json`, data: text, check: { schema: schemaName(doc), what: what(id) } },
    { rel: `api/v2/pages/${id}/index.json`, data: text, sameAs: `api/v2/event_pages/${id}/index.json` },
  ];
  return { ...pageRecord(`events/page-${id}.json`), outputs };
}

/** Writes the pages on a new thread into a folder of their own; the error finish() ends with, if any. */
async function writeAll(name: string, pages: PageRecord[]): Promise<{ root: string; error: unknown }> {
  const root = path.join(dir, name);
  // The builder makes the collections' folders before the thread writes into them (build.ts).
  for (const folder of ["api/v2/event_pages", "api/v2/pages"]) mkdirSync(path.join(root, folder), { recursive: true });
  const thread = new WriteThread(root, process.execArgv, () => {});
  try {
    for (const p of pages) thread.place(p);
    await thread.finish();
    return { root, error: null };
  } catch (e) {
    await thread.stop();
    return { root, error: e };
  }
}

/** What the builder's own check throws for this document, or null when it fits. */
function builderFailure(doc: unknown, id: number): string | null {
  try {
    checked("sub_title" in (doc as object) ? fullerEventDetailSchema : eventDetailSchema, doc, what(id));
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(SelfCheckFailed);
    return (e as Error).message;
  }
}

describe("the write thread's check of the event details", () => {
  it("writes details that fit their schemas, both renderings", async () => {
    const { root, error } = await writeAll("fit", [page(30, plain), page(31, fuller)]);
    expect(error).toBeNull();
    expect(readFileSync(path.join(root, "api/v2/event_pages/30/index.json"), "utf8")).toBe(serialize(plain));
    expect(readFileSync(path.join(root, "api/v2/pages/31/index.json"), "utf8")).toBe(serialize(fuller));
  });

  const broken: [string, number, Record<string, unknown>, RegExp][] = [
    ["a field of the wrong type", 30, { ...plain, title: 5 }, /\(title: /],
    ["a field missing", 31, Object.fromEntries(Object.entries(fuller).filter(([k]) => k !== "sub_title")), /does not match/],
    ["a field the schema does not have", 30, { ...plain, extra: true }, /does not match/],
    // The same keys, two of them swapped: only the key-order walk sees it.
    ["keys out of order", 30, Object.fromEntries(Object.entries(plain).map((e, i, all) => (i === 1 ? all[2]! : i === 2 ? all[1]! : e))), /keys in order id,title,meta/],
  ];
  for (const [name, id, doc, shape] of broken) {
    it(`fails the build on ${name}, in the builder's words, writing nothing of that page or after it`, async () => {
      const message = builderFailure(doc, id);
      expect(message).toMatch(shape);
      const { root, error } = await writeAll(`broken-${name.replaceAll(" ", "-")}`, [page(32, detail(32)), page(id, doc), page(201 + id, plain)]);
      expect(error).toBeInstanceOf(SelfCheckFailed);
      expect((error as Error).message).toBe(message);
      expect(existsSync(path.join(root, "api/v2/event_pages/32/index.json"))).toBe(true);
      expect(existsSync(path.join(root, `api/v2/event_pages/${id}/index.json`))).toBe(false);
      expect(existsSync(path.join(root, `api/v2/event_pages/${201 + id}/index.json`))).toBe(false);
    });
  }

  it("fails the build on a text that is not JSON at all, as a self-check", async () => {
    const { error } = await writeAll("not-json", [page(30, plain, serialize(plain).slice(0, -1))]);
    expect(error).toBeInstanceOf(SelfCheckFailed);
    expect((error as Error).message).toMatch(/^the detail of event page 30 \(events\/page-30\.json\) does not match the API's response shape \(not JSON: /);
  });

  it("checks the text written, not the value it came from: a number JSON cannot hold fails", async () => {
    // NaN passes a check of the value (it is a number) but is written as null.
    const doc = { ...plain, id: Number.NaN };
    const { error } = await writeAll("nan", [page(30, doc)]);
    expect(error).toBeInstanceOf(SelfCheckFailed);
    expect((error as Error).message).toMatch(/^the detail of event page 30 \(events\/page-30\.json\) does not match the API's response shape \(id: /);
  });
});
