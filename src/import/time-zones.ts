// Which IANA time zone wrote the API's timestamps: the zones whose offset at each instant is the
// offset written. Zones that fit and behave alike in the years around the catalogue are one
// choice; zones that fit but differ at other times of the year need the editor's word.
import { ImportFailed } from "./errors.js";
import { formatOffset, wallAsUtcMs, DAY_MS } from "../runtime/time/instant.js";
import { parseTimestamp } from "../runtime/time/parse-timestamp.js";
import { isTimeZone, offsetAt } from "../runtime/time/time-zone.js";

export interface Observation {
  epochMs: number;
  offsetSeconds: number;
  /** Where it was read, for messages. */
  where: string;
}

/** The instant and offset of an API timestamp (`2026-05-12T19:30:00+10:00`), or null for text that is not one. */
export function readInstant(text: string): { epochMs: number; micro: number; offsetSeconds: number } | null {
  const parsed = parseTimestamp(text);
  if (!parsed.ok || parsed.value.offsetSeconds === null) return null;
  return { epochMs: wallAsUtcMs(parsed.value.wall) - parsed.value.offsetSeconds * 1000, micro: parsed.value.wall.micro, offsetSeconds: parsed.value.offsetSeconds };
}

let zones: string[] | null = null;
const allZones = () => (zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone")]);

/** The zones whose offset at every observed instant is the one observed. */
export function fittingZones(observations: readonly Observation[]): string[] {
  const seen = new Set<string>();
  const unique = observations.filter((o) => {
    const key = `${o.epochMs}/${o.offsetSeconds}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return allZones().filter((zone) => unique.every((o) => offsetAt(o.epochMs, zone) === o.offsetSeconds));
}

/** The zone's offsets twice a day from the first observed year to the year after the last: zones alike there are one choice. */
function behaviour(zone: string, observations: readonly Observation[]): string {
  // A loop, not Math.min(...years): an argument list of a few hundred thousand overflows the stack.
  let first = Infinity;
  let last = -Infinity;
  for (const o of observations) {
    const year = new Date(o.epochMs).getUTCFullYear();
    first = Math.min(first, year);
    last = Math.max(last, year);
  }
  const from = Date.UTC(first, 0, 1);
  const to = Date.UTC(last + 2, 0, 1);
  const offsets: number[] = [];
  for (let t = from; t < to; t += DAY_MS / 2) offsets.push(offsetAt(t, zone));
  return offsets.join(",");
}

export interface ZoneChoice {
  zone: string;
  /** Zones that fit as well but differ at other times of the year (one of each kind). */
  differing: string[];
  /** Zones that fit as well and behave alike. */
  alike: string[];
}

/**
 * The zone of `what`: the first of `preferred` that fits (an option, or the content format's
 * default), else the one kind of zone that fits (named in a region of `nearby`, or the most common
 * region, then alphabetically); several kinds without a preferred one is an error asking for --time-zone.
 */
export function chooseZone(observations: readonly Observation[], preferred: readonly string[], what: string, option: string, nearby: readonly string[] = []): ZoneChoice {
  const fitting = fittingZones(observations);
  if (fitting.length === 0) {
    const o = observations[0]!;
    throw new ImportFailed(
      `no time zone has the offsets of ${what} (such as ${formatOffset(o.offsetSeconds)} at ${new Date(o.epochMs).toISOString()}, ${o.where}): the API's timestamps do not come from one IANA zone, which the content format needs`,
    );
  }
  const kinds = new Map<string, string[]>();
  if (observations.length > 0) for (const z of fitting) {
    const b = behaviour(z, observations);
    kinds.set(b, [...(kinds.get(b) ?? []), z]);
  }
  const kindOf = (zone: string) => [...kinds.values()].find((k) => k.includes(zone)) ?? [];
  const choice = (zone: string): ZoneChoice => ({
    zone,
    alike: kindOf(zone).filter((z) => z !== zone),
    differing: [...kinds.values()].filter((k) => !k.includes(zone)).map((k) => k[0]!),
  });
  for (const p of preferred) if (isTimeZone(p) && fitting.includes(p)) return choice(p);
  if (kinds.size > 1) {
    const examples = [...kinds.values()].map((k) => k[0]!).slice(0, 6);
    throw new ImportFailed(
      `${what}: the offsets read fit several time zones that differ at other times of the year (${examples.join(", ")}${kinds.size > 6 ? ", ..." : ""}); name the zone with --time-zone ${option}`,
    );
  }
  // Alike zones: one in the region of a zone already chosen (a venue beside the site), else in
  // the region most of them share, the first by name.
  const kind = [...kinds.values()][0] ?? fitting;
  const regionOf = (z: string) => z.split("/")[0]!;
  const regions = new Map<string, number>();
  for (const z of kind) regions.set(regionOf(z), (regions.get(regionOf(z)) ?? 0) + 1);
  const near = nearby.map(regionOf).find((r) => regions.has(r));
  const region = near ?? [...regions.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  return choice(kind.filter((z) => regionOf(z) === region).sort()[0]!);
}
