// A page's status as the build decides it (enrich/publication.ts, the same rule), from the form's
// values at this moment: Draft, Scheduled (with its go-live), Live (with its expiry) or Expired,
// in words and in the catalogue's time zone; and the timestamp a first publish writes.
import { statusAt, type PageStatus } from "../../enrich/publication.js";
import { instantFromDate, type Instant } from "../../runtime/time/instant.js";
import { parseTimestamp } from "../../runtime/time/parse-timestamp.js";
import { resolveTimestamp, toZone } from "../../runtime/time/time-zone.js";

/** An instant a form's text names in the zone, or null (empty, or not a timestamp yet: the field's check says why). */
export function instantOf(text: unknown, zone: string): Instant | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const parsed = parseTimestamp(text);
  if (!parsed.ok) return null;
  const resolved = resolveTimestamp(parsed.value, zone);
  return resolved.ok ? resolved.instant : null;
}

/** The page's status now, from its values (`live` absent is true, as in the content format). */
export function statusOf(data: { live?: unknown; go_live_at?: unknown; expire_at?: unknown }, zone: string, now = new Date()): PageStatus {
  return statusAt({ live: data.live !== false, goLiveAt: instantOf(data.go_live_at, zone), expireAt: instantOf(data.expire_at, zone) }, instantFromDate(now));
}

/** The admin's now: the edit server's --now when it was given one (config's `now`), else this computer's clock. */
export function nowOf(given: unknown, zone: string): Date {
  const instant = instantOf(given, zone);
  return instant ? new Date(instant.epochMs) : new Date();
}

/** "Tue 12 May 2026, 09:00 (Australia/Sydney)". */
export function whenInZone(instant: Instant, zone: string): string {
  // From the parts, not the whole: browsers join them differently ("Fri, 1 May", "Fri 1 May ... at").
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(instant.epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} (${zone})`;
}

/** The status in a word, with its time: "Scheduled: goes live Tue 12 May 2026, 09:00 (Australia/Sydney)". */
export function statusText(status: PageStatus, zone: string): string {
  switch (status.kind) {
    case "draft":
      return "Draft: not in the API";
    case "scheduled":
      return `Scheduled: goes live ${whenInZone(status.goLiveAt, zone)}`;
    case "expired":
      return `Expired: left the API ${whenInZone(status.expiredAt, zone)}`;
    case "live":
      return status.expiresAt ? `Live until ${whenInZone(status.expiresAt, zone)}` : "Live";
  }
}

/** The wall time now in the zone, to the second (`2026-05-01T10:00:00`): what a first publish writes as first_published_at. */
export function wallNow(zone: string, now = new Date()): string {
  const { wall } = toZone(instantFromDate(now), zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(wall.year).padStart(4, "0")}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}

/** The first_published_at each page was given by a first publish in this page, by its path (Decap keeps the form's data as it was before the save). */
const firstPublished = new Map<string, string>();

/**
 * The first_published_at a save of the page at `path` writes, or null to leave the page's as it
 * is: a page saved live with neither it nor a go-live gets the time now, once; a later save in
 * the same session, whose form does not hold what the first wrote, writes the same time again.
 */
export function firstPublication(path: string, values: { first_published_at?: unknown; go_live_at?: unknown }, live: boolean, now: () => string): string | null {
  const unset = (v: unknown) => v === undefined || v === null || v === "";
  if (!live || !unset(values.first_published_at) || !unset(values.go_live_at)) return null;
  const given = (path ? firstPublished.get(path) : undefined) ?? now();
  if (path) firstPublished.set(path, given);
  return given;
}
