// Plans the output: each API address becomes a folder with an index.json (content format,
// section 7), beside the error and OPTIONS bodies, the browsable pages a host serves from files,
// and the hosts' rule files. Pure: yields (path, bytes) pairs, each JSON document checked
// against its response schema first.
import type { z } from "zod";
import { eventDetailSchema, fullerEventDetailSchema, listSchema, messageBodySchema, parentDetailSchema } from "../api/schemas.js";
import { checkDocument } from "../api/self-check.js";
import { eventDetail, eventListItem } from "../enrich/event-page.js";
import { parentDetail } from "../enrich/parent-page.js";
import { renderBrowsable } from "../host/browsable.js";
import type { Host } from "../host/host.js";
import { methodNotAllowedBody, methodNotAllowedFile, notFoundBody, optionsBody, OTHER_NOT_FOUND, REFUSED_METHODS, type Collection, type Document, type HostModel } from "../host/rules.js";
import type { Instant } from "../time/instant.js";
import type { Site } from "../validate/site.js";
import { serialize } from "./serialize.js";

export interface OutputFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  bytes: Buffer;
  /** A file planned before this one with the very same bytes: the writer may link the two. */
  sameAs?: string;
}

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

export function* planOutput(site: Site, now: Instant, model: HostModel, hosts: readonly Host[]): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const documents = new Map(model.documents.map((d) => [d.path, d]));
  function* answer(path: string, json: string, bytes = Buffer.from(json, "utf8"), same?: Document): Generator<OutputFile> {
    const doc = documents.get(path)!;
    yield { path: doc.file, bytes, ...(same ? { sameAs: same.file } : {}) };
    if (browsable) yield { path: doc.htmlFile, bytes: Buffer.from(browsablePage(model, doc.collection, path, json), "utf8") };
  }

  const list = { meta: { total_count: site.events.length }, items: site.events.map((e) => eventListItem(site, e)) };
  yield* answer("/api/v2/event_pages/", checked(listSchema, list, "event list"));
  for (const event of site.events) {
    const detail = eventDetail(site, event, now);
    const schema = event.fuller ? fullerEventDetailSchema : eventDetailSchema;
    const json = checked(schema, detail, `detail of event page ${event.source.id} (${event.file})`);
    const bytes = Buffer.from(json, "utf8");
    // Both detail routes answer the same bytes: written once, the second linked to the first.
    const eventPath = `/api/v2/event_pages/${event.source.id}/`;
    yield* answer(eventPath, json, bytes);
    yield* answer(`/api/v2/pages/${event.source.id}/`, json, bytes, documents.get(eventPath));
  }
  yield* answer(`/api/v2/pages/${site.parent.id}/`, checked(parentDetailSchema, parentDetail(site), "parent page detail"));

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
