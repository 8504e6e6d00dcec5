// Bad input, one fixture folder per reason (test/fixtures/bad/<reason>/): the real CLI exits 1,
// names the file, the key path and the reason, and leaves the previous output byte for byte.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const BAD = path.join(FIXTURES, "bad");
const NOW = "2026-05-01T00:00:00Z";
interface Expected { file: string; path: string; message: string }

let work = "";
let previous = "";
let previousSnapshot: Map<string, string>;
beforeAll(() => {
  work = tempDir();
  // A previous good build: every failed build must leave it exactly as it is.
  previous = path.join(work, "previous-dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", previous, "--now", NOW]);
  expect(run.code, run.output).toBe(0);
  previousSnapshot = snapshotTree(previous);
});
afterAll(() => removeDir(work));

function setUp(reason: string): string {
  const dir = path.join(work, reason);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  cpSync(path.join(BAD, reason, "content"), path.join(dir, "content"), { recursive: true });
  cpSync(previous, path.join(dir, "dist"), { recursive: true });
  return dir;
}

function lineFor(e: Expected): (line: string) => boolean {
  const start = e.path ? `content/${e.file}: ${e.path}: ` : `content/${e.file}: `;
  return (line) => line.startsWith(start) && line.includes(e.message);
}

const reasons = readdirSync(BAD).filter((r) => r !== "many-errors");

describe.each(reasons)("bad input: %s", (reason) => {
  const expected = JSON.parse(readFileSync(path.join(BAD, reason, "expect.json"), "utf8")) as Expected;

  it("build exits 1, names file, key path and reason, and leaves --out untouched", () => {
    const dir = setUp(reason);
    const run = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    const lines = run.stderr.split("\n");
    expect(lines.some(lineFor(expected)), `${reason}: expected a line for ${JSON.stringify(expected)} in\n${run.stderr}`).toBe(true);
    expect(run.stderr).toMatch(/Build failed: \d+ errors? in \d+ files?\. Nothing was written; dist\/ is as it was\./);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });

  it("check exits 1 with the same message and writes nothing", () => {
    const dir = setUp(reason);
    const run = runCli(["check", "--content", "content", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr.split("\n").some(lineFor(expected)), run.stderr).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });
});

describe("every error of a run", () => {
  it("is printed, sorted by file then key path, and counted in the summary", () => {
    const dir = setUp("many-errors");
    const expected = JSON.parse(readFileSync(path.join(BAD, "many-errors", "expect.json"), "utf8")) as Expected[];
    const run = runCli(["build", "--now", NOW], { cwd: dir });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    const errorLines = lines.slice(0, -1);
    const positions = expected.map((e) => errorLines.findIndex(lineFor(e)));
    expect(positions.every((p) => p >= 0), run.stderr).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(lines.at(-1)).toContain(`Build failed: ${errorLines.length} errors in 3 files.`);
    expect(errorLines.length).toBeGreaterThanOrEqual(expected.length);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
  });
});

describe("an ambiguous wall time with an explicit offset", () => {
  it("builds, written in the offset it names", () => {
    const dir = setUp("daylight-saving-ambiguous");
    const file = path.join(dir, "content/events/the-seagull.json");
    const text = readFileSync(file, "utf8").replace('"2026-04-05T02:30"', '"2026-04-05T02:30+10:00"');
    writeFileSync(file, text);
    const run = runCli(["build", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const doc = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/201/index.json"), "utf8"));
    expect(doc.performances[0].datetime).toBe("2026-04-05T02:30:00+10:00");
  });
});

describe("usage errors", () => {
  const usage = (args: string[], message: RegExp) => () => {
    const dir = setUp("wrong-type");
    const run = runCli(args, { cwd: dir });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  };
  it("--out equal to --content", usage(["--content", "content", "--out", "content"], /--out content is inside --content content/));
  it("--out inside --content", usage(["--out", "content/dist"], /is inside --content/));
  it("--out holding the content", usage(["--out", "."], /holds the content folder/));
  it("an unknown option", usage(["--frobnicate"], /unknown option '--frobnicate'/));
  it("an unknown command", usage(["publish"], /too many arguments|unknown command/));
  it("a --now that is not a date", usage(["--now", "soon"], /--now: "soon" is not a date and time/));
  it("an unknown host", usage(["--host", "heroku"], /--host: unknown host "heroku"/));
  it("netlify and cloudflare together", usage(["--host", "netlify,cloudflare"], /netlify and cloudflare both write _headers/));
});
