// The API's date texts: Python's isoformat() as Django REST framework writes it, and the
// human formats of formatted_datetime and date_range (API document 2.4, 2.5).
import { daysFromCivil, formatOffset, pad, weekdayOfDays, type Instant, type WallTime } from "./instant.js";
import { toZone } from "./time-zone.js";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `2026-05-12T19:30:00+10:00`; microseconds only when not zero; `+00:00` written `Z`. */
export function isoformat(instant: Instant, zone: string): string {
  const { wall, offsetSeconds } = toZone(instant, zone);
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  const micro = wall.micro ? `.${pad(wall.micro, 6)}` : "";
  const offset = offsetSeconds === 0 ? "Z" : formatOffset(offsetSeconds);
  // One flat string (join), not a template's tree of pieces: a build keeps one for every page.
  return [date, "T", time, micro, offset].join("");
}

const weekday = (w: WallTime): string => WEEKDAYS[weekdayOfDays(daysFromCivil(w.year, w.month, w.day))]!;

/** `{date: "Tue, 12 May 2026", time: "07:30 pm"}`. */
export function formatPerformanceDate(wall: WallTime): { date: string; time: string } {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return {
    date: `${weekday(wall)}, ${pad(wall.day)} ${MONTHS[wall.month - 1]} ${wall.year}`,
    time: `${pad(hour12)}:${pad(wall.minute)} ${wall.hour < 12 ? "am" : "pm"}`,
  };
}

const dayMonth = (w: WallTime) => `${weekday(w)} ${pad(w.day)} ${MONTHS[w.month - 1]}`;

/**
 * The span of an event's performances from the first day to the last (each in its venue's zone):
 * one performance gives `Sat 06 Jun 2026`; several give `Tue 12 - Sat 16 May 2026` within a month
 * (the same day repeated when all fall on one day), `Tue 12 May - Sat 06 Jun 2026` across months,
 * `Thu 31 Dec 2026 - Fri 01 Jan 2027` across years; none give "".
 */
export function formatDateRange(days: readonly WallTime[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "";
  if (days.length === 1) return `${dayMonth(first)} ${first.year}`;
  if (first.year !== last.year) return `${dayMonth(first)} ${first.year} - ${dayMonth(last)} ${last.year}`;
  if (first.month !== last.month) return `${dayMonth(first)} - ${dayMonth(last)} ${last.year}`;
  return `${weekday(first)} ${pad(first.day)} - ${dayMonth(last)} ${last.year}`;
}
