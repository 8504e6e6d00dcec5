// The page an event's form holds, as the API will answer it: the build's own check of one page,
// then its detail document, at the admin's now (a draft or scheduled page as it will be once
// live), or the problems that keep it out. No DOM: the preview (event-preview.ts) shows it, and a
// test holds it to the CLI's document.
import { eventDetail } from "../../enrich/event-page.js";
import type { PublishedEvent } from "../../model/site.js";
import { instantFromDate } from "../../runtime/time/instant.js";
import { serialize } from "../../runtime/serialize.js";
import { checkEventSource } from "../../validate/event-source.js";
import { toFile } from "../form-view.js";
import { SOURCE_KEY } from "../keep-layout.js";
import { PAGE_STATUS } from "../page-status.js";
import { nowOf, statusOf, statusText } from "./publication.js";
import type { SiteSettings } from "../../model/site.js";
import type { Lookups } from "../../validate/check-event.js";

/** The catalogue's settings as settings-read.ts gives them (null: not readable, or with errors). */
export type Settings = { look: Lookups; settings: SiteSettings } | null;
export type Detail = ReturnType<typeof eventDetail> & Record<string, unknown>;

/** What the preview shows: the document, or why there is none. */
export type Shown = { detail: Detail; json: string; status: string | null } | { problems: string[] } | { waiting: string };

/** The page's document, from the form's data (`fields`: the collection's, to read it as the file holds it). */
export function previewOf(data: Record<string, unknown>, path: string, fields: unknown, settings: Settings, zone: string, now: unknown): Shown {
  if (!settings) return { waiting: "The preview needs the catalogue's settings (catalogue, venues, images): they could not be read, or have errors of their own." };
  const { [SOURCE_KEY]: _source, [PAGE_STATUS]: _status, ...form } = data;
  const value = toFile(form, fields);
  const check = checkEventSource(path || "events/new-page.json", value, settings.look);
  const errors = check.diagnostics.filter((d) => d.severity === "error");
  if (!check.event || errors.length > 0) return { problems: errors.map((d) => `${d.path.map(String).join(".") || "the page"}: ${d.message}`) };
  const at = nowOf(now, zone);
  const instant = instantFromDate(at);
  const status = statusOf(value, zone, at);
  const event: PublishedEvent = { ...check.event, firstPublished: check.event.firstPublished ?? instant };
  const detail = eventDetail(settings.settings, event, instant) as Detail;
  return { detail, json: serialize(detail), status: status.kind === "live" ? null : statusText(status, zone) };
}
