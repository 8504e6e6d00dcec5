// The import's reading of a server with another clock (src/import/clock.ts): documents that differ
// only in is_past and in_past, and the instants the API's flags fit.
import { describe, expect, it } from "vitest";
import { flagsFit, onlyFlagsDiffer } from "../../src/import/clock.js";
import { serialize } from "../../src/runtime/serialize.js";

const detail = (performances: [datetime: string, isPast: boolean][], inPast?: boolean) =>
  serialize({
    id: 1,
    performances: performances.map(([datetime, is_past], i) => ({ id: i, datetime, is_past })),
    in_past: inPast ?? (performances.length > 0 && performances.every(([, p]) => p)),
  });

describe("onlyFlagsDiffer", () => {
  it("is true when the flags alone differ, at any depth", () => {
    expect(onlyFlagsDiffer(detail([["2026-06-01T19:30:00+10:00", true]]), detail([["2026-06-01T19:30:00+10:00", false]]))).toBe(true);
  });

  it("is false for any other value, a key more, or the same values written otherwise", () => {
    const read = detail([["2026-06-01T19:30:00+10:00", true]]);
    expect(onlyFlagsDiffer(read, detail([["2026-06-01T19:30:00+11:00", false]]))).toBe(false);
    expect(onlyFlagsDiffer(read, serialize({ ...JSON.parse(read), title: "x" }))).toBe(false);
    // The API's text written otherwise than the build writes it (the build's is always the serializer's).
    expect(onlyFlagsDiffer(JSON.stringify(JSON.parse(read)), detail([["2026-06-01T19:30:00+10:00", false]]))).toBe(false);
    expect(onlyFlagsDiffer(read, "not json")).toBe(false);
  });

  it("does not take a flag for a flag where it is no boolean", () => {
    expect(onlyFlagsDiffer(serialize({ is_past: "yes" }), serialize({ is_past: false }))).toBe(false);
  });
});

describe("flagsFit", () => {
  it("fits after the latest start called past and up to the earliest not, across pages and offsets; --now is that earliest start", () => {
    const fit = flagsFit([
      detail([["2026-05-30T19:30:00+10:00", true], ["2026-06-06T19:30:00+10:00", false]]),
      detail([["2026-05-31T09:00:00Z", true], ["2026-06-10T10:00:00+02:00", false]]),
      detail([]),
    ]);
    expect(fit).toEqual({ after: "2026-05-31T09:00:00Z", upTo: "2026-06-06T19:30:00+10:00", now: "2026-06-06T09:30:00Z" });
  });

  it("with every start past, fits from a second after the latest; with none, up to the earliest", () => {
    expect(flagsFit([detail([["2026-05-30T19:30:00.250000+10:00", true]])])).toEqual({ after: "2026-05-30T19:30:00.250000+10:00", upTo: null, now: "2026-05-30T09:30:01Z" });
    expect(flagsFit([detail([["2026-05-30T19:30:00+10:00", false], ["2026-07-30T19:30:00+10:00", false]])])).toEqual({
      after: null,
      upTo: "2026-05-30T19:30:00+10:00",
      now: "2026-05-30T09:30:00Z",
    });
  });

  it("fits nothing when no instant explains the flags", () => {
    // A later start past and an earlier one not.
    expect(flagsFit([detail([["2026-05-30T19:30:00+10:00", false], ["2026-06-06T19:30:00+10:00", true]])])).toBeNull();
    // The same start past on one page and not on another.
    expect(flagsFit([detail([["2026-05-30T19:30:00+10:00", true]]), detail([["2026-05-30T09:30:00Z", false]])])).toBeNull();
    // in_past that its own performances do not give.
    expect(flagsFit([detail([["2026-05-30T19:30:00+10:00", true], ["2026-06-30T19:30:00+10:00", false]], true)])).toBeNull();
    expect(flagsFit([detail([], true)])).toBeNull();
    // No performance at all, or a datetime without an offset.
    expect(flagsFit([detail([])])).toBeNull();
    expect(flagsFit([detail([["2026-05-30T19:30:00", true]])])).toBeNull();
  });
});
