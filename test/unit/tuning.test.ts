// The sizes at which the build changes how it works (src/options.ts): read once from the
// environment, which names the few the tests set, and passed down as values.
import { describe, expect, it } from "vitest";
import { tuningOf } from "../../src/options.js";

describe("tuning", () => {
  it("has the defaults without the environment", () => {
    const t = tuningOf({});
    expect(t.threads).toBe(true);
    expect(t.summariesOnDiskFrom).toBe(20_000);
    expect(t.compileAfter).toBe(50);
    expect(t.writeThreadFrom).toBeGreaterThan(0);
  });

  it("takes what the environment says, and only whole numbers", () => {
    const t = tuningOf({ BUILD_CATALOGUE_THREADS: "0", BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM: "10", BUILD_CATALOGUE_COMPILE_AFTER: "1" });
    expect([t.threads, t.summariesOnDiskFrom, t.compileAfter]).toEqual([false, 10, 1]);
    const ignored = tuningOf({ BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM: "many", BUILD_CATALOGUE_COMPILE_AFTER: "-3", BUILD_CATALOGUE_THREADS: "2" });
    expect([ignored.threads, ignored.summariesOnDiskFrom, ignored.compileAfter]).toEqual([true, 20_000, 50]);
  });
});
