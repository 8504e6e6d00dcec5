// The clock: the next instant at which a built catalogue goes stale. is_past of a performance turns
// true once now is past its start, and in_past of its page with its last performance, so the next
// change is the earliest start not before now (a start equal to now is not past yet: it changes
// right after). Nothing else in the API depends on now.
import { isoformat } from "../runtime/time/format-dates.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { SiteEvent, PageSummary } from "../model/site.js";

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

/** One page's part: its earliest start not before now, with every performance starting then. */
export function pageNextChange(event: SiteEvent, now: Instant): PageSummary["next"] {
  let next: Instant | null = null;
  let changes: { performance: number; endsPage: boolean }[] = [];
  const last = event.performances[event.performances.length - 1];
  for (const p of event.performances) {
    if (compareInstants(p.start, now) < 0) continue;
    if (next !== null && compareInstants(p.start, next) > 0) break; // in ascending start: later ones cannot be earlier
    next = p.start;
    changes.push({ performance: p.source.id, endsPage: p === last });
  }
  return next === null ? null : { instant: next, changes };
}

/**
 * The catalogue's next change, the earliest of its pages', gathered a page at a time: the build
 * reads each summary once for this and the image warnings (kept on disk, a pass parses every one).
 */
export class NextChangeOf {
  private next: Instant | null = null;
  private changes: ClockChange[] = [];

  add(page: PageSummary): void {
    if (!page.next) return;
    const order = this.next === null ? -1 : compareInstants(page.next.instant, this.next);
    if (order > 0) return;
    if (order < 0) {
      this.next = page.next.instant;
      this.changes = [];
    }
    for (const c of page.next.changes) this.changes.push({ performance: c.performance, page: page.id, slug: page.slug, endsPage: c.endsPage });
  }

  result(zone: string): NextChange | null {
    if (this.next === null) return null;
    const changes = [...this.changes].sort((a, b) => a.performance - b.performance);
    return { at: isoformat(this.next, zone), instant: this.next, changes };
  }
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
