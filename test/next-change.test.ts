// The clock: every build names the next instant at which an is_past or in_past changes, check
// --next-change prints it alone, and the built bytes really do not change before it and do after.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example/content");
const EDGE = path.join(FIXTURES, "good/edge/content");
const NOW = "2026-05-01T00:00:00Z";

let dir: string;
beforeAll(() => {
  dir = tempDir("bc-clock-");
  copyContent(EXAMPLE, dir);
  copyContent(EDGE, dir, "edge");
});
afterAll(() => removeDir(dir));

const nextChange = (now: string, content = "content") => runCli(["check", "--content", content, "--next-change", "--now", now], { cwd: dir });
const detail = (out: string, id: number) => JSON.parse(readFileSync(path.join(dir, out, `api/v2/event_pages/${id}/index.json`), "utf8"));

describe("check --next-change", () => {
  it("prints the instant alone, in the catalogue's zone with the offset in force then", () => {
    const run = nextChange(NOW);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toBe("2026-05-02T20:00:00+10:00\n");
    expect(run.stderr).toBe("");
  });

  it("prints the instant alone on content with warnings too: a scheduler's log gets no warnings", () => {
    // At this instant Jazz on the River is on sale with every performance started: a warning for build and check.
    const now = "2026-05-03T00:00:00+10:00";
    expect(runCli(["check", "--now", now], { cwd: dir }).stderr).toMatch(/^warning: content\/events\/jazz-on-the-river\.json:\d+:\d+: on_sale: /m);
    const run = nextChange(now);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toBe("2026-05-12T19:30:00+10:00\n");
    expect(run.stderr).toBe("");
  });

  it("walks from change to change, and prints nothing when no change is coming", () => {
    // After the last performance of Jazz on the River: the Seagull's first (12 May, given second in its file).
    expect(nextChange("2026-05-02T20:00:01+10:00").stdout).toBe("2026-05-12T19:30:00+10:00\n");
    expect(nextChange("2026-05-12T19:30:01+10:00").stdout).toBe("2026-05-13T19:30:00+10:00\n");
    expect(nextChange("2026-05-13T20:00").stdout).toBe("2026-06-06T14:00:00+10:00\n");
    const none = nextChange("2026-06-06T14:00:01+10:00");
    expect(none.code).toBe(0);
    expect(none.stdout).toBe("");
  });

  it("a performance starting exactly at --now is not past yet: it is still the next change", () => {
    expect(nextChange("2026-05-02T20:00:00+10:00").stdout).toBe("2026-05-02T20:00:00+10:00\n");
  });

  it("writes the catalogue zone's offset at that instant (UTC+0 as Z), whatever the performance's venue zone", () => {
    // Europe/London catalogue; two performances start together at 20:00 UTC on New Year's Eve.
    const run = nextChange("2026-12-31T19:00:00Z", "edge");
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toBe("2026-12-31T20:00:00Z\n");
  });

  it("a bad --now exits 2 and content errors exit 1, with nothing on stdout and the errors on stderr", () => {
    const run = nextChange("not a time");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const broken = runCli(["check", "--content", "missing-folder", "--next-change"], { cwd: dir });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe("");
    expect(broken.stderr).toMatch(/missing-folder: the content folder does not exist/);
  });
});

describe("every build reports it", () => {
  it("as a progress line before the summary, naming what changes", () => {
    const run = runCli(["build", "--out", "out-now", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.at(-2)).toBe(
      "Next change: 2026-05-02T20:00:00+10:00 (is_past of performance 6012 of jazz-on-the-river; in_past of jazz-on-the-river); rebuild then to keep the catalogue current",
    );
    expect(lines.at(-1)).toMatch(/^Built 2 event pages/);
    const done = runCli(["build", "--out", "out-late", "--now", "2027-01-01"], { cwd: dir });
    expect(done.stdout).toContain("Next change: none (no performance starts, no page goes live or expires after now; the catalogue stays as built)");
  });

  it("is right: the bytes do not change up to that instant, and do right after it", () => {
    expect(runCli(["build", "--out", "out-at", "--now", "2026-05-02T20:00:00+10:00"], { cwd: dir }).code).toBe(0);
    expect(runCli(["build", "--out", "out-after", "--now", "2026-05-02T20:00:01+10:00"], { cwd: dir }).code).toBe(0);
    expect(snapshotTree(path.join(dir, "out-at"))).toEqual(snapshotTree(path.join(dir, "out-now")));
    expect(detail("out-at", 202).performances[1].is_past).toBe(false);
    expect(detail("out-after", 202).performances[1].is_past).toBe(true);
    expect(detail("out-at", 202).in_past).toBe(false);
    expect(detail("out-after", 202).in_past).toBe(true);
  });

  it("the library's result carries it, with every performance that changes then", async () => {
    const result = await check({ content: path.join(dir, "edge"), now: "2026-12-31T19:00:00Z" });
    expect(result.ok).toBe(true);
    expect(result.nextChange?.at).toBe("2026-12-31T20:00:00Z");
    expect(result.nextChange?.changes).toEqual([
      { performance: 3001, page: 30, slug: "new-year", endsPage: false },
      { performance: 3002, page: 30, slug: "new-year", endsPage: false },
    ]);
  });
});
