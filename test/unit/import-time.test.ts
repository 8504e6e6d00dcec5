// The import's time: which IANA zone wrote the API's offsets, and performance times written back
// as wall times at the venue (an offset only where the wall time is lived twice).
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { wallTimeText } from "../../src/import/content-events.js";
import { ImportFailed } from "../../src/import/errors.js";
import { parseZoneOptions } from "../../src/import/infer-zones.js";
import { chooseZone, fittingZones, readInstant, type Observation } from "../../src/import/time-zones.js";

const observed = (...texts: string[]): Observation[] =>
  texts.map((t) => {
    const r = readInstant(t)!;
    return { epochMs: r.epochMs, offsetSeconds: r.offsetSeconds, where: t };
  });

const SYDNEY_YEAR = observed("2026-01-10T20:00:00+11:00", "2026-06-12T19:30:00+10:00");
const WINTER_ONLY = observed("2026-06-12T19:30:00+10:00", "2026-07-01T11:00:00+10:00");
const BRISBANE_YEAR = observed("2026-01-10T20:00:00+10:00", "2026-06-12T19:30:00+10:00");

describe("the zones that wrote the offsets", () => {
  it("reads an API timestamp's instant and offset, microseconds and Z included", () => {
    expect(readInstant("2026-05-12T19:30:15.250000+10:00")).toEqual({ epochMs: Date.UTC(2026, 4, 12, 9, 30, 15), micro: 250000, offsetSeconds: 36000 });
    expect(readInstant("2026-05-12T09:30:00Z")?.offsetSeconds).toBe(0);
    expect(readInstant("2026-05-12T19:30")).toBeNull();
  });

  it("keeps the zones whose offset at each instant is the one written", () => {
    const fit = fittingZones(SYDNEY_YEAR);
    expect(fit).toEqual(expect.arrayContaining(["Australia/Sydney", "Australia/Melbourne", "Australia/Hobart"]));
    expect(fit).not.toContain("Australia/Brisbane");
    expect(fittingZones(BRISBANE_YEAR)).toContain("Australia/Brisbane");
    expect(fittingZones(BRISBANE_YEAR)).not.toContain("Australia/Sydney");
  });

  it("takes the preferred zone when it fits, naming the zones alike and those that differ at other times of year", () => {
    const all = chooseZone(SYDNEY_YEAR, ["Australia/Sydney"], "the catalogue", "ZONE");
    expect(all.zone).toBe("Australia/Sydney");
    expect(all.alike).toContain("Australia/Melbourne");
    expect(all.differing).toEqual([]);
    const winter = chooseZone(WINTER_ONLY, ["Australia/Sydney"], "venue 6", "6=ZONE");
    expect(winter.zone).toBe("Australia/Sydney");
    expect(winter.differing.length).toBeGreaterThan(0);
    expect(chooseZone(WINTER_ONLY, ["Australia/Brisbane"], "venue 6", "6=ZONE").zone).toBe("Australia/Brisbane");
  });

  it("asks for --time-zone when the offsets fit zones that differ at other times of year and none is preferred", () => {
    expect(() => chooseZone(WINTER_ONLY, [], "venue 6's time zone", "6=ZONE")).toThrow(ImportFailed);
    expect(() => chooseZone(WINTER_ONLY, [], "venue 6's time zone", "6=ZONE")).toThrow(/venue 6's time zone: the offsets read fit several time zones .*; name the zone with --time-zone 6=ZONE/);
  });

  it("names one of zones alike in the region of a zone already chosen (Brisbane beside Sydney, not Guam)", () => {
    expect(chooseZone(BRISBANE_YEAR, ["Europe/Paris"], "venue 6", "6=ZONE", ["Australia/Sydney"]).zone).toBe("Australia/Brisbane");
  });

  it("refuses offsets no zone has", () => {
    expect(() => chooseZone(observed("2026-01-10T20:00:00+11:00", "2026-01-11T20:00:00+03:00"), [], "venue 2", "2=ZONE")).toThrow(/no time zone has the offsets of venue 2/);
  });

  it("reads --time-zone as the catalogue's zone or a venue's, refusing a zone it does not know", () => {
    const o = parseZoneOptions(["Australia/Sydney", "6=Australia/Brisbane"]);
    expect(o.catalogue).toBe("Australia/Sydney");
    expect([...o.venues]).toEqual([[6, "Australia/Brisbane"]]);
    expect(() => parseZoneOptions(["Australia/Atlantis"])).toThrow(UsageError);
  });
});

describe("performance times as an editor writes them", () => {
  it("writes the wall time at the venue, with seconds and microseconds only when not zero", () => {
    expect(wallTimeText("2026-05-12T19:30:00+10:00", "Australia/Sydney")).toBe("2026-05-12T19:30");
    expect(wallTimeText("2026-05-12T09:30:00Z", "Australia/Sydney")).toBe("2026-05-12T19:30");
    expect(wallTimeText("2026-05-12T19:30:15.250000+10:00", "Australia/Sydney")).toBe("2026-05-12T19:30:15.250000");
  });

  it("gives the offset where the wall time is lived twice, so each of the two keeps its instant", () => {
    // Sydney's clocks go back from +11:00 to +10:00 at 03:00 on 5 April 2026.
    expect(wallTimeText("2026-04-05T02:30:00+11:00", "Australia/Sydney")).toBe("2026-04-05T02:30+11:00");
    expect(wallTimeText("2026-04-05T02:30:00+10:00", "Australia/Sydney")).toBe("2026-04-05T02:30+10:00");
    expect(wallTimeText("2026-04-05T03:30:00+10:00", "Australia/Sydney")).toBe("2026-04-05T03:30");
  });
});
