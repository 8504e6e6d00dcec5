// The clock: the next instant at which a built catalogue goes stale. is_past of a performance turns
// true once now is past its start, and in_past of its page with its last performance, so the next
// change is the earliest start not before now (a start equal to now is not past yet: it changes
// right after). Nothing else in the API depends on now.
import { isoformat } from "../runtime/time/format-dates.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { Site } from "../validate/site.js";

export interface ClockChange {
  /** The performance whose is_past becomes true. */
  performance: number;
  /** Its event page. */
  page: number;
  slug: string;
  /** It is the page's last performance, so the page's in_past becomes true too. */
  endsPage: boolean;
}

export interface NextChange {
  /** ISO 8601 in the catalogue's zone, with the offset in force at that instant. */
  at: string;
  instant: Instant;
  /** Everything that changes then, by performance id. */
  changes: ClockChange[];
}

export function nextChange(site: Site, now: Instant): NextChange | null {
  let next: Instant | null = null;
  let changes: ClockChange[] = [];
  for (const event of site.events) {
    const last = event.performances[event.performances.length - 1];
    for (const p of event.performances) {
      if (compareInstants(p.start, now) < 0) continue;
      const order = next === null ? -1 : compareInstants(p.start, next);
      if (order > 0) break; // performances are in ascending start: later ones cannot be earlier
      const change = { performance: p.source.id, page: event.source.id, slug: event.slug, endsPage: p === last };
      if (order < 0) {
        next = p.start;
        changes = [change];
      } else changes.push(change);
    }
  }
  if (next === null) return null;
  changes.sort((a, b) => a.performance - b.performance);
  return { at: isoformat(next, site.catalogue.time_zone), instant: next, changes };
}

/** `2026-06-03T19:30:00+10:00 (is_past of performance 901 of hamlet; in_past of hamlet)`. */
export function describeNextChange(next: NextChange | null): string {
  if (!next) return "Next change: none (no performance starts after now; is_past and in_past stay as built)";
  const parts: string[] = [];
  for (const c of next.changes.slice(0, 3)) {
    parts.push(`is_past of performance ${c.performance} of ${c.slug}`);
    if (c.endsPage) parts.push(`in_past of ${c.slug}`);
  }
  const more = next.changes.length > 3 ? `, and ${next.changes.length - 3} more performances` : "";
  return `Next change: ${next.at} (${parts.join("; ")}${more}); rebuild then to keep the catalogue current`;
}
