// The clock: the next instant at which a built catalogue goes stale. is_past of a performance turns
// true once now is past its start, and in_past of its page with its last performance, so a change
// is the earliest start not before now (a start equal to now is not past yet: it changes right
// after). A scheduled page enters the API at its go-live, a live one leaves it at its expiry
// (publication.ts). Nothing else in the API depends on now.
import { isoformat } from "../runtime/time/format-dates.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { SiteEvent, PageChange, PageSummary, UnpublishedPage } from "../model/site.js";

/** What changes of one page: a performance's is_past (and with the last, in_past), the page's go-live or its expiry. */
export type ClockChange = { page: number; slug: string } & (
  | { performance: number; endsPage: boolean }
  | { publication: "go-live" | "expiry" }
);

export interface NextChange {
  /** ISO 8601 in the catalogue's zone, with the offset in force at that instant. */
  at: string;
  instant: Instant;
  /** Everything that changes then, by performance id. */
  changes: ClockChange[];
}

/** One page's part: its earliest start not before now, with every performance starting then, or its expiry if that comes first. */
export function pageNextChange(event: SiteEvent, now: Instant, expiresAt: Instant | null): PageSummary["next"] {
  let next: Instant | null = null;
  let changes: PageChange[] = [];
  const last = event.performances[event.performances.length - 1];
  for (const p of event.performances) {
    if (compareInstants(p.start, now) < 0) continue;
    if (next !== null && compareInstants(p.start, next) > 0) break; // in ascending start: later ones cannot be earlier
    next = p.start;
    changes.push({ performance: p.source.id, endsPage: p === last });
  }
  if (expiresAt && compareInstants(expiresAt, now) >= 0) {
    const order = next === null ? -1 : compareInstants(expiresAt, next);
    if (order < 0) return { instant: expiresAt, changes: [{ expires: true }] };
    if (order === 0) changes.push({ expires: true });
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
    if (!page.next || !this.at(page.next.instant)) return;
    for (const c of page.next.changes) {
      this.changes.push("expires" in c ? { page: page.id, slug: page.slug, publication: "expiry" } : { page: page.id, slug: page.slug, performance: c.performance, endsPage: c.endsPage });
    }
  }

  /** A page scheduled to go live (not in the API yet, so without a summary). */
  addGoLive(page: UnpublishedPage, now: Instant): void {
    if (page.status !== "scheduled" || !page.at || compareInstants(page.at, now) < 0 || !this.at(page.at)) return;
    this.changes.push({ page: page.id, slug: page.slug, publication: "go-live" });
  }

  /** Whether a change at this instant is among the earliest (starting them over when it is earlier). */
  private at(instant: Instant): boolean {
    const order = this.next === null ? -1 : compareInstants(instant, this.next);
    if (order > 0) return false;
    if (order < 0) {
      this.next = instant;
      this.changes = [];
    }
    return true;
  }

  result(zone: string): NextChange | null {
    if (this.next === null) return null;
    // Pages' publications first, by page id, then performances by id.
    const key = (c: ClockChange): [number, number] => ("performance" in c ? [1, c.performance] : [0, c.page]);
    const changes = [...this.changes].sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1];
    });
    return { at: isoformat(this.next, zone), instant: this.next, changes };
  }
}

/** `2026-06-03T19:30:00+10:00 (is_past of performance 901 of hamlet; in_past of hamlet)`. */
export function describeNextChange(next: NextChange | null): string {
  if (!next) return "Next change: none (no performance starts, no page goes live or expires after now; the catalogue stays as built)";
  const parts: string[] = [];
  for (const c of next.changes.slice(0, 3)) {
    if ("publication" in c) parts.push(`${c.slug} ${c.publication === "go-live" ? "goes live" : "expires"}`);
    else {
      parts.push(`is_past of performance ${c.performance} of ${c.slug}`);
      if (c.endsPage) parts.push(`in_past of ${c.slug}`);
    }
  }
  const more = next.changes.length > 3 ? `, and ${next.changes.length - 3} more changes` : "";
  return `Next change: ${next.at} (${parts.join("; ")}${more}); rebuild then to keep the catalogue current`;
}
