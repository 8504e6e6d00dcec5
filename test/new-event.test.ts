// `build-catalogue new event <slug>` through the real CLI: the file it writes, the check that refuses
// each placeholder saying what to write, the build once an editor has filled them in, and refusals.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example/content");
const NOW = "2026-05-01T00:00:00Z";
const PLACEHOLDER_KEYS = [
  "event.id", "event.ticketing_code", "first_published_at", "performances[0].datetime",
  "performances[0].ticketing_code", "thumbnail.image", "title", "venue",
];

let root: string;
let n = 0;
beforeAll(() => {
  root = tempDir("bc-new-event-");
});
afterAll(() => removeDir(root));
/** A fresh copy of the worked example; returns its folder (the content is `content/`). */
const fresh = () => {
  const dir = path.join(root, `case-${++n}`);
  copyContent(EXAMPLE, dir);
  return dir;
};
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("new event <slug>", () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fresh();
    file = path.join(dir, "content/events/hamlet-2027.json");
  });

  it("writes events/<slug>.json with $schema, the next free page id and placeholders", () => {
    const run = runCli(["new", "event", "hamlet-2027"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^Wrote content\/events\/hamlet-2027\.json: event page 203, with placeholders to fill in at /);
    const page = readJson(file);
    // The largest page id is event page 202 (the parent is 20, its home 3): the next is 203.
    expect(page.id).toBe(203);
    expect(Object.keys(page)[0]).toBe("$schema");
    expect(path.resolve(path.dirname(file), page.$schema)).toBe(path.join(ROOT, "schemas/event.schema.json"));
    expect(page.on_sale).toBe(false);
    // The next free performance id too (the largest is 6012).
    expect(page.performances[0].id).toBe(6013);
    // The placeholders name the choices there are.
    expect(page.venue).toBe("TODO: a venue id from venues.json (1 = Drama Theatre, 2 = River Stage)");
  });

  it("check refuses each placeholder, saying what to write, and nothing else", () => {
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines.at(-1)).toBe(`Check failed: ${PLACEHOLDER_KEYS.length} errors in 1 file. Fix the errors above and run the check again.`);
    // Each problem's line (its code frame follows it).
    const errors = lines.filter((l) => l.startsWith("content/"));
    expect(errors.map((l) => l.split(": ")[1])).toEqual(PLACEHOLDER_KEYS);
    for (const line of errors) {
      expect(line).toMatch(/^content\/events\/hamlet-2027\.json:\d+:\d+: [\w.[\]]+: still the placeholder from "build-catalogue new event": write \S/);
    }
    expect(run.stderr).toContain('title: still the placeholder from "build-catalogue new event": write the event\'s title');
  });

  it("builds once an editor has filled them in (and $schema is accepted and ignored)", () => {
    const page = readJson(file);
    Object.assign(page, {
      title: "Hamlet",
      first_published_at: "2026-04-20T09:00",
      event: { id: 403, ticketing_code: 5103 },
      venue: 1,
      thumbnail: { image: 31 },
    });
    Object.assign(page.performances[0], { ticketing_code: 80013, datetime: "2027-03-05T19:30" });
    writeFileSync(file, JSON.stringify(page, null, 2));
    const catalogueFile = path.join(dir, "content/catalogue.json");
    writeFileSync(catalogueFile, JSON.stringify({ $schema: "../schemas/catalogue.schema.json", ...readJson(catalogueFile) }, null, 2));
    const checked = runCli(["check", "--now", NOW], { cwd: dir });
    expect(checked.code, checked.output).toBe(0);
    const built = runCli(["build", "--now", NOW], { cwd: dir });
    expect(built.code, built.output).toBe(0);
    const detail = readJson(path.join(dir, "dist/api/v2/event_pages/203/index.json"));
    expect(detail.title).toBe("Hamlet");
    expect(detail.meta.slug).toBe("hamlet-2027");
    expect(detail.performances[0].id).toBe(6013);
    expect(JSON.stringify(detail)).not.toContain("schema");
  });

  it("refuses a file that exists, and a slug another page has", () => {
    const again = runCli(["new", "event", "hamlet-2027"], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toBe("Usage error: content/events/hamlet-2027.json already exists; choose another slug, or edit that file\n");
    renameSync(path.join(dir, "content/events/jazz-on-the-river.json"), path.join(dir, "content/events/jazz.json"));
    const taken = runCli(["new", "event", "jazz-on-the-river"], { cwd: dir });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('content/events/jazz.json already has the slug "jazz-on-the-river"; choose another slug');
    expect(existsSync(path.join(dir, "content/events/jazz-on-the-river.json"))).toBe(false);
  });
});

it("refuses a bad slug, a missing content folder and an incomplete command (exit 2, nothing written)", () => {
  const dir = fresh();
  const bad = runCli(["new", "event", "Hamlet 2027"], { cwd: dir });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('"Hamlet 2027" is not a slug: write lowercase words of a-z and 0-9 joined by single hyphens');
  const missing = runCli(["new", "event", "hamlet", "--content", "nowhere"], { cwd: dir });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain("point --content at the folder that holds catalogue.json");
  expect(runCli(["new"], { cwd: dir }).code).toBe(2);
  expect(runCli(["new", "event"], { cwd: dir }).code).toBe(2);
  expect(runCli(["new", "venue", "x"], { cwd: dir }).code).toBe(2);
  expect(existsSync(path.join(dir, "content/events/hamlet.json"))).toBe(false);
});

it("takes the next id after the largest page id of any kind: here the home page's", () => {
  const dir = fresh();
  const catalogueFile = path.join(dir, "content/catalogue.json");
  const catalogue = readJson(catalogueFile);
  catalogue.parent.home.id = 900;
  writeFileSync(catalogueFile, JSON.stringify(catalogue));
  const run = runCli(["new", "event", "tosca", "--content", "content"], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  expect(readJson(path.join(dir, "content/events/tosca.json")).id).toBe(901);
});

it("--yaml writes events/<slug>.yaml: YAML of the same page as the JSON form", () => {
  const a = fresh();
  const b = fresh();
  expect(runCli(["new", "event", "tosca"], { cwd: a }).code).toBe(0);
  const run = runCli(["new", "event", "tosca", "--yaml"], { cwd: b });
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toMatch(/^Wrote content\/events\/tosca\.yaml: event page 203/);
  const text = readFileSync(path.join(b, "content/events/tosca.yaml"), "utf8");
  expect(text.startsWith("# yaml-language-server: $schema=")).toBe(true);
  expect(parse(text)).toEqual(readJson(path.join(a, "content/events/tosca.json")));
  expect(existsSync(path.join(b, "content/events/tosca.json"))).toBe(false);
});
