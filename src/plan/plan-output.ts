// Plans the output: each API address becomes a folder with an index.json (content format,
// section 7), beside the error and OPTIONS bodies, the browsable pages a host serves from files,
// the OpenAPI description and the hosts' rule files. Pure: yields (path, bytes) pairs, each JSON
// document checked against its response schema first. The event pages' own documents are
// written page by page as they are built (build-page.ts).
import type { z } from "zod";
import { homeDetailSchema, listSchema, messageBodySchema, pageListSchema, parentDetailSchema } from "../api/schemas.js";
import { OPENAPI_FILE, openApiDocument } from "../api/openapi.js";
import { checkDocument, SelfCheckFailed, selfCheckFailure } from "../api/self-check.js";
import { eventListItem } from "../enrich/event-page.js";
import { homeDetail, pageListItem, parentDetail } from "../enrich/parent-page.js";
import { renderBrowsable } from "../host/browsable.js";
import type { Host } from "../host/host.js";
import { documentAt, methodNotAllowedBody, methodNotAllowedFile, notFoundBody, optionsBody, OTHER_NOT_FOUND, REFUSED_METHODS, type Collection, type HostModel } from "../host/rules.js";
import type { Site } from "../model/site.js";
import { QUERY_INDEX_FILE, type QueryIndex } from "../runtime/query/query-index.js";
import { LookupRenderer } from "./lookups.js";
import { eachIndexedPage } from "./query-index.js";
import { serialize } from "../runtime/serialize.js";
import { piecesOf } from "../io/read-window.js";
import { INDEX_PAGES, LIST_ITEMS, PreviousItems } from "../output/previous-items.js";
import { ChunkBuffer } from "../io/chunk-buffer.js";
import { eachEvent, idsOf } from "../engine/summary-store.js";

/** A planned file: its bytes, or (for a document that grows with the catalogue) its text or bytes in pieces, never whole. */
export type OutputFile = { path: string; bytes: Buffer; chunks?: undefined } | { path: string; chunks: Iterable<string | Uint8Array>; bytes?: undefined };

/**
 * What a rebuild can copy from the output of the build before (see previous-items.ts): a file of
 * it, when it is still as that build wrote it, and whether a page was reused from it.
 */
export interface PreviousOutput {
  /** Where the previous build's `rel` is, when it still stands as written; else null. */
  file(rel: string): string | null;
  reused(id: number): boolean;
}

/** The document serialized, once it fits its response schema (else the build fails: a bug). */
export function checked(schema: z.ZodType, value: unknown, what: string): string {
  const problem = checkDocument(schema, value);
  if (problem) throw selfCheckFailure(what, problem);
  return serialize(value);
}

/** A build only for hosts that read event details from the generic route writes each one once. */
export const writesEventPagesRoute = (hosts: readonly Host[]) => !(hosts.length > 0 && hosts.every((h) => h.readsEventDetailsFromPages));

/**
 * Every file but the event pages' own (build-page.ts writes those as it goes): the lists, the
 * parent and home pages, the query index, the lookups, the error bodies and the hosts' rules.
 * `detailOf` gives an event page's JSON back, for the lookups that list it; `writtenAt` where a
 * file this plan yielded is once written (null when nothing is written, as in a check);
 * `previous` what a rebuild copies from the output before.
 */
