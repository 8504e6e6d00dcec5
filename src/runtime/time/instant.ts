// Instants with microsecond precision (JavaScript dates stop at milliseconds; Wagtail keeps microseconds).

export interface Instant {
  /** Milliseconds since the epoch of the whole second. */
  readonly epochMs: number;
  /** Microseconds within that second, 0..999999. */
  readonly micro: number;
}

export interface WallTime {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly micro: number;
}

export function compareInstants(a: Instant, b: Instant): number {
  return a.epochMs - b.epochMs || a.micro - b.micro;
}

/** The wall time read as if it were UTC, in milliseconds (whole seconds). */
export function wallAsUtcMs(w: WallTime): number {
  const ms = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Date.UTC maps years 0..99 to 1900..1999; set the year explicitly.
  if (w.year < 100) {
    const d = new Date(ms);
    d.setUTCFullYear(w.year);
    return d.getTime();
  }
  return ms;
}

export function wallFromUtcMs(ms: number, micro = 0): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    micro,
  };
}

export function instantFromDate(date: Date): Instant {
  const ms = date.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return { epochMs: whole, micro: (ms - whole) * 1000 };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** `2026-10-04T02:30` (seconds and microseconds only when not zero), for messages. */
export function formatWall(w: WallTime): string {
  let s = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  if (w.second || w.micro) s += `:${pad(w.second)}`;
  if (w.micro) s += `.${pad(w.micro, 6)}`;
  return s;
}

/** An offset in seconds as Python writes it: `+11:00`, `-04:56:02`. */
export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? "-" : "+";
  const abs = Math.abs(offsetSeconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}${pad(h)}:${pad(m)}${s ? `:${pad(s)}` : ""}`;
}

export { pad };
