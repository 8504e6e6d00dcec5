// Instants of `first_published_at`, for ordering and for the filter `?first_published_at=`: the
// documents' ISO 8601 text, and a query value read as Django's DateTimeField reads it.

/** Microseconds since the epoch of `2025-07-18T10:18:37.142148+10:00` (or `...Z`). */
export function instantOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!m) return NaN;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return (utc - offsetMinutes(m[8]!) * 60_000) * 1000 + Number((m[7] ?? "").padEnd(6, "0"));
}

function offsetMinutes(tz: string): number {
  if (tz === "Z") return 0;
  const sign = tz[0] === "-" ? -1 : 1;
  const [h, min] = tz.slice(1).split(":");
  return sign * (Number(h) * 60 + Number(min ?? 0));
}

/** The zone's offset (minutes) at a UTC instant (ms), from Intl: the same in every runtime. */
function zoneOffsetAt(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
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
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1, 7).map((v) => v ?? undefined) as string[];
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  const check = new Date(wall);
  if (check.getUTCDate() !== +d! || check.getUTCMonth() !== +mo! - 1 || +h > 23 || +mi > 59 || +s > 59) return null;
  const micro = Number((m[7] ?? "").padEnd(6, "0"));
  let offset: number;
  const tz = m[8];
  if (tz) offset = tz === "Z" ? 0 : offsetMinutes(tz.length === 5 ? `${tz.slice(0, 3)}:${tz.slice(3)}` : tz);
  else {
    // The offset in force at that wall time: try the offset at the wall time read as UTC, then again.
    offset = zoneOffsetAt(wall, zone);
    offset = zoneOffsetAt(wall - offset * 60_000, zone);
  }
  return (wall - offset * 60_000) * 1000 + micro;
}
