// Bad input, one fixture folder per reason (test/fixtures/bad/<reason>/{content/, expect.json}): the
// real CLI exits 1, prints one line per error naming the file, the key path and the reason, counts
// them in a summary line, and leaves --out exactly as the previous good build left it.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, runMain, snapshotTree, tempDir, type CliRun } from "./helpers/cli.js";

const BAD = path.join(FIXTURES, "bad");
const GOOD_CONTENT = path.join(FIXTURES, "good/spec-example/content");
const NOW = "2026-05-01T00:00:00Z";
// --force: --out holds a file no build wrote (the sentinel below), which a build refuses to replace
// without it; a failed build must leave it, and everything else, as it was all the same.
const BUILD = ["build", "--content", "content", "--out", "dist", "--now", NOW, "--force"];
const CHECK = ["check", "--content", "content", "--now", NOW];

/**
 * One line the run must print: `content/<file>:<line>:<column>: <path>: ...<message>...` (no path:
 * `content/<file>:<line>:<column>: ...`; no place in the file, such as a missing file: `content/<file>: ...`).
 */
interface Expected {
  file: string;
  path: string;
  message: string;
  /** Where the editor must look; absent for a problem with no place in a file. */
  line?: number;
  column?: number;
}

/**
 * Fixtures that show a bug in src/ (reported, not fixed here). Their tests run as it.fails: they
 * pass while the bug is there, and fail (to be turned back into `it`) once src/ is fixed.
 */
const KNOWN_BUGS: Record<string, string> = {};

const readExpected = (reason: string): Expected[] => {
  const e = JSON.parse(readFileSync(path.join(BAD, reason, "expect.json"), "utf8")) as Expected | Expected[];
  return Array.isArray(e) ? e : [e];
};

const lineFor =
  (e: Expected) =>
  (line: string): boolean => {
    const where = e.line === undefined ? `content/${e.file}` : `content/${e.file}:${e.line}:${e.column}`;
    return line.startsWith(e.path ? `${where}: ${e.path}: ` : `${where}: `) && line.includes(e.message);
  };

/** A line of the code frame printed under a located diagnostic (`    12 |   "key": ...`, then the caret). */
const FRAME_LINE = /^ +\d* \| /;

/** `performances[2].datetime` as a list of keys and numeric indexes, to compare as the CLI sorts. */
function keys(keyPath: string): (string | number)[] {
  return (keyPath.match(/\[\d+\]|\["[^"]*"\]|[^.[\]]+/g) ?? []).map((k) =>
    /^\[\d+\]$/.test(k) ? Number(k.slice(1, -1)) : k.startsWith('["') ? (JSON.parse(k.slice(1, -1)) as string) : k,
  );
}
function compareKeyPaths(a: string, b: string): number {
  const x = keys(a);
  const y = keys(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i]!;
    const q = y[i]!;
    if (p === q) continue;
    if (typeof p === "number" && typeof q === "number") return p - q;
    return String(p) < String(q) ? -1 : 1;
  }
  return x.length - y.length;
}

/** Error lines of stderr (warnings and the summary left out), split into file, key path and reason. */
function errorLines(run: CliRun): { line: string; file: string; keyPath: string }[] {
  return run.stderr
    .split("\n")
    .filter((l) => l.startsWith("content/"))
    .map((line) => {
      const [location, second = "", ...rest] = line.split(": ");
      // A line with a key path is `file[:line:column]: path: reason`; a path never holds a space.
      const keyPath = rest.length > 0 && !/\s/.test(second) ? second : "";
      return { line, file: location!.replace(/:\d+:\d+$/, ""), keyPath };
    });
}

/**
 * The run failed on its content: every expected line is printed, every line of stderr is a whole
 * diagnostic or the summary (no message spills onto a second line), and the summary counts the
 * errors and the files printed.
 */
