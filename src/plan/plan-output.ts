// Plans the output besides the event pages' own documents (written as each page is built), the
// images endpoint's (images-endpoint.ts) and the OpenAPI description: the lists, the parent and
// home pages, the query index, the error and OPTIONS bodies, the browsable pages a
// host serves from files and the hosts' rule files (content format, section 7). Pure: yields what
// to write, each JSON document checked against its response schema first; what a rebuild copies
// from the previous output is an instruction the writer carries out (model/output.ts).
import { homeDetailSchema, listSchema, messageBodySchema, pageListSchema, parentDetailSchema } from "../api/schemas.js";
import { checked } from "../api/self-check.js";
import { eventListItem } from "../enrich/event-page.js";
import { homeDetail, pageListItem, parentDetail } from "../enrich/parent-page.js";
import type { Host } from "../host/host.js";
import { documentAt, methodNotAllowedBody, methodNotAllowedFile, notFoundBody, optionsBody, OTHER_NOT_FOUND, REFUSED_METHODS, type HostModel } from "../host/rules.js";
import type { OutputFile, PreviousFile } from "../model/output.js";
import { lazily, type Site } from "../model/site.js";
import { QUERY_INDEX_FILE } from "../runtime/query/query-index.js";
import { serialize } from "../runtime/serialize.js";
import { documentFiles } from "./documents.js";
import { listEndingWith, listPieces, wholeText, type ListItem } from "./lists.js";
import type { QueryIndexPlan } from "./query-index.js";

/** What a rebuild copies from the previous output: the files that still stand as it wrote them, and the pages it reused. */
export interface PreviousOutput {
  eventList: PreviousFile | null;
  queryIndex: PreviousFile | null;
  reused(id: number): boolean;
}

export interface PlanInput {
  site: Site;
  model: HostModel;
  hosts: readonly Host[];
  queryIndex: QueryIndexPlan;
  previous: PreviousOutput | null;
}

/** Every file but the event pages' own documents. */
export function* planOutput({ site, model, hosts, queryIndex, previous }: PlanInput): Generator<OutputFile> {
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const document = (path: string) => documentAt(model, path)!;
  const answer = (path: string, json: string) => documentFiles(model, browsable, path, json);

  // Every page in tree order: the home page, the parent, the event pages (ascending id).
  const home = site.parent.home ? homeDetail(site) : null;
  const parent = parentDetail(site);
  const firstPages: ListItem[] = [...(home ? [{ value: pageListItem(home) }] : []), { value: pageListItem(parent) }];
  const events = site.events.length;
  const eventList = listPieces(events, eventItems(site, browsable ? null : previous), listSchema, "event list", previous?.eventList);
  if (browsable) {
    // The browsable page shows the whole document: each list is held whole.
    yield* answer("/api/v2/event_pages/", wholeText(eventList));
    yield* answer("/api/v2/pages/", wholeText(listPieces(firstPages.length + events, [...firstPages, ...eventItems(site, null)], pageListSchema, "page list")));
  } else {
    const eventListFile = document("/api/v2/event_pages/").file;
    yield { path: eventListFile, pieces: eventList };
    // The page list's event items are the event list's, byte for byte: copied from its file as written.
    const pageList = listEndingWith(firstPages.length + events, firstPages, pageListSchema, "page list", eventListFile, events, () => eventItems(site, null));
    yield { path: document("/api/v2/pages/").file, pieces: pageList };
  }
  yield* answer(`/api/v2/pages/${site.parent.id}/`, checked(parentDetailSchema, parent, "parent page detail"));
  if (home) yield* answer(`/api/v2/pages/${home.id}/`, checked(homeDetailSchema, home, "home page detail"));
  // What list queries need, for the preview and every host's function (compact: no indentation).
  yield { path: QUERY_INDEX_FILE, pieces: queryIndex.pieces(previous?.queryIndex, previous?.reused) };
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

/** The event list's items in ascending id; with `previous`, a reused page's is copied from the previous list. */
function* eventItems(site: Site, previous: PreviousOutput | null): Generator<ListItem> {
  for (const [id, summary] of lazily(site.events)) {
    const value = () => eventListItem(site, summary());
    yield previous?.eventList && previous.reused(id) ? { copy: id, value } : { value: value() };
  }
}
