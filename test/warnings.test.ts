// Warnings, one fixture folder per reason (test/fixtures/warnings/<reason>/{content/, expect.json}):
// the real CLI builds (exit 0), prints each warning with its file, key path and what to do, counts
// them in the summary; with --strict, build and check fail (exit 1) and --out stays as it was.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const WARNINGS = path.join(FIXTURES, "warnings");
const GOOD = path.join(FIXTURES, "good/spec-example/content");

interface Expected {
  now: string;
  warnings: { file: string; path: string; message: string }[];
}

const reasons = readdirSync(WARNINGS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const warningLines = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("warning: "));

let root: string;
beforeAll(() => {
  root = tempDir("bc-warnings-");
});
afterAll(() => removeDir(root));

it("has a fixture for each kind of warning", () => {
  expect(reasons).toEqual(
    [
      "empty-image-alt", "empty-thumbnail-alt", "on-sale-all-performances-past", "on-sale-without-performances", "performance-far-future",
      "rich-text-link-to-document", "rich-text-link-to-missing-page", "unused-image",
    ],
  );
});

it("the worked example itself has no warning at its --now (the control)", () => {
  const dir = path.join(root, "control");
  copyContent(GOOD, dir);
  const run = runCli(["build", "--now", "2026-05-01T00:00:00Z", "--strict"], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  expect(warningLines(run.stderr)).toEqual([]);
  expect(run.stdout).not.toMatch(/warning/);
});

describe.each(reasons)("%s", (reason) => {
  const expected = JSON.parse(readFileSync(path.join(WARNINGS, reason, "expect.json"), "utf8")) as Expected;
  const setup = () => {
    const dir = path.join(root, reason);
    copyContent(path.join(WARNINGS, reason, "content"), dir);
    return dir;
  };

  it("builds, printing each warning with its file, key and what to do, and counts them", () => {
    const dir = setup();
    const run = runCli(["build", "--now", expected.now], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    const lines = warningLines(run.stderr);
    expect(lines).toHaveLength(expected.warnings.length);
    expected.warnings.forEach((w, i) => {
      // file:line:column, then the key path.
      expect(lines[i]!.startsWith(`warning: content/${w.file}:`)).toBe(true);
      expect(lines[i]).toMatch(new RegExp(`^warning: content/${w.file.replace(/[.[\]]/g, "\\$&")}:\\d+:\\d+: ${w.path.replace(/[.[\]]/g, "\\$&")}: `));
      expect(lines[i]).toContain(w.message);
      // Every warning says what to do.
      expect(lines[i]).toMatch(/; (set|describe|check|use|write|link)/);
    });
    const n = expected.warnings.length;
    expect(run.stdout).toMatch(new RegExp(`^Built 2 event pages into dist/: \\d+ files, .* s, ${n} warnings?$`, "m"));
    expect(readdirSync(path.join(dir, "dist/api/v2/event_pages"))).toContain("index.json");
  });

  it("check counts them too", () => {
    const run = runCli(["check", "--now", expected.now], { cwd: path.join(root, reason) });
    expect(run.code, run.output).toBe(0);
    expect(warningLines(run.stderr)).toHaveLength(expected.warnings.length);
    expect(run.stdout).toMatch(/^Content is valid: .*, \d+ warnings?$/m);
  });

  it("--strict fails build and check on them and leaves --out as it was", () => {
    const dir = path.join(root, reason);
    const before = snapshotTree(path.join(dir, "dist"));
    const run = runCli(["build", "--now", expected.now, "--strict"], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(warningLines(run.stderr)).toHaveLength(expected.warnings.length);
    expect(run.stderr).toMatch(/^Build failed: \d+ warnings?, and --strict makes warnings fail the build\. Nothing was written; dist\/ is as it was\./m);
    expect(run.stdout).not.toMatch(/^Built /m);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
    const checked = runCli(["check", "--now", expected.now, "--strict"], { cwd: dir });
    expect(checked.code, checked.output).toBe(1);
    expect(checked.stderr).toMatch(/^Check failed: \d+ warnings?, and --strict makes warnings fail the check\./m);
  });
});

it("content with an error fails on the error alone: the warnings need a valid catalogue", () => {
  const dir = path.join(root, "with-an-error");
  copyContent(path.join(WARNINGS, "unused-image/content"), dir);
  const file = path.join(dir, "content/events/jazz-on-the-river.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), venue: 99 }, null, 2));
  const run = runCli(["check", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/content\/events\/jazz-on-the-river\.json:\d+:\d+: venue: no venue has id 99/);
  expect(warningLines(run.stderr)).toEqual([]);
  expect(run.stderr).toMatch(/^Check failed: 1 error in 1 file\./m);
});

describe("the edges of the warnings (the library on a copy of the worked example)", () => {
  const page = (dir: string) => path.join(dir, "content/events/jazz-on-the-river.json");
  const edit = (dir: string, change: (p: Record<string, unknown> & { performances: { datetime: string }[] }) => void) => {
    const p = JSON.parse(readFileSync(page(dir), "utf8"));
    change(p);
    writeFileSync(page(dir), JSON.stringify(p));
  };
  const warningsAt = async (dir: string, now: string) =>
    (await check({ content: path.join(dir, "content"), now })).diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);

  it("three years to the second is not too far; one second more is", async () => {
    const dir = path.join(root, "far-edge");
    copyContent(GOOD, dir);
    edit(dir, (p) => (p.performances[1]!.datetime = "2029-05-01T10:00:00+10:00"));
    expect(await warningsAt(dir, "2026-05-01T00:00:00Z")).toEqual([]);
    edit(dir, (p) => (p.performances[1]!.datetime = "2029-05-01T10:00:01+10:00"));
    expect(await warningsAt(dir, "2026-05-01T00:00:00Z")).toEqual([
      "2029-05-01T10:00:01+10:00 is more than 3 years away (now is 2026-05-01, so the limit is 2029-05-01); check the year",
    ]);
  });

  it("on sale: not while a performance is to come, nor at its very start; warned once all have started", async () => {
    const dir = path.join(root, "on-sale-edge");
    copyContent(GOOD, dir);
    // Jazz on the River's last performance starts 2026-05-02T20:00 (+10:00).
    expect(await warningsAt(dir, "2026-05-02T20:00:00+10:00")).toEqual([]);
    expect(await warningsAt(dir, "2026-05-02T20:00:01+10:00")).toEqual([
      'is true but all 2 performances started before now (the last at 2026-05-02T20:00:00+10:00; now is 2026-05-02T20:00:01+10:00); set "on_sale": false, or add the new performances',
    ]);
    edit(dir, (p) => (p.on_sale = false));
    expect(await warningsAt(dir, "2026-05-02T20:00:01+10:00")).toEqual([]);
  });
});

describe("originals in content/images/ (the real CLI)", () => {
  /** An original of a size: a plain colour, as JPEG or PNG by its name. */
  const original = async (file: string, width: number, height: number) => {
    const image = sharp({ create: { width, height, channels: 3, background: "#336699" } });
    await (file.endsWith(".png") ? image.png() : image.jpeg()).toFile(file);
  };

  it("warns of an original no image names, naming it and what to do; --strict fails on it", async () => {
    const dir = path.join(root, "unnamed-original");
    copyContent(GOOD, dir);
    const images = path.join(dir, "content/images");
    mkdirSync(images);
    // Every image of the worked example has its original (1280x720, its size in images.json), and one more file is there.
    for (const file of ["seagull.jpg", "jazz-river.png", "partner.png"]) await original(path.join(images, file), 1280, 720);
    await original(path.join(images, "poster-2027.jpg"), 800, 600);
    writeFileSync(path.join(images, ".gitkeep"), "");
    const run = runCli(["build", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(warningLines(run.stderr)).toEqual([
      'warning: content/images/poster-2027.jpg: is not named by any image in content/images.json (no "file": "poster-2027.jpg"), so the build ignores it and publishes nothing of it; ' +
        'add an image for it to content/images.json, such as {"id": 34, "title": "...", "file": "poster-2027.jpg", "alt": "..."}, or correct the "file" of the image it is meant for, or remove it from content/images/',
    ]);
    expect(run.stdout).toMatch(/, 1 warning$/m);
    expect(readdirSync(path.join(dir, "dist/media/original_images")).sort()).toEqual(["jazz-river.png", "partner.png", "seagull.jpg"]);
    const strict = runCli(["check", "--now", "2026-05-01T00:00:00Z", "--strict"], { cwd: dir });
    expect(strict.code, strict.output).toBe(1);
    // Named, it is an image like the others (used as a hero image): no warning.
    writeFileSync(path.join(dir, "content/images.json"), JSON.stringify([...JSON.parse(readFileSync(path.join(dir, "content/images.json"), "utf8")), { id: 34, title: "Poster", file: "poster-2027.jpg", alt: "" }]));
    const page = path.join(dir, "content/events/the-seagull.json");
    writeFileSync(page, JSON.stringify({ ...JSON.parse(readFileSync(page, "utf8")), hero_image: 34 }));
    const named = runCli(["check", "--now", "2026-05-01T00:00:00Z", "--strict"], { cwd: dir });
    expect(named.code, named.output).toBe(0);
  });

  it("a site started by init keeps its originals: adding a first original of its own warns of nothing", async () => {
    const dir = path.join(root, "init-first-original");
    const started = runCli(["init", "--dir", dir], { cwd: root });
    expect(started.code, started.output).toBe(0);
    expect(readdirSync(path.join(dir, "content/images"))).toEqual(["opening-night-concert.jpg"]);
    const clean = runCli(["build", "--strict"], { cwd: dir });
    expect(clean.code, clean.output).toBe(0);
    expect(warningLines(clean.stderr)).toEqual([]);
    // The starter's thumbnail is made from its original.
    expect(readdirSync(path.join(dir, "dist/media/images"))).toHaveLength(1);
    // An editor adds an image of their own, with its original, as the starter event's hero image.
    await original(path.join(dir, "content/images/string-quartet.jpg"), 1600, 900);
    const imagesFile = path.join(dir, "content/images.json");
    writeFileSync(imagesFile, JSON.stringify([...JSON.parse(readFileSync(imagesFile, "utf8")), { id: 2, title: "String quartet", file: "string-quartet.jpg", alt: "Four players" }], null, 2));
    const event = path.join(dir, "content/events/opening-night-concert.json");
    writeFileSync(event, JSON.stringify({ ...JSON.parse(readFileSync(event, "utf8")), hero_image: 2 }, null, 2));
    const added = runCli(["build", "--strict"], { cwd: dir });
    expect(added.code, added.output).toBe(0);
    expect(warningLines(added.stderr)).toEqual([]);
    expect(readdirSync(path.join(dir, "dist/media/original_images")).sort()).toEqual(["opening-night-concert.jpg", "string-quartet.jpg"]);
    // A copy of the starter's original under another name, named by nothing, is warned of.
    copyFileSync(path.join(dir, "content/images/opening-night-concert.jpg"), path.join(dir, "content/images/opening-night-concert-2.jpg"));
    const stray = runCli(["check"], { cwd: dir });
    expect(warningLines(stray.stderr)).toEqual([expect.stringMatching(/^warning: content\/images\/opening-night-concert-2\.jpg: is not named by any image in content\/images\.json /)]);
  });
});

describe("links to pages in rich text, across rebuilds that reuse the linking page", () => {
  it("warns again when the page is reused, and when the page it links to is removed", () => {
    const dir = path.join(root, "page-links-rebuilt");
    copyContent(path.join(WARNINGS, "rich-text-link-to-missing-page/content"), dir);
    const now = "2026-05-01T00:00:00Z";
    const first = runCli(["build", "--now", now], { cwd: dir });
    expect(first.code, first.output).toBe(0);
    expect(warningLines(first.stderr).map((l) => l.match(/links to page (\d+)/)?.[1])).toEqual(["999"]);
    // Nothing changed: both pages are reused, and the warning, made from what the build keeps of each page, stands.
    const second = runCli(["build", "--now", now], { cwd: dir });
    expect(second.code, second.output).toBe(0);
    expect(second.stdout).toMatch(/^Reused 2 unchanged event pages/m);
    expect(warningLines(second.stderr)).toEqual(warningLines(first.stderr));
    // The page it links to goes; the linking page, unchanged, is reused and now warns of it too.
    const jazz = path.join(dir, "content/events/jazz-on-the-river.json");
    const seagull = JSON.parse(readFileSync(path.join(dir, "content/events/the-seagull.json"), "utf8")) as { id: number };
    writeFileSync(jazz, JSON.stringify({ ...JSON.parse(readFileSync(jazz, "utf8")), id: seagull.id + 1000 }, null, 2));
    const third = runCli(["build", "--now", now], { cwd: dir });
    expect(third.code, third.output).toBe(0);
    expect(third.stdout).toMatch(/^Reused 1 unchanged event page /m);
    expect(warningLines(third.stderr).map((l) => l.match(/links to page (\d+)/)?.[1])).toEqual(["202", "999"]);
  });
});