function expectContentErrors(run: CliRun, expected: Expected[], summary: "Build" | "Check"): void {
  expect(run.code, run.output).toBe(1);
  const lines = run.output.split("\n");
  for (const e of expected) {
    expect(lines.some(lineFor(e)), `expected a line for ${JSON.stringify(e)} in:\n${run.output}`).toBe(true);
  }
  const stderr = run.stderr.trimEnd().split("\n").filter((l) => !FRAME_LINE.test(l));
  for (const line of stderr.slice(0, -1)) {
    expect(line, `not a diagnostic line in:\n${run.stderr}`).toMatch(/^(warning: )?content\/\S*: \S/);
  }
  const errors = errorLines(run);
  const files = new Set(errors.map((e) => e.file)).size;
  const counted = `${errors.length} error${errors.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`;
  expect(stderr.at(-1)).toMatch(new RegExp(`^${summary} failed: ${counted}[.,]`));
  if (summary === "Build") expect(stderr.at(-1)).toContain("Nothing was written; dist/ is as it was.");
}

let work = "";
let previous = ""; // a good build of the worked example, plus a sentinel file: what --out holds before each run
let previousSnapshot: Map<string, string>;

beforeAll(() => {
  work = tempDir("bc-bad-input-");
  const good = path.join(work, "good");
  mkdirSync(good);
  copyContent(GOOD_CONTENT, good);
  const run = runCli(BUILD, { cwd: good });
  expect(run.code, run.output).toBe(0);
  previous = path.join(good, "dist");
  writeFileSync(path.join(previous, "keep.txt"), "a file of the previous build's folder that no build writes\n");
  previousSnapshot = snapshotTree(previous);
  expect(previousSnapshot.has("api/v2/event_pages/index.json")).toBe(true);
  expect(previousSnapshot.has("api/v2/event_pages/201/index.json")).toBe(true);
});
afterAll(() => removeDir(work));

/** A fresh folder holding `content` (copied from `from`) and `dist` (the previous good build). */
function setUp(from: string): string {
  const dir = mkdtempSync(path.join(work, "run-"));
  cpSync(previous, path.join(dir, "dist"), { recursive: true });
  copyContent(from, dir);
  expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
  return dir;
}
const fixture = (reason: string) => path.join(BAD, reason, "content");

const reasons = readdirSync(BAD, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "many-errors")
  .map((d) => d.name)
  .sort();

it("has a fixture for every reason listed, and an expect.json beside each", () => {
  expect(reasons.length).toBeGreaterThanOrEqual(50);
  for (const reason of [...reasons, "many-errors"]) {
    const expected = readExpected(reason);
    expect(expected.length, reason).toBeGreaterThan(0);
    for (const e of expected) {
      expect(typeof e.file === "string" && typeof e.path === "string", reason).toBe(true);
      expect(e.message.length, reason).toBeGreaterThan(0);
    }
  }
  for (const reason of Object.keys(KNOWN_BUGS)) expect(reasons).toContain(reason);
});

