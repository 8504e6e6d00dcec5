// Performances as the API writes them (2.5), with the event's date_range and in_past.
import type { CatalogueSource } from "../content/catalogue.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import { formatDateRange, formatPerformanceDate, isoformat } from "../runtime/time/format-dates.js";
import { toZone } from "../runtime/time/time-zone.js";
import type { SiteEvent } from "../model/site.js";
import { ticketingLinks } from "./ticketing.js";

export function performances(event: SiteEvent, ticketing: CatalogueSource["ticketing"], now: Instant) {
  const owner = { id: event.source.event.id, ticketing_code: event.source.event.ticketing_code };
  return event.performances.map((p) => {
    const { wall } = toZone(p.start, p.venue.zone);
    return {
      id: p.source.id,
      ticketing_code: p.source.ticketing_code,
      event: owner,
      venue: { id: p.venue.id, ticketing_code: p.venue.ticketing_code },
      formatted_datetime: formatPerformanceDate(wall),
      datetime: isoformat(p.start, p.venue.zone),
      ...ticketingLinks(ticketing, { event: owner.ticketing_code, venue: p.venue.ticketing_code, performance: p.source.ticketing_code }),
      is_past: compareInstants(p.start, now) < 0,
    };
  });
}

export function dateRange(event: SiteEvent): string {
  return formatDateRange(event.performances.map((p) => toZone(p.start, p.venue.zone).wall));
}

/** At least one performance, and every one started before now. */
export function inPast(event: SiteEvent, now: Instant): boolean {
  return event.performances.length > 0 && event.performances.every((p) => compareInstants(p.start, now) < 0);
}
