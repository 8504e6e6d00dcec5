// Plans the API files: each address becomes a folder with an index.json (content format, section 7).
// Pure: yields (path, bytes) pairs, each document checked against its response schema first.
import type { z } from "zod";
import { eventDetailSchema, fullerEventDetailSchema, listSchema, messageBodySchema, parentDetailSchema } from "../api/schemas.js";
import { checkDocument } from "../api/self-check.js";
import { eventDetail, eventListItem } from "../enrich/event-page.js";
import { parentDetail } from "../enrich/parent-page.js";
import type { Instant } from "../time/instant.js";
import type { Site } from "../validate/site.js";
import { serializeToBuffer } from "./serialize.js";

export interface OutputFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  bytes: Buffer;
}

/** Error bodies a host serves for unknown addresses (content format, sections 5 and 8). */
export const ERROR_BODIES = {
  eventPage: { path: "api/v2/event_pages/404.json", body: { message: "No EventPage matches the given query." } },
  page: { path: "api/v2/pages/404.json", body: { message: "No Page matches the given query." } },
  other: { path: "api/v2/404.json", body: { message: "Not found." } },
} as const;

export class SelfCheckFailed extends Error {
  override name = "SelfCheckFailed";
}

function checked(schema: z.ZodType, value: unknown, what: string): Buffer {
  const problem = checkDocument(schema, value);
  if (problem) {
    throw new SelfCheckFailed(`the ${what} does not match the API's response shape (${problem}); this is a bug in build-catalogue, please report it with the content that caused it`);
  }
  return serializeToBuffer(value);
}

export function* planApiFiles(site: Site, now: Instant): Generator<OutputFile> {
  const list = { meta: { total_count: site.events.length }, items: site.events.map((e) => eventListItem(site, e)) };
  yield { path: "api/v2/event_pages/index.json", bytes: checked(listSchema, list, "event list") };
  for (const event of site.events) {
    const detail = eventDetail(site, event, now);
    const schema = event.fuller ? fullerEventDetailSchema : eventDetailSchema;
    const bytes = checked(schema, detail, `detail of event page ${event.source.id} (${event.file})`);
    yield { path: `api/v2/event_pages/${event.source.id}/index.json`, bytes };
    yield { path: `api/v2/pages/${event.source.id}/index.json`, bytes };
  }
  yield { path: `api/v2/pages/${site.parent.id}/index.json`, bytes: checked(parentDetailSchema, parentDetail(site), "parent page detail") };
  for (const { path, body } of Object.values(ERROR_BODIES)) {
    yield { path, bytes: checked(messageBodySchema, body, `error body ${path}`) };
  }
}