export function* planOutput(
  site: Site,
  model: HostModel,
  hosts: readonly Host[],
  queryIndex: QueryIndex,
  detailOf: (id: number) => string,
  writtenAt: ((rel: string) => string) | null = null,
  previous: PreviousOutput | null = null,
): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const document = (path: string) => documentAt(model, path)!;
  // The lookups hosts without code route to by query string, rendered by the query engine.
  const lookups = hosts.some((h) => h.prerendersLookups)
    ? new LookupRenderer(queryIndex, (route, query, json) => {
        if (!browsable) return null;
        const collection = model.collections.find((c) => c.prefix === `/api/v2/${route}/`)!;
        return browsablePage(model, collection, collection.prefix, json, 200, "GET", `?${query}&format=api`);
      })
    : null;
  const text = (files: { path: string; text: string }[]) => files.map((f) => ({ path: f.path, bytes: Buffer.from(f.text, "utf8") }));
  function* answer(path: string, json: string): Generator<OutputFile> {
    const doc = document(path);
    yield { path: doc.file, bytes: Buffer.from(json, "utf8") };
    if (browsable) yield { path: doc.htmlFile, bytes: Buffer.from(browsablePage(model, doc.collection, path, json), "utf8") };
    const id = /^\/api\/v2\/pages\/([0-9]+)\/$/.exec(path);
    if (lookups && id) yield* text(lookups.document(Number(id[1]), json));
  }

  // Every page in tree order: the home page, the parent, the event pages (ascending id).
  const home = site.parent.home ? homeDetail(site) : null;
  const parent = parentDetail(site);
  const firstPages = [...(home ? [pageListItem(home)] : []), pageListItem(parent)];
  const eventItems = () => eventItemsOf(site);
  if (browsable) {
    // The browsable page shows the whole document: built whole.
    const all = [...eventItems()];
    yield* answer("/api/v2/event_pages/", checked(listSchema, { meta: { total_count: all.length }, items: all }, "event list"));
    const pageItems = [...firstPages, ...all];
    yield* answer("/api/v2/pages/", checked(pageListSchema, { meta: { total_count: pageItems.length }, items: pageItems }, "page list"));
  } else {
    const eventList = document("/api/v2/event_pages/").file;
    const before = previous && site.events.length > 0 ? previous.file(eventList) : null;
    yield { path: eventList, chunks: before ? splicedListChunks(site, before, previous!.reused) : listChunks(site.events.length, eventItems(), listSchema, "event list") };
    const pageItems = function* () {
      yield* firstPages;
      yield* eventItems();
    };
    const total = firstPages.length + site.events.length;
    // The event pages' items in the page list are the event list's, byte for byte: copied from the
    // file just written rather than made, checked and serialized again (10,000 pages: about 40 ms).
    const copied = writtenAt && site.events.length > 0 ? piecesOf(writtenAt(eventList), listHead(site.events.length).length, LIST_END.length) : null;
    yield { path: document("/api/v2/pages/").file, chunks: copied ? pageListChunks(total, firstPages, copied) : listChunks(total, pageItems(), pageListSchema, "page list") };
  }
  if (lookups) for (const id of idsOf(site.events)) yield* text(lookups.document(id, detailOf(id)));
  yield* answer(`/api/v2/pages/${site.parent.id}/`, checked(parentDetailSchema, parent, "parent page detail"));
  if (home) yield* answer(`/api/v2/pages/${home.id}/`, checked(homeDetailSchema, home, "home page detail"));
  // What list queries need, for the preview and the Cloudflare worker (compact: no indentation).
  const indexBefore = previous?.file(QUERY_INDEX_FILE);
  // The index's first pages (the home page, the parent) are made again: they are the settings'.
  yield { path: QUERY_INDEX_FILE, chunks: queryIndexChunks(queryIndex, indexBefore ? { file: indexBefore, reused: previous!.reused, first: firstPages.length } : null) };
  if (lookups) yield* text(lookups.end());

  for (const c of model.collections) {
    yield { path: c.notFoundFile, bytes: Buffer.from(checked(messageBodySchema, notFoundBody(c.model), c.notFoundFile), "utf8") };
    yield { path: c.optionsFile, bytes: Buffer.from(serialize(optionsBody(c.name)), "utf8") };
  }
  yield { path: OTHER_NOT_FOUND.file, bytes: Buffer.from(serialize(OTHER_NOT_FOUND.body), "utf8") };
  yield { path: OPENAPI_FILE, bytes: Buffer.from(serialize(openApiDocument(site.catalogue.base_url)), "utf8") };
  for (const method of REFUSED_METHODS) {
    yield { path: methodNotAllowedFile(method), bytes: Buffer.from(serialize(methodNotAllowedBody(method)), "utf8") };
  }
  for (const host of hosts) {
    for (const file of host.render(model)) yield { path: file.path, bytes: Buffer.from(file.text, "utf8") };
  }
}

function* eventItemsOf(site: Site) {
  for (const e of site.events) yield eventListItem(site, e);
}

/** Pieces of text of about this many characters: a list of 100,000 pages is never one string. */
const CHUNK = 1 << 16;

/** A list document's text before its first item, and after its last (see listChunks). */
const listHead = (total: number) => `{\n    "meta": {\n        "total_count": ${total}\n    },\n    "items": [\n`;
const LIST_END = "\n    ]\n}";
/** An item's JSON indented for its place in a list: serialize() indents an array's items two levels. */
const inList = (json: string) => `        ${json.replace(/\n/g, "\n        ")}`;
const pageItemSchema = pageListSchema.shape.items.element;

/** A list written item by item has as many items as its total_count says (or the build has a bug). */
function expectTotal(what: string, items: number, total: number): void {
  if (items !== total) throw new SelfCheckFailed(`the ${what} has ${items} items but total_count ${total}; this is a bug in build-catalogue, please report it`);
}

/**
 * A list document (`{"meta": {"total_count": n}, "items": [...]}`) in pieces, the very bytes
 * serialize() writes for the whole: each item serialized and indented two levels, and checked
 * against the item schema of the list's (the same check as the whole list's).
 */
