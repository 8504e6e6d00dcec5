// Instants of `first_published_at`, for ordering and for the filter `?first_published_at=`: the
// documents' ISO 8601 text, and a query value read as Django's DateTimeField reads it. Dates
// count in the proleptic Gregorian calendar, years 1 to 9999 as Python's datetime (Date.UTC read
// years 0 to 99 as 1900 to 1999).
import { wallAsUtcMs } from "../time/instant.js";
import { checkWall } from "../time/parse-timestamp.js";
import { resolveWall } from "../time/time-zone.js";

/** Microseconds since the epoch of `2025-07-18T10:18:37.142148+10:00` (or `...Z`). */
export function instantOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!m) return NaN;
  const utc = wallAsUtcMs({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]!, micro: 0 });
  return (utc - offsetMinutes(m[8]!) * 60_000) * 1000 + Number((m[7] ?? "").padEnd(6, "0"));
}

function offsetMinutes(tz: string): number {
  if (tz === "Z") return 0;
  const sign = tz[0] === "-" ? -1 : 1;
  const [h, min] = tz.slice(1).split(":");
  return sign * (Number(h) * 60 + Number(min ?? 0));
}

/**
 * Django's parse_datetime (then parse_date, for midnight): `YYYY-MM-DD[( |T)HH:MM[:ss[.uuuuuu]][TZ]]`.
 * Without an offset the wall time is read in `zone`. Null when the text is not a date-time.
 */
export function parseDjangoDateTime(text: string, zone: string): number | null {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,6})\d{0,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text) ??
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", sec = "0"] = m.slice(1, 7).map((v) => v ?? undefined) as string[];
  const wall = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi, second: +sec, micro: Number((m[7] ?? "").padEnd(6, "0")) };
  // Python's datetime refuses a time its calendar does not have (year 0 included), and so does Django.
  if (wall.year < 1 || checkWall(wall) !== null) return null;
  const utc = wallAsUtcMs(wall);
  const tz = m[8];
  if (tz) {
    const offset = tz === "Z" ? 0 : offsetMinutes(tz.length === 5 ? `${tz.slice(0, 3)}:${tz.slice(3)}` : tz);
    return (utc - offset * 60_000) * 1000 + wall.micro;
  }
  // Without an offset, the wall time in the zone, as the build reads one (a time in a
  // daylight-saving gap or the repeated hour names no single instant).
  const resolved = resolveWall(wall, zone);
  return resolved.ok ? resolved.instant.epochMs * 1000 + resolved.instant.micro : null;
}
