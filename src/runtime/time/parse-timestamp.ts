// Reads the timestamps editors write: a wall time, or a full timestamp with an offset.
import { daysInMonth, type WallTime } from "./instant.js";

export interface ParsedTimestamp {
  wall: WallTime;
  /** Offset in seconds when the text gives one (`Z` is 0), else null. */
  offsetSeconds: number | null;
}

export const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;

export type ParseResult = { ok: true; value: ParsedTimestamp } | { ok: false; reason: string };

/**
 * `YYYY-MM-DDTHH:mm[:ss[.ffffff]][Z|±HH:MM]`. Digits past the sixth of a fraction are dropped,
 * as Django does; impossible dates (30 February) and times (24:00) are errors.
 */
export function parseTimestamp(text: string): ParseResult {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) {
    return {
      ok: false,
      reason: `"${text}" is not a date and time; write it as YYYY-MM-DDTHH:mm (local time) or with an offset, e.g. 2026-03-14T19:30:00+11:00`,
    };
  }
  const [, y, mo, d, h, mi, s, frac, off] = m;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s ? Number(s) : 0,
    micro: frac ? Number(frac.slice(0, 6).padEnd(6, "0")) : 0,
  };
  const impossible = checkWall(wall);
  if (impossible) return { ok: false, reason: `"${text}": ${impossible}` };
  let offsetSeconds: number | null = null;
  if (off) {
    if (off === "Z" || off === "z") offsetSeconds = 0;
    else {
      const digits = off.slice(1).replace(/:/g, "");
      const oh = Number(digits.slice(0, 2));
      const om = Number(digits.slice(2, 4) || "0");
      const os = Number(digits.slice(4, 6) || "0");
      if (oh > 23 || om > 59 || os > 59) {
        return { ok: false, reason: `"${text}": the offset ${off} is impossible` };
      }
      offsetSeconds = (off[0] === "-" ? -1 : 1) * (oh * 3600 + om * 60 + os);
    }
  }
  return { ok: true, value: { wall, offsetSeconds } };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Why the wall time names no time of the calendar (a month, day, hour, minute or second it has not), or null. */
export function checkWall(w: WallTime): string | null {
  if (w.month < 1 || w.month > 12) return `there is no month ${w.month}`;
  if (w.day < 1 || w.day > daysInMonth(w.year, w.month)) {
    return `${MONTHS[w.month - 1]} ${w.year} has no day ${w.day}`;
  }
  if (w.hour > 23) return `there is no hour ${w.hour} (use 00 to 23)`;
  if (w.minute > 59) return `there is no minute ${w.minute}`;
  if (w.second > 59) return `there is no second ${w.second}`;
  return null;
}
