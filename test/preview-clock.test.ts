// The preview without --now keeps is_past and in_past current: it rebuilds when a performance
// starts (the next change), with no file touched.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, tempDir } from "./helpers/cli.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";

let dir = "";
let preview: Started | undefined;
afterAll(async () => {
  await preview?.stop();
  if (dir) removeDir(dir);
});

it("rebuilds when a performance starts, so its is_past and its page's in_past turn true", async () => {
  dir = tempDir("bc-preview-clock-");
  const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  // Jazz on the River: one performance a day ago, the last one a few seconds from now.
  const file = path.join(content, "events/jazz-on-the-river.json");
  const page = JSON.parse(readFileSync(file, "utf8"));
  const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
  const start = Date.now() + 12_000; // room for a slow start on a busy machine
  page.performances[0].datetime = iso(Date.now() - 86_400_000);
  page.performances[1].datetime = iso(start);
  writeFileSync(file, JSON.stringify(page));

  const started = await startPreviewProcess(["--content", "content"], { cwd: dir }, { addressMs: 10_000 });
  preview = started.preview;
  const { base } = started;
  const jazz = async () => (await (await fetch(`${base}/api/v2/event_pages/202/`)).json()) as { in_past: boolean; performances: { is_past: boolean }[] };

  const before = await jazz();
  expect(Date.now()).toBeLessThan(start);
  expect(before.performances.map((p) => p.is_past)).toEqual([true, false]);
  expect(before.in_past).toBe(false);

  const deadline = start + 15_000;
  let after = before;
  while (Date.now() < deadline && !after.in_past) {
    await new Promise((r) => setTimeout(r, 250));
    after = await jazz();
  }
  expect(after.performances.map((p) => p.is_past)).toEqual([true, true]);
  expect(after.in_past).toBe(true);
  // Rebuilt once for the start: the first build and the timed one. The preview answers from the
  // files, which a rebuild updates in place before it says so: the line may come a moment later.
  const builds = () => preview!.output().match(/Built 2 event pages/g)?.length ?? 0;
  for (let i = 0; i < 50 && builds() < 2; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 300)); // and no third one
  expect(builds(), preview.output()).toBe(2);
});
