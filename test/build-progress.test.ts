// The build's progress lines count in the singular when there is one: "Read 1 event file".
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";

const dir = tempDir("bc-build-progress-");
afterAll(() => removeDir(dir));

it("says \"Read 1 event file\" and \"Validated 1 event page\" for a catalogue of one", () => {
  const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  const events = readdirSync(path.join(content, "events"));
  for (const name of events.filter((n) => n !== "the-seagull.json")) rmSync(path.join(content, "events", name));
  const run = runCli(["build", "--content", "content", "--out", "dist", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toContain("Read 1 event file from content/\n");
  expect(run.stdout).toMatch(/^Validated 1 event page, 2 venues, 3 images$/m);
});
