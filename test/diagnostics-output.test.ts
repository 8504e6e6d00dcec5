// How problems reach people and tools: file:line:column and a code frame on the terminal,
// --format json on stdout, GitHub Actions annotations, and a key written twice as an error.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";

const NOW = "2026-05-01T00:00:00Z";
const GOOD = path.join(FIXTURES, "good/spec-example/content");
let work = "";
beforeAll(() => void (work = tempDir("bc-diagnostics-")));
afterAll(() => removeDir(work));

/** A folder holding the fixture's content, with files changed or added. */
function setUp(name: string, from: string, files: Record<string, string> = {}): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  copyContent(from, dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, "content", file), text);
  return dir;
}

describe("text (the default)", () => {
  it("prints file:line:column, the key path, the message, and a code frame with a caret under the column", () => {
    const dir = setUp("text", path.join(FIXTURES, "bad/wrong-type/content"));
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toBe(
      [
        'content/events/the-seagull.json:5:3: on_sale: must be true or false, found the string "yes"',
        '     5 |   "on_sale": "yes",',
        "       |   ^",
        "Check failed: 1 error in 1 file. Fix the errors above and run the check again.",
        "",
      ].join("\n"),
    );
  });

  it("a key written twice in one object is an error at the second, naming the line of the first", () => {
    const text = readFileSync(path.join(GOOD, "venues.json"), "utf8");
    const twice = text.replace(/("name": "[^"]*",)/, '$1\n    "name": "Written twice",');
    expect(twice).not.toBe(text);
    const dir = setUp("duplicate", GOOD, { "venues.json": twice });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    const first = text.split("\n").findIndex((l) => l.includes('"name"')) + 1;
    expect(run.stderr).toContain(
      `content/venues.json:${first + 1}:5: [0].name: the key "name" is written twice in this object (first at line ${first}); JSON keeps only the last one, silently: remove one of the two`,
    );
  });

  it("a trailing comma and a comment, which JSON refuses, are named as such", () => {
    const dir = setUp("json-habits", GOOD, {
      "programs.json": '[\n  {"id": 1, "name": "Season"},\n]\n',
      "genres.json": '[\n  // ours\n  {"id": 1, "name": "Theatre"}\n]\n',
    });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain("content/programs.json:3:1: invalid JSON at line 3, column 1: value expected; JSON allows no comma after the last item: remove it");
    expect(run.stderr).toContain("content/genres.json:2:3: invalid JSON at line 2, column 3: a comment; JSON allows no comments: remove it");
  });

  it("a long line is cut around the column, and the caret still sits under it", () => {
    const minified = JSON.stringify({ ...JSON.parse(readFileSync(path.join(GOOD, "catalogue.json"), "utf8")), colour: "red" });
    const dir = setUp("minified", GOOD, { "catalogue.json": minified });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    const lines = run.stderr.split("\n");
    const at = lines.findIndex((l) => l.startsWith("content/catalogue.json:1:"));
    const column = Number(/^content\/catalogue\.json:1:(\d+):/.exec(lines[at]!)![1]);
    expect(minified.slice(column - 1)).toMatch(/^"colour":/);
    const [frame, caret] = [lines[at + 1]!, lines[at + 2]!];
    expect(frame.length).toBeLessThanOrEqual(120);
    expect(frame.slice(caret.indexOf("^"))).toMatch(/^"colour":/);
  });
});

describe("--format json", () => {
  it("prints one JSON document on stdout (progress and summary on stderr) with file, line, column, key path, severity, message", () => {
    const dir = setUp("json", path.join(FIXTURES, "bad/many-errors/content"), { "notes.json": "{}" });
    const run = runCli(["build", "--format", "json", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    const doc = JSON.parse(run.stdout) as { ok: boolean; summary: string; diagnostics: Record<string, unknown>[] };
    expect(doc.ok).toBe(false);
    expect(doc.summary).toMatch(/^Build failed: 7 errors in 3 files, 1 warning\./);
    expect(doc.diagnostics).toContainEqual({
      severity: "error", file: "content/events/the-seagull.json", line: 5, column: 3,
      path: "on_sale", keyPath: ["on_sale"], message: 'must be true or false, found the string "yes"',
    });
    expect(doc.diagnostics).toContainEqual({
      severity: "error", file: "content/venues.json", line: 10, column: 5,
      path: "[1].ticketing_code", keyPath: [1, "ticketing_code"], message: expect.stringContaining("must be a short code"),
    });
    // A problem with no place inside a file has no line.
    expect(doc.diagnostics).toContainEqual(expect.objectContaining({ severity: "warning", file: "content/notes.json", line: null, column: null, path: "" }));
    expect(run.stderr).toContain("Read 2 event files");
    expect(run.stderr.trimEnd().split("\n").at(-1)).toBe(doc.summary);
  });

  it("on a clean build prints ok and no diagnostics, and builds", () => {
    const dir = setUp("json-ok", GOOD);
    const run = runCli(["build", "--format", "json", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, summary: expect.stringMatching(/^Built 2 event pages into dist\//), diagnostics: [] });
  });

  it("an unknown format is a usage error", () => {
    const run = runCli(["check", "--format", "xml", "--now", NOW], { cwd: setUp("json-bad", GOOD) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--format.*xml.*(text|json)/s);
  });
});

describe("under GitHub Actions (GITHUB_ACTIONS=true)", () => {
  it("also prints ::error and ::warning workflow commands with file, line and column, escaped", () => {
    const dir = setUp("gha", path.join(FIXTURES, "bad/many-errors/content"), { "notes.json": "{}" });
    const run = runCli(["check", "--now", NOW], { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
    expect(run.code, run.output).toBe(1);
    const annotations = run.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(annotations).toHaveLength(8);
    expect(annotations).toContain('::error file=content/events/the-seagull.json,line=5,col=3,title=on_sale::must be true or false, found the string "yes"');
    expect(annotations).toContain(
      '::error file=content/venues.json,line=10,col=5,title=[1].ticketing_code::must be a short code of uppercase letters (and digits), such as "DRT", found the string "rvs"',
    );
    expect(annotations.filter((a) => a.startsWith("::warning file=content/notes.json::"))).toHaveLength(1);
    // The terminal lines are printed as without GitHub Actions.
    expect(run.stderr).toContain('content/events/the-seagull.json:5:3: on_sale: must be true or false, found the string "yes"');
  });

  it("escapes what would end a property or the message (%, :, comma, newlines)", () => {
    const dir = setUp("gha-escape", GOOD, { "venues.json": '[{"id": 1, "name": "A", "ticketing_code": "DRT", "a,b:c%": 1}]' });
    const run = runCli(["check", "--now", NOW], { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
    expect(run.stdout).toContain('::error file=content/venues.json,line=1,col=50,title=[0]["a%2Cb%3Ac%25"]::unknown key "a,b:c%25"');
  });

  it("a build that cannot be written is annotated too, without a file", () => {
    const dir = setUp("gha-unwritable", GOOD);
    writeFileSync(path.join(dir, "blocker"), "a file where a folder should be");
    const run = runCli(["build", "--out", "blocker/dist", "--now", NOW], { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error::Build failed: could not write blocker\/dist\/: /m);
  });

  it("lists every problem in the job summary ($GITHUB_STEP_SUMMARY), since annotations stop at ten a step", () => {
    // A copied page: each of its ids, its slug and its performances' ids and codes clash with the original's.
    const dir = setUp("gha-summary", GOOD);
    const original = path.join(dir, "content/events/the-seagull.json");
    writeFileSync(path.join(dir, "content/events/the-seagull-copy.json"), readFileSync(original, "utf8"));
    const summaryFile = path.join(dir, "summary.md");
    writeFileSync(summaryFile, "earlier steps' summary\n");
    const run = runCli(["check", "--now", NOW], { cwd: dir, env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summaryFile } });
    expect(run.code).toBe(1);
    const errors = run.stderr.split("\n").filter((l) => l.startsWith("content/"));
    expect(errors.length).toBeGreaterThan(10);
    const summary = readFileSync(summaryFile, "utf8");
    expect(summary.startsWith("earlier steps' summary\n")).toBe(true); // appended, as GitHub asks
    const rows = summary.split("\n").filter((l) => l.startsWith("| error |"));
    expect(rows).toHaveLength(errors.length);
    for (const line of errors) {
      const [where] = line.split(": ");
      expect(rows.some((r) => r.includes(`| ${where} |`)), line).toBe(true);
    }
    expect(summary).toContain(`Check failed: ${errors.length} errors in 2 files.`);
  });

  it("writes no job summary outside GitHub Actions", () => {
    const dir = setUp("no-summary", GOOD);
    const summaryFile = path.join(dir, "summary.md");
    runCli(["check", "--now", NOW], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
    expect(existsSync(summaryFile)).toBe(false);
  });

  it("with --format json, stdout stays one JSON document and the annotations go to stderr", () => {
    const dir = setUp("gha-json", path.join(FIXTURES, "bad/wrong-type/content"));
    const run = runCli(["check", "--format", "json", "--now", NOW], { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
    expect(JSON.parse(run.stdout).diagnostics).toHaveLength(1);
    expect(run.stderr).toContain("::error file=content/events/the-seagull.json,line=5,col=3,title=on_sale::");
  });
});

describe("every error in one run, where the editor looks", () => {
  it("a copied page reports each duplicate on the copy and on the original, sorted by file then line", () => {
    const dir = setUp("copied", GOOD);
    const original = readFileSync(path.join(dir, "content/events/the-seagull.json"), "utf8");
    writeFileSync(path.join(dir, "content/events/the-seagull-copy.json"), original);
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code).toBe(1);
    const errors = run.stderr.split("\n").filter((l) => l.startsWith("content/"));
    const onCopy = errors.filter((l) => l.startsWith("content/events/the-seagull-copy.json:"));
    const onOriginal = errors.filter((l) => l.startsWith("content/events/the-seagull.json:"));
    // id, slug (when the file gives it: else each takes its file's name), and each performance's id and ticketing code.
    const page = JSON.parse(original) as { slug?: string; performances: unknown[] };
    expect(onCopy).toHaveLength(1 + (page.slug === undefined ? 0 : 1) + 2 * page.performances.length);
    expect(onOriginal).toHaveLength(onCopy.length);
    expect(onCopy.every((l) => l.includes("already used in content/events/the-seagull.json") || l.includes("also used in content/events/the-seagull.json"))).toBe(true);
    const lines = (ls: string[]) => ls.map((l) => Number(l.split(":")[1]));
    expect(lines(onCopy)).toEqual([...lines(onCopy)].sort((a, b) => a - b));
    expect(lines(onOriginal)).toEqual([...lines(onOriginal)].sort((a, b) => a - b));
  });

  it("--quiet prints the errors and the summary, no progress and no warnings (counted)", () => {
    const dir = setUp("quiet", GOOD);
    const loud = runCli(["build", "--now", "2026-07-01T00:00:00Z"], { cwd: dir });
    expect(loud.code).toBe(0);
    const warnings = loud.stderr.split("\n").filter((l) => l.startsWith("warning: ")).length;
    expect(warnings).toBeGreaterThan(0);
    const quiet = runCli(["build", "--quiet", "--now", "2026-07-01T00:00:00Z"], { cwd: dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe("");
    expect(quiet.stdout).toMatch(new RegExp(`^Built 2 event pages into dist/: .*, ${warnings} warnings? \\(not shown: --quiet\\)\n$`));
    const broken = setUp("quiet-broken", path.join(FIXTURES, "bad/many-errors/content"));
    const failed = runCli(["check", "-q", "--now", NOW], { cwd: broken });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe("");
    expect(failed.stderr).toMatch(/^content\/events\/jazz-on-the-river\.json:\d+:\d+: /);
    expect(failed.stderr.trimEnd().split("\n").at(-1)).toMatch(/^Check failed: \d+ errors in \d+ files\./);
  });

  it("a YAML value holding \": \" says to quote it, and how", () => {
    const dir = setUp("yaml-colon", GOOD);
    rmSync(path.join(dir, "content/programs.json"));
    writeFileSync(path.join(dir, "content/programs.yaml"), "- id: 1\n  name: Carmen: The Opera\n");
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('content/programs.yaml:2:9: invalid YAML at line 2, column 9: Nested mappings are not allowed in compact mappings; a value that holds ": " must be quoted: write name: "Carmen: The Opera"');
  });
});