it("every expected line and column points at the key named, or at the object that misses it", () => {
  let located = 0;
  for (const reason of [...reasons, "many-errors"]) {
    for (const e of readExpected(reason)) {
      if (e.line === undefined) continue;
      located++;
      const text = readFileSync(path.join(fixture(reason), e.file), "utf8").split("\n")[e.line - 1] ?? "";
      const at = text.slice(e.column! - 1);
      const last = keys(e.path).at(-1);
      // A key's problem points at the key; an array item's at the item; a missing key (or a whole-file
      // problem) at the enclosing object; a syntax error where the parser stopped.
      if (typeof last === "string" && !at.startsWith("{")) expect(at, `${reason}: ${JSON.stringify(e)}`).toMatch(new RegExp(`^"${last}"\\s*:`));
      else if (typeof last === "number") expect(at.trim().length, `${reason}: ${JSON.stringify(e)}`).toBeGreaterThan(0);
      else if (!/invalid JSON/.test(e.message)) expect(at[0], `${reason}: ${JSON.stringify(e)}`).toMatch(/[{[]/);
    }
  }
  expect(located).toBeGreaterThanOrEqual(50);
});

/**
 * The check of each fixture by zod's parser alone, as a fresh process checks these few files (none
 * is parsed the 50 times that compile its schema, validate/parse-sources.ts): the CLI's code run in
 * this process (runMain) before any run here compiles a schema, with compiling put off.
 */
const UNCOMPILED = { BUILD_CATALOGUE_COMPILE_AFTER: String(Number.MAX_SAFE_INTEGER) };
const checked = new Map<string, CliRun>();

describe.each(reasons)("bad input: %s", (reason) => {
  const expected = readExpected(reason);
  // A known bug in src/ (see KNOWN_BUGS): expected to fail until it is fixed.
  const test = KNOWN_BUGS[reason] ? it.fails : it;

  test("build exits 1, names file, key path and reason, and leaves --out byte for byte", () => {
    const dir = setUp(fixture(reason));
    const run = runCli(BUILD, { cwd: dir });
    expectContentErrors(run, expected, "Build");
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });

  test("check exits 1 with the same line and writes nothing", async () => {
    const dir = setUp(fixture(reason));
    const run = await runMain(CHECK, { cwd: dir, env: UNCOMPILED });
    checked.set(reason, run);
    expectContentErrors(run, expected, "Check");
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });
});

// After every check above: from here on, the schemas of this process are compiled.
describe.each(reasons)("bad input, the compiled schema: %s", (reason) => {
  const expected = readExpected(reason);
  const test = KNOWN_BUGS[reason] ? it.fails : it;

  // A large catalogue's pages are checked by a compiled schema first (validate/parse-sources.ts):
  // it must refuse what zod's parser refuses, so the same lines come out.
  test("check prints the very same lines with the content checked by the compiled schema from the first file", async () => {
    const dir = setUp(fixture(reason));
    // Run alone (vitest -t), the check above has not run: the real CLI's, in a fresh process.
    const run = checked.get(reason) ?? runCli(CHECK, { cwd: dir });
    const compiled = await runMain(CHECK, { cwd: dir, env: { BUILD_CATALOGUE_COMPILE_AFTER: "1" } });
    expectContentErrors(compiled, expected, "Check");
    expect(errorLines(compiled).map((l) => l.line)).toEqual(errorLines(run).map((l) => l.line));
    expect(compiled.stderr).toBe(run.stderr);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });
});

describe("every error of a run (bad/many-errors)", () => {
  const expected = readExpected("many-errors");

  it("has at least 5 different errors across 2 or more files", () => {
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(new Set(expected.map((e) => e.file)).size).toBeGreaterThanOrEqual(2);
  });

  it("build prints every one, sorted by file then line, counts them, and leaves --out", () => {
    const dir = setUp(fixture("many-errors"));
    const run = runCli(BUILD, { cwd: dir });
    expectContentErrors(run, expected, "Build");
    const printed = errorLines(run);
    // Exactly the expected errors, nothing more.
    expect(printed.length, run.stderr).toBe(expected.length);
    const files = new Set(expected.map((e) => `content/${e.file}`));
    expect(run.stderr.trimEnd().split("\n").at(-1)).toContain(`Build failed: ${expected.length} errors in ${files.size} files.`);
    // Each expected error on its own line, and the printed lines in order of file, then line (as an editor reads the file).
    const positions = expected.map((e) => printed.findIndex((p) => lineFor(e)(p.line)));
    expect(new Set(positions).size, run.stderr).toBe(expected.length);
    const lineOf = (l: string) => Number(/^[^:]+:(\d+):/.exec(l)?.[1] ?? 0);
    const sorted = [...printed].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : lineOf(a.line) - lineOf(b.line) || compareKeyPaths(a.keyPath, b.keyPath)));
    expect(printed.map((p) => p.line)).toEqual(sorted.map((p) => p.line));
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
  });

  it("check prints the very same error lines", () => {
    const dir = setUp(fixture("many-errors"));
    const build = runCli(BUILD, { cwd: dir });
    const check = runCli(CHECK, { cwd: dir });
    expectContentErrors(check, expected, "Check");
    expect(errorLines(check).map((l) => l.line)).toEqual(errorLines(build).map((l) => l.line));
  });
});

