// From a live Wagtail API to a site's repository, as a team moving off Wagtail goes: import into
// the site's content/, then init there, which adds the workflow for the host chosen, the
// .gitignore lines and the $schema keys, keeping every file the import wrote; the site then checks
// clean and builds the same API it read.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";
import { REFERENCE_CONTENT } from "./helpers/wagtail-reference.js";

const NOW = "2026-06-01T00:00:00Z";
const API_BASE = "https://api.harbourrange.example";
let dir = "";
let preview: Started;
let base = "";

beforeAll(async () => {
  dir = tempDir("bc-import-site-");
  ({ preview, base } = await startPreviewProcess(["--content", REFERENCE_CONTENT, "--now", NOW, "--base-url", API_BASE], { cwd: dir }));
});
afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

describe("import, then init, makes a site", () => {
  it("adds the workflow, .gitignore and $schema to the imported content, changing nothing else, and the site builds the API it read", () => {
    const site = path.join(dir, "harbour");
    const imported = runCli(["import", base, "--content", "harbour/content", "--now", NOW, "--no-images"], { cwd: dir });
    expect(imported.code, imported.output).toBe(0);
    expect(imported.stdout).toContain("Run npx build-catalogue init --dir harbour to add the rest of a site");
    const before = snapshotTree(path.join(site, "content"));

    const init = runCli(["init", "--dir", "harbour", "--host", "netlify"], { cwd: dir });
    expect(init.code, init.output).toBe(0);
    expect(init.stderr).toBe("");
    // The workflow deploys to the host asked for, and .gitignore keeps the output and dependencies out.
    const workflow = parse(readFileSync(path.join(site, ".github/workflows/events-catalogue.yml"), "utf8")) as { jobs: Record<string, { steps?: { run?: string }[] }> };
    const runs = Object.values(workflow.jobs).flatMap((j) => j.steps ?? []).map((s) => s.run ?? "");
    expect(runs.some((r) => r.includes("--host netlify"))).toBe(true);
    expect(readFileSync(path.join(site, ".gitignore"), "utf8").split("\n")).toEqual(expect.arrayContaining(["dist/", "node_modules/"]));

    // Every content file the import wrote is still there; each event page differs only by its added $schema.
    const after = snapshotTree(path.join(site, "content"));
    expect([...after.keys()]).toEqual([...before.keys()]);
    const events = readdirSync(path.join(site, "content/events"));
    expect(events.length).toBe(90);
    for (const name of events) {
      const file = `events/${name}`;
      const was = JSON.parse(before.get(file)!) as Record<string, unknown>;
      const now = JSON.parse(after.get(file)!) as Record<string, unknown>;
      expect(Object.keys(now)[0], file).toBe("$schema");
      const { $schema, ...rest } = now;
      expect(rest, file).toEqual(was);
      expect(path.resolve(path.join(site, "content/events"), String($schema))).toBe(path.join(site, "schemas/event.schema.json"));
    }

    const check = runCli(["check", "--content", "harbour/content", "--now", NOW], { cwd: dir });
    expect(check.code, check.output).toBe(0);
    const built = runCli(["build", "--content", "harbour/content", "--out", "harbour/dist", "--now", NOW], { cwd: dir });
    expect(built.code, built.output).toBe(0);
    const original = runCli(["build", "--content", REFERENCE_CONTENT, "--out", "reference-dist", "--now", NOW], { cwd: dir });
    expect(original.code, original.output).toBe(0);
    const api = (tree: Map<string, string>) => new Map([...tree].filter(([f]) => f.startsWith("api/")));
    expect(api(snapshotTree(path.join(site, "dist")))).toEqual(api(snapshotTree(path.join(dir, "reference-dist"))));
  }, 240_000);
});
