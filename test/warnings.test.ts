// Warnings, one fixture folder per reason (test/fixtures/warnings/<reason>/{content/, expect.json}):
// the real CLI builds (exit 0), prints each warning with its file, key path and what to do, counts
// them in the summary; with --strict, build and check fail (exit 1) and --out stays as it was.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const WARNINGS = path.join(FIXTURES, "warnings");
const GOOD = path.join(FIXTURES, "good/spec-example/content");

interface Expected {
  now: string;
  warnings: { file: string; path: string; message: string }[];
}

const reasons = readdirSync(WARNINGS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const warningLines = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("warning: "));

let root: string;
beforeAll(() => {
  root = tempDir("bc-warnings-");
});
afterAll(() => removeDir(root));

it("has a fixture for each kind of warning", () => {
  expect(reasons).toEqual(
    ["empty-image-alt", "empty-thumbnail-alt", "on-sale-all-performances-past", "on-sale-without-performances", "performance-far-future", "unused-image"],
  );
});

it("the worked example itself has no warning at its --now (the control)", () => {
  const dir = path.join(root, "control");
  copyContent(GOOD, dir);
  const run = runCli(["build", "--now", "2026-05-01T00:00:00Z", "--strict"], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  expect(warningLines(run.stderr)).toEqual([]);
  expect(run.stdout).not.toMatch(/warning/);
});

describe.each(reasons)("%s", (reason) => {
  const expected = JSON.parse(readFileSync(path.join(WARNINGS, reason, "expect.json"), "utf8")) as Expected;
  const setup = () => {
    const dir = path.join(root, reason);
    copyContent(path.join(WARNINGS, reason, "content"), dir);
    return dir;
  };

  it("builds, printing each warning with its file, key and what to do, and counts them", () => {
    const dir = setup();
    const run = runCli(["build", "--now", expected.now], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const lines = warningLines(run.stderr);
    expect(lines).toHaveLength(expected.warnings.length);
    expected.warnings.forEach((w, i) => {
      // file:line:column, then the key path.
      expect(lines[i]!.startsWith(`warning: content/${w.file}:`)).toBe(true);
      expect(lines[i]).toMatch(new RegExp(`^warning: content/${w.file.replace(/[.[\]]/g, "\\$&")}:\\d+:\\d+: ${w.path.replace(/[.[\]]/g, "\\$&")}: `));
      expect(lines[i]).toContain(w.message);
      // Every warning says what to do.
      expect(lines[i]).toMatch(/; (set|describe|check|use|write)/);
    });
    const n = expected.warnings.length;
    expect(run.stdout).toMatch(new RegExp(`^Built 2 event pages into dist/: \\d+ files, .* s, ${n} warnings?$`, "m"));
    expect(readdirSync(path.join(dir, "dist/api/v2/event_pages"))).toContain("index.json");
  });

  it("check counts them too", () => {
    const run = runCli(["check", "--now", expected.now], { cwd: path.join(root, reason) });
    expect(run.code, run.output).toBe(0);
    expect(warningLines(run.stderr)).toHaveLength(expected.warnings.length);
    expect(run.stdout).toMatch(/^Content is valid: .*, \d+ warnings?$/m);
  });

  it("--strict fails build and check on them and leaves --out as it was", () => {
    const dir = path.join(root, reason);
    const before = snapshotTree(path.join(dir, "dist"));
    const run = runCli(["build", "--now", expected.now, "--strict"], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(warningLines(run.stderr)).toHaveLength(expected.warnings.length);
    expect(run.stderr).toMatch(/^Build failed: \d+ warnings?, and --strict makes warnings fail the build\. Nothing was written; dist\/ is as it was\./m);
    expect(run.stdout).not.toMatch(/^Built /m);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
    const checked = runCli(["check", "--now", expected.now, "--strict"], { cwd: dir });
    expect(checked.code, checked.output).toBe(1);
    expect(checked.stderr).toMatch(/^Check failed: \d+ warnings?, and --strict makes warnings fail the check\./m);
  });
});

it("content with an error fails on the error alone: the warnings need a valid catalogue", () => {
  const dir = path.join(root, "with-an-error");
  copyContent(path.join(WARNINGS, "unused-image/content"), dir);
  const file = path.join(dir, "content/events/jazz-on-the-river.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), venue: 99 }, null, 2));
  const run = runCli(["check", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/content\/events\/jazz-on-the-river\.json:\d+:\d+: venue: no venue has id 99/);
  expect(warningLines(run.stderr)).toEqual([]);
  expect(run.stderr).toMatch(/^Check failed: 1 error in 1 file\./m);
});

describe("the edges of the warnings (the library on a copy of the worked example)", () => {
  const page = (dir: string) => path.join(dir, "content/events/jazz-on-the-river.json");
  const edit = (dir: string, change: (p: Record<string, unknown> & { performances: { datetime: string }[] }) => void) => {
    const p = JSON.parse(readFileSync(page(dir), "utf8"));
    change(p);
    writeFileSync(page(dir), JSON.stringify(p));
  };
  const warningsAt = async (dir: string, now: string) =>
    (await check({ content: path.join(dir, "content"), now })).diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);

  it("three years to the second is not too far; one second more is", async () => {
    const dir = path.join(root, "far-edge");
    copyContent(GOOD, dir);
    edit(dir, (p) => (p.performances[1]!.datetime = "2029-05-01T10:00:00+10:00"));
    expect(await warningsAt(dir, "2026-05-01T00:00:00Z")).toEqual([]);
    edit(dir, (p) => (p.performances[1]!.datetime = "2029-05-01T10:00:01+10:00"));
    expect(await warningsAt(dir, "2026-05-01T00:00:00Z")).toEqual([
      "2029-05-01T10:00:01+10:00 is more than 3 years away (now is 2026-05-01, so the limit is 2029-05-01); check the year",
    ]);
  });

  it("on sale: not while a performance is to come, nor at its very start; warned once all have started", async () => {
    const dir = path.join(root, "on-sale-edge");
    copyContent(GOOD, dir);
    // Jazz on the River's last performance starts 2026-05-02T20:00 (+10:00).
    expect(await warningsAt(dir, "2026-05-02T20:00:00+10:00")).toEqual([]);
    expect(await warningsAt(dir, "2026-05-02T20:00:01+10:00")).toEqual([
      'is true but all 2 performances started before now (the last at 2026-05-02T20:00:00+10:00; now is 2026-05-02T20:00:01+10:00); set "on_sale": false, or add the new performances',
    ]);
    edit(dir, (p) => (p.on_sale = false));
    expect(await warningsAt(dir, "2026-05-02T20:00:01+10:00")).toEqual([]);
  });
});
