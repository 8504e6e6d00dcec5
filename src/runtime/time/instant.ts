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

export const DAY_MS = 86_400_000;

/** The wall time read as if it were UTC, in milliseconds (whole seconds). */
export function wallAsUtcMs(w: WallTime): number {
  return daysFromCivil(w.year, w.month, w.day) * DAY_MS + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000;
}

/**
 * The proleptic Gregorian date of a day counted from 1970-01-01 (day 0), as Date's getUTC*() give
 * it for any day, before year 1 included (Howard Hinnant's civil_from_days). Arithmetic, not a
 * Date and six calls: a page's performances ask for a few dozen wall times.
 */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097; // [0, 146096]
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365); // [0, 399]
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // [0, 365]
  const mp = Math.floor((5 * doy + 2) / 153); // [0, 11], from March
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The day counted from 1970-01-01 of a proleptic Gregorian date (days_from_civil: the inverse of civilFromDays). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month (1..12) of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** Sunday 0 to Saturday 6, of a day counted from 1970-01-01 (a Thursday). */
export const weekdayOfDays = (days: number): number => ((days % 7) + 11) % 7;

export function wallFromUtcMs(ms: number, micro = 0): WallTime {
  const days = Math.floor(ms / DAY_MS);
  const { year, month, day } = civilFromDays(days);
  const secondOfDay = Math.floor((ms - days * DAY_MS) / 1000);
  return {
    year,
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
    micro,
  };
}

export function instantFromDate(date: Date): Instant {
  const ms = date.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return { epochMs: whole, micro: (ms - whole) * 1000 };
}

/** "00" to "99": most numbers a date text pads. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const pad = (n: number, width = 2): string => (width === 2 && n >= 0 && n < 100 ? TWO_DIGITS[n]! : String(n).padStart(width, "0"));

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
