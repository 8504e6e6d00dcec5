// Plans the output: each API address becomes a folder with an index.json (content format,
// section 7), beside the error and OPTIONS bodies, the browsable pages a host serves from files,
// the OpenAPI description and the hosts' rule files. Pure: yields (path, bytes) pairs, each JSON
// document checked against its response schema first. The event pages' own documents are
// written page by page as they are built (build-page.ts).
import type { z } from "zod";
import { homeDetailSchema, listSchema, messageBodySchema, pageListSchema, parentDetailSchema } from "../api/schemas.js";
import { OPENAPI_FILE, openApiDocument } from "../api/openapi.js";
import { checkDocument } from "../api/self-check.js";
import { eventListItem } from "../enrich/event-page.js";
import { homeDetail, pageListItem, parentDetail } from "../enrich/parent-page.js";
import { renderBrowsable } from "../host/browsable.js";
import type { Host } from "../host/host.js";
import { methodNotAllowedBody, methodNotAllowedFile, notFoundBody, optionsBody, OTHER_NOT_FOUND, REFUSED_METHODS, type Collection, type HostModel } from "../host/rules.js";
import type { Site } from "../validate/site.js";
import { QUERY_INDEX_FILE, type QueryIndex } from "../runtime/query/query-index.js";
import { LookupRenderer } from "./lookups.js";
import { serialize } from "./serialize.js";

export interface OutputFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  bytes: Buffer;
}

export class SelfCheckFailed extends Error {
  override name = "SelfCheckFailed";
}

/** The document serialized, once it fits its response schema (else the build fails: a bug). */
export function checked(schema: z.ZodType, value: unknown, what: string): string {
  const problem = checkDocument(schema, value);
  if (problem) {
    throw new SelfCheckFailed(`the ${what} does not match the API's response shape (${problem}); this is a bug in build-catalogue, please report it with the content that caused it`);
  }
  return serialize(value);
}

/** A build only for hosts that read event details from the generic route writes each one once. */
export const writesEventPagesRoute = (hosts: readonly Host[]) => !(hosts.length > 0 && hosts.every((h) => h.readsEventDetailsFromPages));

/**
 * Every file but the event pages' own (build-page.ts writes those as it goes): the lists, the
 * parent and home pages, the query index, the lookups, the error bodies and the hosts' rules.
 * `detailOf` gives an event page's JSON back, for the lookups that list it.
 */
export function* planOutput(site: Site, model: HostModel, hosts: readonly Host[], queryIndex: QueryIndex, detailOf: (id: number) => string): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const documents = new Map(model.documents.map((d) => [d.path, d]));
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
    const doc = documents.get(path)!;
    yield { path: doc.file, bytes: Buffer.from(json, "utf8") };
    if (browsable) yield { path: doc.htmlFile, bytes: Buffer.from(browsablePage(model, doc.collection, path, json), "utf8") };
    const id = /^\/api\/v2\/pages\/([0-9]+)\/$/.exec(path);
    if (lookups && id) yield* text(lookups.document(Number(id[1]), json));
  }

  const items = site.events.map((e) => eventListItem(site, e));
  yield* answer("/api/v2/event_pages/", checked(listSchema, { meta: { total_count: items.length }, items }, "event list"));
  // Every page in tree order: the home page, the parent, the event pages (ascending id).
  const home = site.parent.home ? homeDetail(site) : null;
  const parent = parentDetail(site);
  const pageItems = [...(home ? [pageListItem(home)] : []), pageListItem(parent), ...items];
  yield* answer("/api/v2/pages/", checked(pageListSchema, { meta: { total_count: pageItems.length }, items: pageItems }, "page list"));
  if (lookups) for (const event of site.events) yield* text(lookups.document(event.id, detailOf(event.id)));
  yield* answer(`/api/v2/pages/${site.parent.id}/`, checked(parentDetailSchema, parent, "parent page detail"));
  if (home) yield* answer(`/api/v2/pages/${home.id}/`, checked(homeDetailSchema, home, "home page detail"));
  // What list queries need, for the preview and the Cloudflare worker (compact: no indentation).
  yield { path: QUERY_INDEX_FILE, bytes: Buffer.from(JSON.stringify(queryIndex), "utf8") };
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
