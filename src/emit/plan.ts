// Plans the output: each API address becomes a folder with an index.json (content format,
// section 7), beside the error and OPTIONS bodies, the browsable pages a host serves from files,
// and the hosts' rule files. Pure: yields (path, bytes) pairs, each JSON document checked
// against its response schema first. An event page's files are planned on their own
// (planEvent), so a build can stream pages one at a time; the list is put together from each
// page's serialized item, never from all the pages at once.
import type { z } from "zod";
import { eventDetailSchema, fullerEventDetailSchema, listItemSchema, messageBodySchema, parentDetailSchema } from "../api/schemas.js";
import { checkDocument } from "../api/self-check.js";
import { eventDetail, eventListItem } from "../enrich/event-page.js";
import { parentDetail } from "../enrich/parent-page.js";
import { renderBrowsable } from "../host/browsable.js";
import type { Host } from "../host/host.js";
import { documentFiles, methodNotAllowedBody, methodNotAllowedFile, notFoundBody, optionsBody, OTHER_NOT_FOUND, REFUSED_METHODS, type Collection, type HostModel } from "../host/rules.js";
import type { Instant } from "../time/instant.js";
import type { Site, SiteEvent, SiteSettings } from "../validate/site.js";
import { serialize } from "./serialize.js";

export interface OutputFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  bytes: Buffer;
  /** A file planned before this one with the very same bytes: the writer may link the two. */
  sameAs?: string;
  /**
   * The file is already built (an incremental build): `at` null, it is in place in the folder
   * being written; else the absolute path of a file with its bytes, to link. `bytes` is empty.
   */
  existing?: { at: string | null; size: number };
}

export const fileSize = (f: OutputFile) => f.existing?.size ?? f.bytes.length;

export class SelfCheckFailed extends Error {
  override name = "SelfCheckFailed";
}

function checked(schema: z.ZodType, value: unknown, what: string): string {
  const problem = checkDocument(schema, value);
  if (problem) {
    throw new SelfCheckFailed(`the ${what} does not match the API's response shape (${problem}); this is a bug in build-catalogue, please report it with the content that caused it`);
  }
  return serialize(value);
}

const ITEM_INDENT = "        ";

/** An item as it sits in the list's `items` (two levels in): serialize() of the list, item by item. */
function listItemText(json: string): string {
  return ITEM_INDENT + json.replace(/\n/g, `\n${ITEM_INDENT}`);
}

const SEPARATOR = Buffer.from(",\n", "utf8");

/** The list's bytes from its items' texts (or their UTF-8 bytes) in ascending id: the same as serializing the whole list. */
export function listBytes(items: readonly (string | Buffer)[]): Buffer {
  const head = `{\n    "meta": {\n        "total_count": ${items.length}\n    },\n    "items": [`;
  if (items.length === 0) return Buffer.from(`${head}]\n}`, "utf8");
  const parts: Buffer[] = [Buffer.from(`${head}\n`, "utf8")];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(SEPARATOR);
    const item = items[i]!;
    parts.push(typeof item === "string" ? Buffer.from(item, "utf8") : item);
  }
  parts.push(Buffer.from("\n    ]\n}", "utf8"));
  return Buffer.concat(parts);
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

/** One event page planned: its files, the hash-worthy bytes of its detail, its list item. */
export interface PlannedEvent {
  files: OutputFile[];
  detail: Buffer;
  item: string;
}

/** The paths an event page's documents are written to (both collections, and the browsable pages). */
export function eventPaths(model: HostModel, id: number, browsable: boolean): string[] {
  return model.collections.flatMap((c) => {
    const f = documentFiles(c, id);
    return browsable ? [f.file, f.htmlFile] : [f.file];
  });
}

/** Both detail routes of one page answer the same bytes: planned once, the second linked to the first. */
export function planEvent(site: SiteSettings, event: SiteEvent, now: Instant, model: HostModel, browsable: boolean): PlannedEvent {
  const schema = event.fuller ? fullerEventDetailSchema : eventDetailSchema;
  const json = checked(schema, eventDetail(site, event, now), `detail of event page ${event.source.id} (${event.file})`);
  const detail = Buffer.from(json, "utf8");
  const files: OutputFile[] = [];
  let first: string | undefined;
  for (const c of model.collections) {
    const f = documentFiles(c, event.source.id);
    files.push({ path: f.file, bytes: detail, ...(first ? { sameAs: first } : {}) });
    first ??= f.file;
    if (browsable) files.push({ path: f.htmlFile, bytes: Buffer.from(browsablePage(model, c, f.path, json), "utf8") });
  }
  const item = listItemText(checked(listItemSchema, eventListItem(site, event), `list item of event page ${event.source.id} (${event.file})`));
  return { files, detail, item };
}

/** Everything but the event pages' own files: the list (from its items, ascending id), the parent page, error and OPTIONS bodies, host rules. */
export function* planSiteFiles(site: SiteSettings, items: readonly (string | Buffer)[], model: HostModel, hosts: readonly Host[]): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  function* answer(c: Collection, id: number | null, bytes: Buffer): Generator<OutputFile> {
    const f = documentFiles(c, id);
    yield { path: f.file, bytes };
    if (browsable) yield { path: f.htmlFile, bytes: Buffer.from(browsablePage(model, c, f.path, bytes.toString("utf8")), "utf8") };
  }
  const [events, pages] = model.collections as [Collection, Collection];
  yield* answer(events, null, listBytes(items));
  yield* answer(pages, site.parent.id, Buffer.from(checked(parentDetailSchema, parentDetail(site), "parent page detail"), "utf8"));

  for (const c of model.collections) {
    yield { path: c.notFoundFile, bytes: Buffer.from(checked(messageBodySchema, notFoundBody(c.model), c.notFoundFile), "utf8") };
    yield { path: c.optionsFile, bytes: Buffer.from(serialize(optionsBody(c.name)), "utf8") };
  }
  yield { path: OTHER_NOT_FOUND.file, bytes: Buffer.from(serialize(OTHER_NOT_FOUND.body), "utf8") };
  for (const method of REFUSED_METHODS) {
    yield { path: methodNotAllowedFile(method), bytes: Buffer.from(serialize(methodNotAllowedBody(method)), "utf8") };
  }
  for (const host of hosts) {
    for (const file of host.render(model)) yield { path: file.path, bytes: Buffer.from(file.text, "utf8") };
  }
}

/** Every file of a catalogue held whole (its pages in ascending id). */
export function* planOutput(site: Site, now: Instant, model: HostModel, hosts: readonly Host[]): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const items: string[] = [];
  for (const event of site.events) {
    const planned = planEvent(site, event, now, model, browsable);
    items.push(planned.item);
    yield* planned.files;
  }
  yield* planSiteFiles(site, items, model, hosts);
}
