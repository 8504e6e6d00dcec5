// Time-zone arithmetic on IANA zones: offsets at an instant, and wall times resolved to instants.
import {
  DAY_MS,
  formatOffset,
  formatWall,
  wallAsUtcMs,
  wallFromUtcMs,
  type Instant,
  type WallTime,
} from "./instant.js";

const validZones = new Map<string, boolean>();

export function isTimeZone(name: string): boolean {
  let ok = validZones.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      ok = /^[A-Za-z]/.test(name);
    } catch {
      ok = false;
    }
    validZones.set(name, ok);
  }
  return ok;
}

// One formatter per zone, built once: formatting is the hot path of a large catalogue.
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", era: "short",
      year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

function computeOffset(epochMs: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === "BC" || parts.era === "B") year = 1 - year;
  const wall = { year, month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second), micro: 0 };
  return Math.round((wallAsUtcMs(wall) - epochMs) / 1000);
}

const dayCache = new Map<string, Map<number, number | null>>();

/**
 * Offset of the zone at that instant, in whole seconds east of UTC (the instant's own, whatever
 * the process's zone). A zone changes offset at most once a day: a UTC day whose start and end
 * have one offset has it throughout, and is answered from a cache per day; a day with a change
 * is answered per minute (zones change on whole minutes).
 */
export function offsetAt(epochMs: number, zone: string): number {
  const day = Math.floor(epochMs / DAY_MS);
  let days = dayCache.get(zone);
  if (!days) dayCache.set(zone, (days = new Map()));
  let whole = days.get(day);
  if (whole === undefined) {
    const start = offsetAtMinute(day * DAY_MS, zone);
    whole = start === offsetAtMinute((day + 1) * DAY_MS, zone) ? start : null;
    if (days.size > 100_000) days.clear();
    days.set(day, whole);
  }
  return whole ?? offsetAtMinute(epochMs, zone);
}

function offsetAtMinute(epochMs: number, zone: string): number {
  const minute = Math.floor(epochMs / 60_000);
  let cache = offsetCache.get(zone);
  if (!cache) offsetCache.set(zone, (cache = new Map()));
  let offset = cache.get(minute);
  if (offset === undefined) {
    offset = computeOffset(minute * 60_000, zone);
    if (cache.size > 100_000) cache.clear();
    cache.set(minute, offset);
  }
  return offset;
}

/** The wall time of the instant in the zone, and the offset in force. */
export function toZone(instant: Instant, zone: string): { wall: WallTime; offsetSeconds: number } {
  const offsetSeconds = offsetAt(instant.epochMs, zone);
  return { wall: wallFromUtcMs(instant.epochMs + offsetSeconds * 1000, instant.micro), offsetSeconds };
}

export type Resolution =
  | { ok: true; instant: Instant }
  | { ok: false; reason: string };

/**
 * The instant a wall time names in a zone. A wall time skipped by a daylight-saving change
 * (the gap) or lived twice (the repeated hour) names no single instant: both are errors
 * whose message says what to write instead.
 */
export function resolveWall(wall: WallTime, zone: string): Resolution {
  const wallMs = wallAsUtcMs(wall);
  const before = offsetAt(wallMs - DAY_MS, zone);
  const at = offsetAt(wallMs, zone);
  const after = offsetAt(wallMs + DAY_MS, zone);
  // Most wall times are a day or more from any change: one offset around them, one instant (the
  // same answer as below, without building the candidates or the message's text).
  if (before === at && at === after && offsetAt(wallMs - at * 1000, zone) === at) {
    return { ok: true, instant: { epochMs: wallMs - at * 1000, micro: wall.micro } };
  }
  const found: { ms: number; offset: number }[] = [];
  for (const offset of new Set([before, at, after])) {
    const ms = wallMs - offset * 1000;
    if (offsetAt(ms, zone) === offset && !found.some((f) => f.ms === ms)) found.push({ ms, offset });
  }
  if (found.length === 1) return { ok: true, instant: { epochMs: found[0]!.ms, micro: wall.micro } };
  const text = formatWall(wall);
  if (found.length === 0) {
    const later = wallFromUtcMs(wallMs + (after - before) * 1000, wall.micro);
    return {
      ok: false,
      reason:
        `${text} does not exist in ${zone}: clocks go forward from ${formatOffset(before)} to ${formatOffset(after)} that night ` +
        `(daylight saving); write a time after the change, such as ${formatWall(later).slice(11)}, or give an explicit offset`,
    };
  }
  found.sort((a, b) => a.ms - b.ms);
  const options = found.map((f) => `${text}${formatOffset(f.offset)}`);
  return {
    ok: false,
    reason:
      `${text} happens twice in ${zone}: clocks go back from ${formatOffset(before)} to ${formatOffset(after)} that night ` +
      `(daylight saving); give the offset to say which: ${options[0]} (first) or ${options[1]} (second)`,
  };
}

/** The instant of a parsed timestamp: its own offset when it has one, else the zone's wall time. */
export function resolveTimestamp(
  parsed: { wall: WallTime; offsetSeconds: number | null },
  zone: string,
): Resolution {
  if (parsed.offsetSeconds === null) return resolveWall(parsed.wall, zone);
  return {
    ok: true,
    instant: { epochMs: wallAsUtcMs(parsed.wall) - parsed.offsetSeconds * 1000, micro: parsed.wall.micro },
  };
}
