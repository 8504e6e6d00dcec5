// The build warns when its output passes a documented limit of a host it writes for
// (src/host/limits.ts), through the real CLI. The catalogues that pass the file-count and rule
// limits take minutes to build, so those cases are unit tests (test/unit/host-limits.test.ts);
// Cloudflare's 25 MiB per file is passed here end to end by one page with a very long description.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const NOW = "2026-03-01T00:00:00Z";
const SMALL = path.join(FIXTURES, "good/spec-example/content");
/** A limit warning names a file of the output; content warnings name files of content/. */
const LIMIT_WARNING = /^warning: (?:dist|out)\//m;

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-limits-");
  // The spec example with one page whose rich text makes its document just over 26 MiB.
  const content = copyContent(SMALL, dir, "big");
  const file = path.join(content, "events/the-seagull.json");
  const page = JSON.parse(readFileSync(file, "utf8")) as { description: { type: string; value: { text: string } }[] };
  const block = page.description.find((b) => b.type === "richtext")!;
  const sentence = "Four acts by a lake. ";
  block.value.text = `<p>${sentence.repeat(Math.ceil((26 * 1024 * 1024) / sentence.length))}</p>`;
  writeFileSync(file, JSON.stringify(page, null, 2));
});
afterAll(() => removeDir(dir));

describe("host limits, through the CLI", () => {
  it.each([["cloudflare"], ["netlify"], ["vercel"], ["netlify,vercel,nginx,serve"]])("a small catalogue built for %s passes every limit: no warning, even under --strict", (host) => {
    const cwd = tempDir("bc-limits-small-");
    try {
      copyContent(SMALL, cwd);
      const run = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW, "--host", host, "--strict"], { cwd });
      expect(run.code, run.output).toBe(0);
      expect(run.output).not.toMatch(LIMIT_WARNING);
      expect(run.stdout).toMatch(/^Built 2 event pages into dist\/: \d+ files, [\d.]+ KiB in [\d.]+ s$/m);
    } finally {
      removeDir(cwd);
    }
  });

  it("Cloudflare: a file over 25 MiB is a warning naming it, counted in the summary; the build is written", () => {
    const run = runCli(["build", "--content", "big", "--out", "out", "--now", NOW, "--host", "cloudflare"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const warnings = run.stderr.split("\n").filter((l) => l.startsWith("warning: "));
    expect(warnings).toEqual([
      "warning: out/api/v2/pages/201/index.json: is 26.0 MiB (27,270,244 bytes): Cloudflare Pages refuses a file over 25 MiB, so the deploy will be refused; it is one page's document: shorten that page's content (its description blocks)",
    ]);
    // The files counted are the build's: the marker it leaves in out/ is not one of them.
    const written = snapshotTree(path.join(dir, "out")).size - 1;
    expect(run.stdout).toMatch(new RegExp(`^Built 2 event pages into out/: ${written} files, 26\\.\\d MiB in [\\d.]+ s, 1 warning$`, "m"));
    expect(statSync(path.join(dir, "out/api/v2/pages/201/index.json")).size).toBe(27_270_244);
  });

  it("check reports it too (naming the files a build into dist/ would write), in --format json and as a GitHub Actions annotation", () => {
    const run = runCli(["check", "--content", "big", "--now", NOW, "--host", "cloudflare", "--format", "json"], {
      cwd: dir,
      env: { GITHUB_ACTIONS: "true" },
    });
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { ok: boolean; diagnostics: { severity: string; file: string; line: null; message: string }[] };
    expect(doc.ok).toBe(true);
    expect(doc.diagnostics).toMatchObject([{ severity: "warning", file: "dist/api/v2/pages/201/index.json", line: null }]);
    expect(run.stderr).toContain("::warning file=dist/api/v2/pages/201/index.json::is 26.0 MiB");
  });

  it("under --strict the build fails on it before replacing --out: exit 1, nothing written, --out as it was", () => {
    // A previous build's output (of the small catalogue), which the failed build must leave as it was.
    const out = path.join(dir, "kept");
    const previous = runCli(["build", "--content", SMALL, "--out", "kept", "--now", NOW, "--host", "cloudflare"], { cwd: dir });
    expect(previous.code, previous.output).toBe(0);
    const before = snapshotTree(out);
    const run = runCli(["build", "--content", "big", "--out", "kept", "--now", NOW, "--host", "cloudflare", "--strict"], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toMatch(/^warning: kept\/api\/v2\/pages\/201\/index\.json: is 26\.0 MiB/m);
    expect(run.stderr).toContain("Build failed: 1 warning, and --strict makes warnings fail the build. Nothing was written; kept/ is as it was.");
    expect(snapshotTree(out)).toEqual(before);
    // No staging folder is left beside it.
    expect(readdirSync(dir).filter((name) => name.startsWith(".kept."))).toEqual([]);
  });

  it("check --strict fails on it too, as a build would", () => {
    const run = runCli(["check", "--content", "big", "--now", NOW, "--host", "cloudflare", "--strict"], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toMatch(/^warning: dist\/api\/v2\/pages\/201\/index\.json: is 26\.0 MiB/m);
    expect(run.stderr).toContain("Check failed: 1 warning, and --strict makes warnings fail the check.");
  });

  it("the limits of Cloudflare are not applied to a build for another host", () => {
    const run = runCli(["check", "--content", "big", "--now", NOW, "--host", "nginx"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toMatch(LIMIT_WARNING);
  });
});
