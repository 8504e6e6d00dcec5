// The real CLI on good content: the contract's worked example byte for byte, determinism, check.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { BIN, copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example");
const NOW = "2026-05-01T00:00:00Z";
let dirs: string[] = [];
const temp = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterEach(() => {
  dirs.forEach(removeDir);
  dirs = [];
});

describe("the contract's worked example (its bytes are pinned by golden.test.ts)", () => {
  it("writes the 404 bodies of the detail routes", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    expect(runCli(["--content", "content", "--out", "dist", "--now", NOW], { cwd: dir }).code).toBe(0);
    const read = (p: string) => readFileSync(path.join(dir, "dist", p), "utf8");
    expect(read("api/v2/event_pages/404.json")).toBe('{\n    "message": "No EventPage matches the given query."\n}');
    expect(read("api/v2/pages/404.json")).toBe('{\n    "message": "No Page matches the given query."\n}');
    // The parent page is not an event page: no event_pages route for it.
    expect(existsSync(path.join(dir, "dist/api/v2/event_pages/20"))).toBe(false);
    expect(existsSync(path.join(dir, "dist/api/v2/pages/20/index.json"))).toBe(true);
  });

  it("prints what it did: events, files, size and time", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    const run = runCli(["--now", NOW], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Read 2 event files from content/\n");
    expect(run.stdout).toMatch(/Built 2 event pages into dist\/: \d+ files, [\d.]+ KiB in [\d.]+ s/);
  });

  it("is_past and in_past follow --now", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    expect(runCli(["--now", "2027-01-01T00:00:00+11:00"], { cwd: dir }).code).toBe(0);
    const doc = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/201/index.json"), "utf8"));
    expect(doc.in_past).toBe(true);
    expect(doc.performances.every((p: { is_past: boolean }) => p.is_past)).toBe(true);
    // A --now without offset is the catalogue's local time: 20:00 on 25 April is not past at 19:59.
    expect(runCli(["--now", "2026-04-25T19:59"], { cwd: dir }).code).toBe(0);
    const jazz = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/202/index.json"), "utf8"));
    expect(jazz.performances[0].is_past).toBe(false);
  });
});

describe("determinism", () => {
  it("gives the same bytes for the same content and --now, in any process time zone", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    const a = runCli(["--out", "a", "--now", NOW], { cwd: dir, env: { TZ: "UTC" } });
    const b = runCli(["--out", "b", "--now", NOW], { cwd: dir, env: { TZ: "America/New_York" } });
    const c = runCli(["--out", "c", "--now", NOW], { cwd: dir, env: { TZ: "Australia/Sydney", LANG: "de_DE.UTF-8" } });
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    const sa = snapshotTree(path.join(dir, "a"));
    expect(snapshotTree(path.join(dir, "b"))).toEqual(sa);
    expect(snapshotTree(path.join(dir, "c"))).toEqual(sa);
  });
});

describe("check", () => {
  it("validates and writes nothing", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain("Content is valid: 2 event pages");
    expect(existsSync(path.join(dir, "dist"))).toBe(false);
    expect(snapshotTree(dir).size).toBe(snapshotTree(path.join(dir, "content")).size);
  });
});

describe("the command line", () => {
  it("stops quietly when its reader closes the pipe (build-catalogue --help | head -1)", () => {
    // A shell pipeline whose reader takes one line and leaves; done several times, as the race is the kernel's.
    for (let i = 0; i < 5; i++) {
      const run = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" --help | head -1 >/dev/null; echo "exit $?"`], { encoding: "utf8" });
      expect(run.stderr, run.stderr).not.toMatch(/EPIPE|Unhandled/);
    }
  });

  it("answers --help and --version with exit 0", () => {
    const help = runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: build-catalogue");
    const buildHelp = runCli(["build", "--help"]);
    expect(buildHelp.stdout).toContain("--content <dir>");
    expect(buildHelp.stdout).toContain("--now <iso>");
    const version = runCli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(__dirname, "../package.json"), "utf8")).version);
  });

  it("replaces the previous output whole", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    expect(runCli(["--now", NOW], { cwd: dir }).code).toBe(0);
    removeDir(path.join(dir, "content/events/jazz-on-the-river.json"));
    expect(runCli(["--now", NOW], { cwd: dir }).code).toBe(0);
    expect(existsSync(path.join(dir, "dist/api/v2/event_pages/202"))).toBe(false);
    const list = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/index.json"), "utf8"));
    expect(list.meta.total_count).toBe(1);
  });

  it("without a content folder prints only the error and the summary, no count of files read", () => {
    const dir = temp();
    for (const command of ["build", "check"]) {
      const run = runCli([command, "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toContain("Read 0");
      expect(run.stdout).toBe("");
      expect(run.stderr.trimEnd().split("\n")).toEqual([
        "content: the content folder does not exist; point --content at the folder that holds catalogue.json, or start a new site with build-catalogue init",
        expect.stringMatching(/^(Build|Check) failed: 1 error in 1 file\. /),
      ]);
    }
    // Nor without its events/ folder: nothing was read there either.
    mkdirSync(path.join(dir, "content"));
    const run = runCli(["build", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.output).not.toContain("Read 0");
    expect(run.stderr).toContain(
      "content/events/: the events folder is missing, and a catalogue needs at least one event page; run build-catalogue new event <slug> to start one, or write events/<slug>.json (or .yaml) yourself",
    );
  });

  it("fails with exit 1 and a clear message when the output cannot be written", () => {
    const dir = temp();
    copyContent(path.join(EXAMPLE, "content"), dir);
    writeFileSync(path.join(dir, "blocker"), "a file where a folder should be");
    const run = runCli(["--out", "blocker/dist", "--now", NOW], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("could not write blocker/dist/");
    expect(readFileSync(path.join(dir, "blocker"), "utf8")).toBe("a file where a folder should be");
  });
});
