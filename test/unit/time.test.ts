import { describe, expect, it } from "vitest";
import { formatDateRange, formatPerformanceDate, isoformat } from "../../src/runtime/time/format-dates.js";
import { parseTimestamp } from "../../src/runtime/time/parse-timestamp.js";
import { resolveTimestamp, resolveWall, offsetAt } from "../../src/runtime/time/time-zone.js";
import { civilFromDays, DAY_MS, daysFromCivil, daysInMonth, wallAsUtcMs, wallFromUtcMs, weekdayOfDays, type WallTime } from "../../src/runtime/time/instant.js";
import { instantOf as queryInstantOf, parseDjangoDateTime } from "../../src/runtime/query/datetime.js";

const wall = (text: string): WallTime => {
  const r = parseTimestamp(text);
  if (!r.ok) throw new Error(r.reason);
  return r.value.wall;
};
const instantOf = (text: string, zone: string) => {
  const r = parseTimestamp(text);
  if (!r.ok) throw new Error(r.reason);
  const res = resolveTimestamp(r.value, zone);
  if (!res.ok) throw new Error(res.reason);
  return res.instant;
};

describe("time zones across both daylight-saving changes (Australia/Sydney)", () => {
  it("writes the offset in force at each instant", () => {
    expect(isoformat(instantOf("2026-04-05T01:30", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-04-05T01:30:00+11:00");
    expect(isoformat(instantOf("2026-04-05T03:00", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-04-05T03:00:00+10:00");
    expect(isoformat(instantOf("2026-10-04T01:59", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-10-04T01:59:00+10:00");
    expect(isoformat(instantOf("2026-10-04T03:00", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-10-04T03:00:00+11:00");
  });

  it("rejects a wall time in the spring-forward gap, suggesting the time after it", () => {
    const r = resolveWall(wall("2026-10-04T02:30"), "Australia/Sydney");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toContain("does not exist in Australia/Sydney");
      expect(r.reason).toContain("03:30");
    }
    expect(resolveWall(wall("2026-10-04T02:00"), "Australia/Sydney").ok).toBe(false);
  });

  it("rejects the repeated hour without an offset, and offers both offsets", () => {
    const r = resolveWall(wall("2026-04-05T02:30"), "Australia/Sydney");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain("2026-04-05T02:30+11:00 (first) or 2026-04-05T02:30+10:00 (second)");
    expect(resolveWall(wall("2026-04-05T02:59"), "Australia/Sydney").ok).toBe(false);
  });

  it("accepts the repeated hour with an explicit offset and keeps the instant", () => {
    const first = instantOf("2026-04-05T02:30+11:00", "Australia/Sydney");
    const second = instantOf("2026-04-05T02:30+10:00", "Australia/Sydney");
    expect(second.epochMs - first.epochMs).toBe(3_600_000);
    expect(isoformat(first, "Australia/Sydney")).toBe("2026-04-05T02:30:00+11:00");
    expect(isoformat(second, "Australia/Sydney")).toBe("2026-04-05T02:30:00+10:00");
  });

  it("converts a timestamp given in another offset into the zone's", () => {
    expect(isoformat(instantOf("2026-01-10T08:30:00Z", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-01-10T19:30:00+11:00");
    expect(isoformat(instantOf("2026-01-10T08:30:00Z", "Australia/Brisbane"), "Australia/Brisbane")).toBe("2026-01-10T18:30:00+10:00");
  });

  // Sydney left +11:00 at 16:00Z. date-fns-tz 3's getTimezoneOffset reads a Date's local fields as
  // a wall time: under TZ=UTC this instant's fields say 17:30 on the 4th, before the change, and it
  // answers +11 h. Our offsets come from Intl at the instant itself (docs/architecture.md).
  it("is on +10:00 at 2026-04-04T17:30Z, whatever the process's TZ", () => {
    const saved = process.env.TZ;
    const at = Date.parse("2026-04-04T17:30:00Z");
    try {
      for (const tz of ["UTC", "Australia/Sydney", "America/Los_Angeles"]) {
        process.env.TZ = tz;
        if (tz === "UTC") expect(new Date(at).getHours()).toBe(17); // the wall time date-fns-tz would read
        expect(offsetAt(at, "Australia/Sydney"), tz).toBe(10 * 3600);
        expect(offsetAt(Date.parse("2026-04-04T15:59:00Z"), "Australia/Sydney"), tz).toBe(11 * 3600);
        expect(isoformat(instantOf("2026-04-04T17:30:00Z", "Australia/Sydney"), "Australia/Sydney"), tz).toBe("2026-04-05T03:30:00+10:00");
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("Brisbane has no daylight saving", () => {
    expect(resolveWall(wall("2026-10-04T02:30"), "Australia/Brisbane").ok).toBe(true);
    expect(offsetAt(Date.UTC(2026, 0, 1), "Australia/Brisbane")).toBe(36000);
  });
});

describe("isoformat as Python writes it", () => {
  it("writes microseconds only when not zero, six digits", () => {
    expect(isoformat(instantOf("2026-01-15T09:30:00.25+11:00", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-01-15T09:30:00.250000+11:00");
    expect(isoformat(instantOf("2026-01-15T09:30:00.000001+11:00", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-01-15T09:30:00.000001+11:00");
    expect(isoformat(instantOf("2026-01-15T09:30:00.000000+11:00", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-01-15T09:30:00+11:00");
  });
  it("writes a zero offset as Z, negative offsets and offsets with seconds", () => {
    expect(isoformat(instantOf("2026-07-01T12:00", "Europe/London"), "UTC")).toBe("2026-07-01T11:00:00Z");
    expect(isoformat(instantOf("2026-01-01T12:00", "Europe/London"), "Europe/London")).toBe("2026-01-01T12:00:00Z");
    expect(isoformat(instantOf("2026-07-01T12:00", "America/New_York"), "America/New_York")).toBe("2026-07-01T12:00:00-04:00");
    expect(isoformat(instantOf("1890-01-01T12:00", "Australia/Sydney"), "Australia/Sydney")).toBe("1890-01-01T12:00:00+10:04:52");
  });
});

describe("parseTimestamp", () => {
  it("rejects impossible dates and times", () => {
    for (const bad of ["2026-02-29T10:00", "2026-04-31T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01T10:60", "tomorrow", "2026-01-01"]) {
      expect(parseTimestamp(bad).ok, bad).toBe(false);
    }
    expect(parseTimestamp("2028-02-29T10:00").ok).toBe(true);
    expect(parseTimestamp("2000-02-29T10:00").ok).toBe(true);
    expect(parseTimestamp("1900-02-29T10:00").ok).toBe(false);
    expect(parseTimestamp("0000-02-29T10:00").ok).toBe(true); // year 0 is a leap year, proleptically
  });
});

describe("the calendar's arithmetic agrees with Date", () => {
  // Every day from 0001-01-01 to 9999-12-31 (what a timestamp can name), and years 0 and before.
  const first = Math.floor(Date.UTC(-400, 0, 1) / DAY_MS);
  const last = Math.floor(Date.UTC(9999, 11, 31) / DAY_MS);

  it("civilFromDays, daysFromCivil and weekdayOfDays on every day from -0400 to 9999", () => {
    for (let days = first; days <= last; days++) {
      const d = new Date(days * DAY_MS);
      const civil = civilFromDays(days);
      if (civil.year !== d.getUTCFullYear() || civil.month !== d.getUTCMonth() + 1 || civil.day !== d.getUTCDate() || weekdayOfDays(days) !== d.getUTCDay()) {
        expect({ days, ...civil, weekday: weekdayOfDays(days) }).toEqual({ days, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() });
      }
      if (daysFromCivil(civil.year, civil.month, civil.day) !== days) expect(daysFromCivil(civil.year, civil.month, civil.day)).toBe(days);
    }
  });

  it("wallFromUtcMs on instants through each day, before 1970 included", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 200_000; i++) {
      const ms = Math.floor((first + random() * (last - first)) * DAY_MS / 1000) * 1000;
      const d = new Date(ms);
      const expected = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), micro: 5 };
      const got = wallFromUtcMs(ms, 5);
      if (got.year !== expected.year || got.month !== expected.month || got.day !== expected.day || got.hour !== expected.hour || got.minute !== expected.minute || got.second !== expected.second) {
        expect({ ms, ...got }).toEqual({ ms, ...expected });
      }
      if (wallAsUtcMs(got) !== ms) expect({ wall: got, ms: wallAsUtcMs(got) }).toEqual({ wall: got, ms });
    }
    expect(wallFromUtcMs(-1000)).toEqual({ year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, micro: 0 });
    // Years 0 to 99 are those years, not 1900 to 1999 as Date.UTC reads them.
    expect(wallAsUtcMs({ year: 50, month: 3, day: 1, hour: 12, minute: 0, second: 0, micro: 0 })).toBe(new Date("0050-03-01T12:00:00Z").getTime());
  });
});

describe("first_published_at in list queries (ordering and ?first_published_at=)", () => {
  // Microseconds since the epoch, as Date reads an ISO text (it takes years 0 to 99 as written).
  const micros = (iso: string) => new Date(iso).getTime() * 1000;

  it("reads years 1 to 99 as those years, as Python's datetime does (Date.UTC read them as 1900 to 1999)", () => {
    expect(queryInstantOf("0025-01-10T10:00:03+11:00")).toBe(micros("0025-01-10T10:00:03+11:00"));
    expect(queryInstantOf("0099-12-31T23:59:59.5Z")).toBe(micros("0099-12-31T23:59:59Z") + 500_000);
    expect(queryInstantOf("0099-12-31T23:59:59Z")).toBeLessThan(queryInstantOf("1999-01-01T00:00:00Z"));
    expect(parseDjangoDateTime("0025-01-10T10:00:03+11:00", "UTC")).toBe(micros("0025-01-10T10:00:03+11:00"));
    expect(parseDjangoDateTime("0001-01-01", "UTC")).toBe(micros("0001-01-01T00:00:00Z"));
    // Later years as before.
    expect(queryInstantOf("2025-07-18T10:18:37.142148+10:00")).toBe(micros("2025-07-18T10:18:37+10:00") + 142_148);
    expect(parseDjangoDateTime("2025-07-18 10:18:37.142148+1000", "UTC")).toBe(micros("2025-07-18T10:18:37+10:00") + 142_148);
  });

  it("refuses what is not a day of that calendar, year 0 included, as Django's parse_datetime does", () => {
    for (const text of ["0000-01-01", "0000-06-15T12:00:00Z", "2026-02-29", "2026-13-01", "2026-04-31T10:00", "2026-04-30T24:00", "2026-04-30T10:60"]) {
      expect([text, parseDjangoDateTime(text, "UTC")]).toEqual([text, null]);
    }
    expect(parseDjangoDateTime("2024-02-29", "UTC")).toBe(micros("2024-02-29T00:00:00Z"));
    expect(parseDjangoDateTime("2000-02-29T01:02:03Z", "UTC")).toBe(micros("2000-02-29T01:02:03Z"));
    expect(parseDjangoDateTime("1900-02-29", "UTC")).toBeNull();
  });

  it("daysInMonth agrees with Date on every month from year 1 to 9999", () => {
    for (let year = 1; year <= 9999; year++) {
      for (let month = 1; month <= 12; month++) {
        const d = new Date(0);
        d.setUTCFullYear(year, month, 0); // day 0 of the next month: this month's last
        if (daysInMonth(year, month) !== d.getUTCDate()) expect([year, month, daysInMonth(year, month)]).toEqual([year, month, d.getUTCDate()]);
      }
    }
  });
});

describe("formatted_datetime", () => {
  it("writes a 12-hour clock with a zero-padded hour and lowercase am/pm", () => {
    expect(formatPerformanceDate(wall("2026-05-12T19:30"))).toEqual({ date: "Tue, 12 May 2026", time: "07:30 pm" });
    expect(formatPerformanceDate(wall("2026-05-12T00:05"))).toEqual({ date: "Tue, 12 May 2026", time: "12:05 am" });
    expect(formatPerformanceDate(wall("2026-05-12T12:00"))).toEqual({ date: "Tue, 12 May 2026", time: "12:00 pm" });
    expect(formatPerformanceDate(wall("2026-05-02T11:00"))).toEqual({ date: "Sat, 02 May 2026", time: "11:00 am" });
  });
});

describe("date_range in all its forms", () => {
  it("is empty without performances", () => expect(formatDateRange([])).toBe(""));
  it("a single performance", () => expect(formatDateRange([wall("2026-06-06T14:00")])).toBe("Sat 06 Jun 2026"));
  it("several days within a month", () =>
    expect(formatDateRange([wall("2026-05-12T19:30"), wall("2026-05-13T19:30"), wall("2026-05-16T14:00")])).toBe("Tue 12 - Sat 16 May 2026"));
  it("several performances on one day repeat the day", () =>
    expect(formatDateRange([wall("2026-05-16T14:00"), wall("2026-05-16T19:30")])).toBe("Sat 16 - Sat 16 May 2026"));
  it("across a month end", () =>
    expect(formatDateRange([wall("2026-04-25T20:00"), wall("2026-05-02T20:00")])).toBe("Sat 25 Apr - Sat 02 May 2026"));
  it("across a year end writes both years", () =>
    expect(formatDateRange([wall("2026-12-31T20:00"), wall("2027-01-02T20:00")])).toBe("Thu 31 Dec 2026 - Sat 02 Jan 2027"));
});