describe("controls: the same wall times, made unambiguous, build", () => {
  // daylight-saving-ambiguous moves performance 6003 of the-seagull (venue 1, Australia/Sydney) to
  // 2026-04-05T02:30, the hour clocks go back. With an offset it names one instant.
  it.each([
    ["+11:00", "2026-04-05T02:30:00+11:00"],
    ["+10:00", "2026-04-05T02:30:00+10:00"],
  ])("ambiguous 2026-04-05T02:30 with offset %s builds, written in that offset", (offset, written) => {
    const dir = setUp(fixture("daylight-saving-ambiguous"));
    const file = path.join(dir, "content/events/the-seagull.json");
    const text = readFileSync(file, "utf8");
    expect(text).toContain('"2026-04-05T02:30"');
    writeFileSync(file, text.replace('"2026-04-05T02:30"', `"2026-04-05T02:30${offset}"`));
    const run = runCli(BUILD, { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const page = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/201/index.json"), "utf8")) as {
      performances: { id: number; datetime: string }[];
    };
    expect(page.performances.find((p) => p.id === 6003)?.datetime).toBe(written);
  });

  it("the daylight-saving gap of Sydney is no gap at a Brisbane venue", () => {
    // daylight-saving-gap puts the-seagull's first performance (venue 1, Sydney) at 2026-10-04T02:30;
    // the same wall time at venue 2 (Australia/Brisbane, no daylight saving) exists.
    const dir = setUp(fixture("daylight-saving-gap"));
    const file = path.join(dir, "content/events/the-seagull.json");
    const text = readFileSync(file, "utf8");
    expect(text).toContain('"datetime": "2026-10-04T02:30"');
    writeFileSync(file, text.replace('"datetime": "2026-10-04T02:30"', '"datetime": "2026-10-04T02:30",\n      "venue": 2'));
    const run = runCli(BUILD, { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const page = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/201/index.json"), "utf8")) as {
      performances: { id: number; datetime: string }[];
    };
    expect(page.performances.find((p) => p.id === 6002)?.datetime).toBe("2026-10-04T02:30:00+10:00");
  });
});

describe("usage errors: exit 2, a message on stderr, content/ and --out untouched", () => {
  const usage = (args: string[], message: RegExp) => () => {
    // Valid content: only the command line is wrong, so a missed usage check would build (exit 0).
    const dir = setUp(GOOD_CONTENT);
    const contentBefore = snapshotTree(path.join(dir, "content"));
    const run = runCli(args, { cwd: dir });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(previousSnapshot);
    expect(snapshotTree(path.join(dir, "content"))).toEqual(contentBefore);
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  };

  it("--out equal to --content", usage(["build", "--content", "content", "--out", "content", "--now", NOW], /--out content is inside --content content/));
  it("--out inside --content", usage(["build", "--content", "content", "--out", "content/dist", "--now", NOW], /--out content\/dist is inside --content content/));
  it("--out . (the folder holding content)", usage(["build", "--content", "content", "--out", ".", "--now", NOW], /--out \. holds the content folder content/));
  it("an unknown option", usage(["build", "--frobnicate", "--now", NOW], /unknown option '--frobnicate'/));
  it("an unknown command is named as one", usage(["publish", "--now", NOW], /unknown command.*publish|publish.*(unknown|not a command)/i));
  it("build --now notadate", usage(["build", "--content", "content", "--out", "dist", "--now", "notadate"], /--now: "notadate" is not a date and time/));
  it("check --now notadate", usage(["check", "--content", "content", "--now", "notadate"], /--now: "notadate" is not a date and time/));
  it("an unknown host", usage(["build", "--host", "heroku", "--now", NOW], /--host: unknown host "heroku"/));
  it("netlify and cloudflare together", usage(["build", "--host", "netlify,cloudflare", "--now", NOW], /netlify and cloudflare both write _headers/));
});
