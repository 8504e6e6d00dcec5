// The catalogue's time zone (from first_published_at) and each venue's (from its performances'
// datetime offsets and formatted_datetime), or the zones --time-zone names.
import { UsageError } from "../errors.js";
import { formatOffset, wallAsUtcMs } from "../runtime/time/instant.js";
import { isTimeZone, offsetAt } from "../runtime/time/time-zone.js";
import { ImportFailed } from "./errors.js";
import type { PagesRead } from "./read-pages.js";
import type { PerformanceRead } from "./read-shapes.js";
import { chooseZone, readInstant, type Observation, type ZoneChoice } from "./time-zones.js";

/** The content format's default zone of a catalogue. */
const FORMAT_DEFAULT = "Australia/Sydney";

export interface ZoneOptions {
  catalogue?: string;
  venues: Map<number, string>;
}

/** `--time-zone Europe/Paris` (the catalogue's) and `--time-zone 6=Australia/Brisbane` (venue 6's), repeatable. */
export function parseZoneOptions(values: readonly string[]): ZoneOptions {
  const out: ZoneOptions = { venues: new Map() };
  for (const value of values) {
    const m = /^(?:(\d+)=)?(.+)$/.exec(value.trim())!;
    if (!isTimeZone(m[2]!)) throw new UsageError(`--time-zone: "${m[2]}" is not a known IANA time zone; write one such as Australia/Sydney, or <venue id>=<zone> for one venue`);
    if (m[1]) out.venues.set(Number(m[1]), m[2]!);
    else out.catalogue = m[2]!;
  }
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The offset formatted_datetime shows: its wall time (to the minute, the seconds taken from datetime) less the instant. */
function formattedOffset(p: PerformanceRead, instantMs: number): number | null {
  const d = /^\w{3}, (\d{2}) (\w{3}) (\d{4})$/.exec(p.formatted_datetime.date);
  const t = /^(\d{2}):(\d{2}) (am|pm)$/.exec(p.formatted_datetime.time);
  const second = /T\d{2}:\d{2}:(\d{2})/.exec(p.datetime)?.[1];
  const month = d ? MONTHS.indexOf(d[2]!) + 1 : 0;
  if (!d || !t || month === 0) return null;
  const hour = (Number(t[1]) % 12) + (t[3] === "pm" ? 12 : 0);
  const wall = { year: Number(d[3]), month, day: Number(d[1]), hour, minute: Number(t[2]), second: Number(second ?? 0), micro: 0 };
  return (wallAsUtcMs(wall) - instantMs) / 1000;
}

function checkNamed(zone: string, observations: readonly Observation[], option: string): void {
  const wrong = observations.find((o) => offsetAt(o.epochMs, zone) !== o.offsetSeconds);
  if (wrong) {
    throw new ImportFailed(
      `--time-zone ${option}: ${wrong.where} is written with ${formatOffset(wrong.offsetSeconds)} at ${new Date(wrong.epochMs).toISOString()}, where ${zone} is ${formatOffset(offsetAt(wrong.epochMs, zone))}; name the zone the API writes in`,
    );
  }
}

function describeChoice(what: string, choice: ZoneChoice, option: string, named: boolean): string | null {
  if (choice.differing.length > 0) {
    return `${what}: ${choice.zone}; the offsets read also fit ${choice.differing.slice(0, 4).join(", ")}, which differ${choice.differing.length === 1 ? "s" : ""} at other times of the year: if that is its zone, import again with --time-zone ${option.replace("ZONE", choice.differing[0]!)}`;
  }
  if (!named && choice.alike.length > 0) {
    return `${what}: ${choice.zone}; ${choice.alike.slice(0, 4).join(", ")}${choice.alike.length > 4 ? " and others" : ""} have the same offsets in these years (the API cannot tell them apart; --time-zone ${option} names yours)`;
  }
  return null;
}

export interface Zones {
  catalogue: string;
  venues: Map<number, string>;
  notes: string[];
}

export function inferZones(pages: PagesRead, options: ZoneOptions): Zones {
  const notes: string[] = [];
  const published: Observation[] = [];
  const add = (list: Observation[], text: string | null, where: string) => {
    const r = text === null ? null : readInstant(text);
    if (r) list.push({ epochMs: r.epochMs, offsetSeconds: r.offsetSeconds, where });
  };
  for (const e of pages.events) add(published, e.detail.meta.first_published_at, `page ${e.id}'s first_published_at`);
  if (pages.parent) add(published, pages.parent.page.meta.first_published_at, "the parent page's first_published_at");
  if (pages.home) add(published, pages.home.page.meta.first_published_at, "the home page's first_published_at");
  if (options.catalogue) checkNamed(options.catalogue, published, options.catalogue);
  const site = chooseZone(published, [options.catalogue ?? FORMAT_DEFAULT], "the catalogue's time zone (from first_published_at)", "ZONE");
  const siteNote = describeChoice("the catalogue's time zone", site, "ZONE", options.catalogue !== undefined || site.zone === FORMAT_DEFAULT);
  if (siteNote) notes.push(siteNote);

  const byVenue = new Map<number, Observation[]>();
  for (const e of pages.events) for (const p of e.detail.performances) {
    const list = byVenue.get(p.venue.id) ?? [];
    byVenue.set(p.venue.id, list);
    const where = `performance ${p.id} of page ${e.id}`;
    add(list, p.datetime, `${where} (datetime)`);
    const r = readInstant(p.datetime);
    const shown = r ? formattedOffset(p, r.epochMs) : null;
    if (r && shown !== null) list.push({ epochMs: r.epochMs, offsetSeconds: shown, where: `${where} (formatted_datetime)` });
  }
  const venues = new Map<number, string>();
  const ids = [...new Set([...pages.events.map((e) => e.detail.venue.id), ...byVenue.keys()])].sort((a, b) => a - b);
  for (const id of ids) {
    const observed = byVenue.get(id) ?? [];
    const named = options.venues.get(id);
    if (named) checkNamed(named, observed, `${id}=${named}`);
    const choice = chooseZone(observed, [named ?? site.zone, site.zone, ...venues.values()], `venue ${id}'s time zone (from its performances)`, `${id}=ZONE`, [site.zone, ...venues.values()]);
    const preferred = choice.zone === named || choice.zone === site.zone || [...venues.values()].includes(choice.zone);
    venues.set(id, choice.zone);
    const note = observed.length > 0 ? describeChoice(`venue ${id}'s time zone`, choice, `${id}=ZONE`, preferred) : null;
    if (note) notes.push(note);
  }
  return { catalogue: site.zone, venues, notes };
}