function* listChunks(total: number, items: Iterable<unknown>, listSchema: z.ZodObject, what: string): Generator<string> {
  if (total === 0) {
    yield checked(listSchema, { meta: { total_count: 0 }, items: [] }, what);
    return;
  }
  const itemSchema = (listSchema.shape.items as z.ZodArray).element as z.ZodType;
  let chunk = listHead(total);
  let n = 0;
  for (const item of items) {
    const json = checked(itemSchema, item, `${what}, item ${n}`);
    chunk += `${n === 0 ? "" : ",\n"}${inList(json)}`;
    n++;
    if (chunk.length > CHUNK) {
      yield chunk;
      chunk = "";
    }
  }
  expectTotal(what, n, total);
  yield `${chunk}${LIST_END}`;
}

/**
 * The event list as listChunks() writes it, each reused page's item copied from the previous
 * build's list (its bytes as they were, checked then), the others made and checked.
 */
function* splicedListChunks(site: Site, file: string, reused: (id: number) => boolean): Generator<string | Uint8Array> {
  const before = PreviousItems.open(file, LIST_ITEMS);
  if (!before) {
    yield* listChunks(site.events.length, eventItemsOf(site), listSchema, "event list");
    return;
  }
  const itemSchema = listSchema.shape.items.element;
  const out = new ChunkBuffer();
  try {
    const total = site.events.length;
    let full = out.text(listHead(total));
    if (full) yield full;
    let n = 0;
    for (const e of eachEvent(site.events, (id) => reused(id) && before.take(id))) {
      if (n > 0 && (full = out.text(",\n"))) yield full;
      full = typeof e === "number" ? out.bytes(before.bytes, before.from, before.to) : out.text(inList(checked(itemSchema, eventListItem(site, e), `event list, item ${n}`)));
      if (full) yield full;
      n++;
    }
    expectTotal("event list", n, total);
    if ((full = out.text(LIST_END))) yield full;
    if ((full = out.end())) yield full;
  } finally {
    before.close();
  }
}

/**
 * The page list from its first pages' items and the event list's items as written (`events`: the
 * bytes between that list's head and end). Each of those passed the event list's item schema,
 * which asks more of an item than the page list's (a fixed type where the page list takes any,
 * a date where it also takes null), so they are not checked again.
 */
function* pageListChunks(total: number, firstPages: readonly unknown[], events: Iterable<Uint8Array>): Generator<string | Uint8Array> {
  let head = listHead(total);
  for (const [i, item] of firstPages.entries()) head += `${inList(checked(pageItemSchema, item, `page list, item ${i}`))},\n`;
  yield head;
  yield* events;
  yield LIST_END;
}

/** A rebuild's previous query index: its event pages are those after the `first` pages. */
interface PreviousIndex {
  file: string;
  reused: (id: number) => boolean;
  first: number;
}

/** JSON.stringify(index) in pieces: the pages one by one (a reused event page's copied from the previous index). */
function* queryIndexChunks(index: QueryIndex, previous: PreviousIndex | null = null): Generator<string | Uint8Array> {
  const before = previous && PreviousItems.open(previous.file, INDEX_PAGES, previous.first);
  if (!before) {
    yield* indexChunks(index);
    return;
  }
  try {
    yield* indexChunks(index, { before, copied: (id) => previous!.reused(id) && before.take(id) });
  } finally {
    before.close();
  }
}

/**
 * The index's JSON in pieces; with `copy`, an event page for which `copied(id)` holds is
 * `before`'s bytes, and the pieces go through a buffer (made pages' text and copied bytes alternate).
 */
function* indexChunks(index: QueryIndex, copy?: { before: PreviousItems; copied: (id: number) => boolean }): Generator<string | Uint8Array> {
  const out = copy ? new ChunkBuffer() : null;
  let chunk = "{";
  for (const [i, key] of Object.keys(index).entries()) {
    chunk += `${i === 0 ? "" : ","}${JSON.stringify(key)}:`;
    if (key !== "pages") {
      chunk += JSON.stringify(index[key as keyof QueryIndex]);
      continue;
    }
    chunk += "[";
    let n = 0;
    for (const page of eachIndexedPage(index, copy?.copied)) {
      if (n++ > 0) chunk += ",";
      if (typeof page === "number") {
        // Copied: the bytes before.take() found for it.
        let full = out!.text(chunk);
        if (full) yield full;
        chunk = "";
        const { before } = copy!;
        if ((full = out!.bytes(before.bytes, before.from, before.to))) yield full;
        continue;
      }
      chunk += JSON.stringify(page);
      if (chunk.length > CHUNK) {
        const full = out ? out.text(chunk) : chunk;
        if (full) yield full;
        chunk = "";
      }
    }
    chunk += "]";
  }
  chunk += "}";
  if (!out) {
    yield chunk;
    return;
  }
  let full = out.text(chunk);
  if (full) yield full;
  if ((full = out.end())) yield full;
}

export function browsablePage(model: HostModel, collection: Collection, path: string, json: string, status = 200, method = "GET", query = "?format=api"): string {
  return renderBrowsable({
    method,
    requestPath: `${path}${query}`,
    status,
    name: collection.name,
    collectionPath: collection.prefix,
    headers: model.jsonHeaders,
    json,
  });
}
