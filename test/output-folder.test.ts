// The output folder is the build's alone (src/emit/output-marker.ts): a build refuses, with exit 2
// and nothing touched, a folder holding files no build wrote (a note, a git repository, a file in
// place of the folder), replaces its own earlier output (marked), and `--force` overrides.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const NOW = "2026-05-01T00:00:00Z";
const GOOD = path.join(FIXTURES, "good/spec-example/content");
let work = "";
beforeAll(() => void (work = tempDir("bc-output-folder-")));
afterAll(() => removeDir(work));

function site(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  copyContent(GOOD, dir);
  return dir;
}
const build = (dir: string, ...args: string[]) => runCli(["build", "--out", "out", "--now", NOW, ...args], { cwd: dir });

describe("--out is the build's own", () => {
  it("refuses a folder holding a note: exit 2, the note named, --force offered, nothing touched", () => {
    const dir = site("note");
    mkdirSync(path.join(dir, "out"));
    writeFileSync(path.join(dir, "out/notes.txt"), "my notes\n");
    const run = build(dir);
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toMatch(/^Usage error: --out out\/ holds files that build-catalogue did not write \(notes\.txt\)/m);
    expect(run.stderr).toContain("--force");
    expect([...snapshotTree(path.join(dir, "out"))]).toEqual([["notes.txt", "my notes\n"]]);
  });

  it("refuses a git repository, .git included, and leaves it byte for byte", () => {
    const dir = site("repository");
    const repo = path.join(dir, "out");
    mkdirSync(path.join(repo, ".git/refs"), { recursive: true });
    writeFileSync(path.join(repo, ".git/HEAD"), "ref: refs/heads/main\n");
    writeFileSync(path.join(repo, "README.md"), "# my project\n");
    const before = snapshotTree(repo);
    const run = build(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(.git, README.md)");
    expect(snapshotTree(repo)).toEqual(before);
  });

  it("refuses a file where the folder would go", () => {
    const dir = site("file");
    writeFileSync(path.join(dir, "out"), "a file\n");
    const run = build(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--out out is a file, not a folder");
    expect(readFileSync(path.join(dir, "out"), "utf8")).toBe("a file\n");
  });

  it("builds into a new or an empty folder, marks it with what it wrote, and rebuilds its own output", () => {
    const dir = site("own");
    mkdirSync(path.join(dir, "out"));
    expect(build(dir).code).toBe(0);
    const marker = JSON.parse(readFileSync(path.join(dir, "out/.build-catalogue.json"), "utf8")) as { written_by: string; entries: string[] };
    expect(marker.written_by).toBe("build-catalogue");
    expect(marker.entries).toEqual([...new Set([...snapshotTree(path.join(dir, "out")).keys()].map((p) => p.split("/")[0]!))].filter((e) => e !== ".build-catalogue.json").sort());
    // Again, reusing pages (in place) and without the cache (swapped whole): its own output is replaced.
    expect(build(dir).code).toBe(0);
    expect(build(dir, "--no-cache").code).toBe(0);
    expect(build(dir, "--host", "netlify").code).toBe(0);
    const hosted = JSON.parse(readFileSync(path.join(dir, "out/.build-catalogue.json"), "utf8")) as { entries: string[] };
    expect(hosted.entries).toContain("_redirects");
    // Back to the default host: Netlify's files were the build's, so they go without a word.
    expect(build(dir).code).toBe(0);
  });

  it("refuses its own output once something else is put in it, and --force replaces it anyway", () => {
    const dir = site("added");
    expect(build(dir).code).toBe(0);
    writeFileSync(path.join(dir, "out/robots.txt"), "User-agent: *\n");
    const before = snapshotTree(path.join(dir, "out"));
    const refused = build(dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("holds an entry that no build wrote (robots.txt)");
    expect(snapshotTree(path.join(dir, "out"))).toEqual(before);
    const forced = build(dir, "--force");
    expect(forced.code, forced.output).toBe(0);
    expect(snapshotTree(path.join(dir, "out")).has("robots.txt")).toBe(false);
  });

  it("check writes nothing, so it does not mind what --out holds", () => {
    const dir = site("check");
    mkdirSync(path.join(dir, "dist"));
    writeFileSync(path.join(dir, "dist/notes.txt"), "x\n");
    expect(runCli(["check", "--now", NOW], { cwd: dir }).code).toBe(0);
  });
});
