// The preview rebuilds as `build` does: incrementally (the pages it did not see change are reused
// from its cache), and into the very bytes a cold build writes. Run as a user runs it
// (build-catalogue preview), on a generated catalogue; its folder is found under its own TMPDIR.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { fetchRaw } from "./helpers/http-contract.js";
import { startPreviewProcess, waitFor, type Started } from "./helpers/server.js";

const NOW = "2026-06-01T00:00:00Z";
const PAGES = 300;
let dir = "";
let preview: Started;
let base = "";

/** The preview's summary lines so far: [events, reused] for each build. */
const builds = () => [...preview.output().matchAll(/^Built (\d+) event pages in [\d.]+ s(?:, (\d+) of them unchanged and reused)?(?:, \d+ warnings?)?$/gm)].map((m) => [Number(m[1]), Number(m[2] ?? 0)]);

/** The preview's output folder (the only one under its TMPDIR). */
function previewDist(): string {
  const tmp = path.join(dir, "tmp");
  const folders = readdirSync(tmp).filter((name) => name.startsWith("build-catalogue-preview-"));
  expect(folders).toHaveLength(1);
  return path.join(tmp, folders[0]!, "dist");
}

/** Asserts the preview's folder holds a cold build's files, byte for byte. */
function expectColdBuildBytes(): void {
  rmSync(path.join(dir, "reference"), { recursive: true, force: true });
  const cold = runCli(["build", "--content", "content", "--out", "reference", "--now", NOW, "--no-cache"], { cwd: dir });
  expect(cold.code, cold.stderr.slice(-2000)).toBe(0);
  const reference = snapshotTree(path.join(dir, "reference"));
  const served = snapshotTree(previewDist());
  expect([...served.keys()]).toEqual([...reference.keys()]);
  const differing = [...served].filter(([rel, bytes]) => reference.get(rel) !== bytes).map(([rel]) => rel);
  expect(differing).toEqual([]);
}

const eventFile = (n: number) => path.join(dir, "content/events", `event-${n}.json`);

beforeAll(async () => {
  dir = tempDir("bc-preview-incremental-");
  mkdirSync(path.join(dir, "tmp"));
  const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), path.join(dir, "content"), String(PAGES), "5"], { encoding: "utf8" });
  expect(gen.status, gen.stderr).toBe(0);
  // The catalogue's own base URL, so that the preview's folder can be compared with `build`'s.
  const { base_url } = JSON.parse(readFileSync(path.join(dir, "content/catalogue.json"), "utf8")) as { base_url: string };
  ({ preview, base } = await startPreviewProcess(["--content", "content", "--now", NOW, "--base-url", base_url], { cwd: dir, env: { TMPDIR: path.join(dir, "tmp") } }, { addressMs: 30_000, answerMs: 30_000 }));
});
afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

describe("the preview's rebuilds", () => {
  it("reuse the unchanged pages and give a cold build's bytes, after an edit and after a removal", async () => {
    expect(builds()).toEqual([[PAGES, 0]]);
    expectColdBuildBytes();

    const page = JSON.parse(readFileSync(eventFile(1010), "utf8")) as { title: string };
    writeFileSync(eventFile(1010), JSON.stringify({ ...page, title: "Edited in the preview" }, null, 2));
    await waitFor(preview, () => (builds().length >= 2 ? true : undefined), "the rebuild after the edit", 30_000);
    expect(builds().at(-1)).toEqual([PAGES, PAGES - 1]);
    const detail = await fetchRaw(base, "GET", "/api/v2/event_pages/1010/");
    expect((JSON.parse(detail.body.toString("utf8")) as { title: string }).title).toBe("Edited in the preview");
    expectColdBuildBytes();

    rmSync(eventFile(1020));
    await waitFor(preview, () => (builds().length >= 3 ? true : undefined), "the rebuild after the removal", 30_000);
    // The edited page is reused now too: the preview's cache has it as the last rebuild built it.
    expect(builds().at(-1)).toEqual([PAGES - 1, PAGES - 1]);
    expect((await fetchRaw(base, "GET", "/api/v2/event_pages/1020/")).status).toBe(404);
    expectColdBuildBytes();
  }, 120_000);
});
