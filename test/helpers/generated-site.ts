// A generated catalogue in a temporary folder of its own, and what the tests of rebuilds and
// threads do with it: builds through the real CLI with the cache, cold single-threaded builds to
// hold them to (each content and arguments built once), edits of event pages, trees compared
// byte for byte. `useGeneratedSite` in a test file sets `dir` and `content` for its tests.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { removeDir, ROOT, runCli, tempDir } from "./cli.js";

export const NOW = "2026-06-01T00:00:00Z";
/** The test file's folder, and the generated content folder in it (`content`). */
export let dir = "";
export let content = "";

/** Generates `events` event pages (seed 7, event-1000.json on) into a new folder before the file's tests; removes it after. */
export function useGeneratedSite(prefix: string, events: number): void {
  beforeAll(() => {
    dir = tempDir(prefix);
    content = path.join(dir, "content");
    const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, String(events), "7"], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
  });
  afterAll(() => removeDir(dir));
}

export function tree(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out.set(r, readFileSync(path.join(d, e.name)));
    }
  };
  walk(root, "");
  return out;
}

export function expectSameTree(actual: string, expected: string): void {
  const a = tree(actual);
  const b = tree(expected);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  const differing = [...b].filter(([rel, bytes]) => !a.get(rel)!.equals(bytes)).map(([rel]) => rel);
  expect(differing).toEqual([]);
}

/** A build into `out` with the cache (cwd: the test's folder, so the cache is its own). */
export function build(out: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const run = runCli(["build", "--content", "content", "--out", out, "--now", NOW, ...extra], { cwd: dir, env });
  expect(run.code, run.stderr.slice(-3000)).toBe(0);
  return run;
}

/** The reference: a cold build on one thread, without the cache. */
export function cold(out: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  rmSync(path.join(dir, out), { recursive: true, force: true });
  return build(out, ["--no-cache", ...extra], { ...env, BUILD_CATALOGUE_THREADS: "0" });
}

/**
 * The cold builds that rebuilds are held to, by the content's bytes and the build's arguments: a
 * build is deterministic (the same content and arguments give the same bytes), so a reference is
 * built once for each, into a folder of its own, and later tests that come back to the same
 * content (edits undone) compare with it.
 */
export const references = new Map<string, string>();
export const referenceKey = (extra: string[]) => {
  const hash = createHash("sha256");
  for (const [rel, bytes] of [...tree(content)].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${rel}\0${bytes.length}\0`).update(bytes);
  return `${hash.digest("hex")} ${JSON.stringify(extra)}`;
};
/** A cold build of the content as it is now, with `extra` arguments, already made as `out`. */
export const isReference = (out: string, extra: string[] = []) => references.set(referenceKey(extra), out);
/** The folder holding a cold build of the content as it is now. */
export function coldOutput(extra: string[] = []): string {
  const key = referenceKey(extra);
  let out = references.get(key);
  if (out === undefined) {
    out = `reference-${references.size + 1}`;
    cold(out, extra);
    references.set(key, out);
  }
  return path.join(dir, out);
}

/**
 * What a build needs to note the worker threads it starts (test/helpers/count-workers.mjs, into a
 * file of the test's folder), and the reader of that note: their modules, comma-separated.
 */
export function countWorkers(name: string, nodeOptions = "") {
  const file = path.join(dir, `workers-${name}.txt`);
  rmSync(file, { force: true });
  const env = { NODE_OPTIONS: `${nodeOptions} --import=${path.join(ROOT, "test/helpers/count-workers.mjs")}`.trim(), WORKERS_STARTED_FILE: file };
  return { env, started: () => readFileSync(file, "utf8") };
}

/** The env that counts the event files a build's main thread reads (test/helpers/count-reads.mjs), and the count once it has run. */
export function countReads(name: string) {
  const file = path.join(dir, `reads-${name}.txt`);
  rmSync(file, { force: true });
  return { nodeOptions: `--import=${path.join(ROOT, "test/helpers/count-reads.mjs")}`, env: { EVENT_READS_FILE: file }, read: () => Number(readFileSync(file, "utf8")) };
}

export const reusedOf = (run: { stdout: string }) => Number(/Reused (\d+) unchanged event pages?/.exec(run.stdout)?.[1] ?? 0);
export const pages = () => readdirSync(path.join(content, "events")).length;
export const eventFile = (n: number) => path.join(content, "events", `event-${n}.json`);
export function edit(n: number, change: (page: Record<string, unknown>) => void): void {
  const page = JSON.parse(readFileSync(eventFile(n), "utf8")) as Record<string, unknown>;
  change(page);
  writeFileSync(eventFile(n), JSON.stringify(page, null, 2));
}
