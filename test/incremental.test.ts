// Incremental rebuilds: after each kind of change, a build that reuses the cache writes the very
// bytes of a cold build (--no-cache) of the same content, file for file, and no other files.
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

let dir = "";
let content = "";
beforeAll(() => {
  dir = tempDir();
  content = path.join(dir, "content");
  execFileSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), content, "100"]);
});
afterAll(() => removeDir(dir));

function build(out: string, now: string, ...extra: string[]) {
  const run = runCli(["build", "--content", content, "--out", out, "--now", now, ...extra], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  return run;
}

/** Rebuilds incrementally and cold; both trees must be the same bytes. Returns the incremental run. */
function rebuildMatchesCold(now: string, ...hosts: string[]) {
  const run = build(path.join(dir, "dist"), now, ...hosts);
  rmSync(path.join(dir, "cold"), { recursive: true, force: true });
  build(path.join(dir, "cold"), now, "--no-cache", ...hosts);
  const incremental = snapshotTree(path.join(dir, "dist"));
  const cold = snapshotTree(path.join(dir, "cold"));
  expect([...incremental.keys()]).toEqual([...cold.keys()]);
  for (const [file, bytes] of cold) expect(incremental.get(file), file).toBe(bytes);
  return run;
}

const editTitle = (name: string, suffix: string) => {
  const file = path.join(content, "events", name);
  const page = JSON.parse(readFileSync(file, "utf8"));
  page.title = `${page.title}${suffix}`;
  writeFileSync(file, JSON.stringify(page, null, 2));
};

describe("incremental rebuilds", () => {
  it("match a cold build byte for byte after every kind of change", () => {
    const now = "2026-06-01T00:00:00Z";
    expect(rebuildMatchesCold(now).stdout).not.toContain("Reused");
    // Nothing changed: every page is reused.
    expect(rebuildMatchesCold(now).stdout).toContain("Reused 100 unchanged event pages");
    // One page edited, twice in a row (the second build patches the folder from two builds ago).
    editTitle("event-1010.json", " (edited)");
    expect(rebuildMatchesCold(now).stdout).toContain("Reused 99 unchanged event pages");
    editTitle("event-1020.json", " (edited)");
    expect(rebuildMatchesCold(now).stdout).toContain("Reused 99 unchanged event pages");
    // A page removed, another renamed (its slug changes), a new one added.
    rmSync(path.join(content, "events/event-1030.json"));
    renameSync(path.join(content, "events/event-1040.json"), path.join(content, "events/renamed-page.json"));
    const added = JSON.parse(readFileSync(path.join(content, "events/event-1050.json"), "utf8"));
    writeFileSync(path.join(content, "events/added-page.json"), JSON.stringify({ ...added, id: 9999, performances: added.performances.map((p: { id: number; ticketing_code: number }) => ({ ...p, id: p.id + 1_000_000, ticketing_code: p.ticketing_code + 1_000_000 })) }));
    rebuildMatchesCold(now);
    // A later now: performances that have started since are rebuilt (is_past, in_past).
    rebuildMatchesCold("2026-01-01T00:00:00Z");
    // A settings file changed: every page is rebuilt.
    const catalogue = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8"));
    writeFileSync(path.join(content, "catalogue.json"), JSON.stringify({ ...catalogue, ticket_button_text: "Book now" }));
    expect(rebuildMatchesCold(now).stdout).not.toContain("Reused");
    // Other hosts: the browsable pages and rule files come and go with them.
    rebuildMatchesCold(now, "--host", "netlify,nginx");
    editTitle("event-1060.json", " (edited)");
    rebuildMatchesCold(now, "--host", "netlify,nginx");
    rebuildMatchesCold(now, "--host", "netlify,nginx");
    rebuildMatchesCold(now);
  });

  it("gives the same bytes on worker threads, cold and incremental", () => {
    const now = "2026-06-01T00:00:00Z";
    const threads = { ...process.env, BUILD_CATALOGUE_THREADS: "3" };
    for (const [out, extra] of [["threads-cold", ["--no-cache"]], ["threads-inc", []], ["threads-inc", []]] as const) {
      const run = runCli(["build", "--content", content, "--out", path.join(dir, out), "--now", now, "--host", "netlify", ...extra], { cwd: dir, env: threads });
      expect(run.code, run.output).toBe(0);
    }
    rmSync(path.join(dir, "cold"), { recursive: true, force: true });
    build(path.join(dir, "cold"), now, "--no-cache", "--host", "netlify");
    const cold = snapshotTree(path.join(dir, "cold"));
    expect(snapshotTree(path.join(dir, "threads-cold"))).toEqual(cold);
    expect(snapshotTree(path.join(dir, "threads-inc"))).toEqual(cold);
  });

  it("keeps --out and the cache as they were when a rebuild fails", () => {
    const now = "2026-06-01T00:00:00Z";
    rebuildMatchesCold(now);
    const before = snapshotTree(path.join(dir, "dist"));
    const file = path.join(content, "events/event-1070.json");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, good.replace(/"venue": \d+/, '"venue": 77'));
    const run = runCli(["build", "--content", content, "--out", path.join(dir, "dist"), "--now", now], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("event-1070.json: venue: no venue has id 77");
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
    writeFileSync(file, good);
    editTitle("event-1080.json", " (edited)");
    expect(rebuildMatchesCold(now).stdout).toContain("Reused 99 unchanged event pages");
  });
});
