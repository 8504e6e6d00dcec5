// `build-catalogue new event <slug>` through the real CLI: the file it writes, the check that refuses
// each placeholder saying what to write, the build once an editor has filled them in, and refusals.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example/content");
const NOW = "2026-05-01T00:00:00Z";
/** In the order they stand in the written file: problems are printed by line. */
const PLACEHOLDER_KEYS = [
  "title", "first_published_at", "event.id", "event.ticketing_code", "venue",
  "thumbnail.image", "performances[0].ticketing_code", "performances[0].datetime",
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
    // The site keeps its own copy of the schemas (as `init` writes them when the package is not installed in it).
    expect(runCli(["schema", "--out", "schemas"], { cwd: dir }).code).toBe(0);
  });

  it("writes events/<slug>.json with $schema, the next free page id and placeholders", () => {
    const run = runCli(["new", "event", "hamlet-2027"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^Wrote content\/events\/hamlet-2027\.json: event page 203, with placeholders to fill in at /);
    // Nothing more to say: the site has images and schemas.
    expect(run.stdout.trimEnd().split("\n")).toHaveLength(1);
    const page = readJson(file);
    // The largest page id is event page 202 (the parent is 20, its home 3): the next is 203.
    expect(page.id).toBe(203);
    expect(Object.keys(page)[0]).toBe("$schema");
    // The site's own copy, relative to the file: a path that works in every clone of the site.
    expect(page.$schema).toBe("../../schemas/event.schema.json");
    expect(path.resolve(path.dirname(file), page.$schema)).toBe(path.join(dir, "schemas/event.schema.json"));
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
  for (const site of [a, b]) expect(runCli(["schema", "--out", "schemas"], { cwd: site }).code).toBe(0);
  expect(runCli(["new", "event", "tosca"], { cwd: a }).code).toBe(0);
  const run = runCli(["new", "event", "tosca", "--yaml"], { cwd: b });
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toMatch(/^Wrote content\/events\/tosca\.yaml: event page 203/);
  const text = readFileSync(path.join(b, "content/events/tosca.yaml"), "utf8");
  expect(text.startsWith("# yaml-language-server: $schema=")).toBe(true);
  expect(parse(text)).toEqual(readJson(path.join(a, "content/events/tosca.json")));
  expect(existsSync(path.join(b, "content/events/tosca.json"))).toBe(false);
});

describe("$schema: a path inside the site, relative to the file, for everyone who clones it", () => {
  const schemaOf = (dir: string, slug = "tosca") => {
    const run = runCli(["new", "event", slug], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    return { page: readJson(path.join(dir, "content/events", `${slug}.json`)), run };
  };
  /** Installs a copy of this package's schemas as npm would put the package in `dir`'s node_modules. */
  const install = (dir: string) => {
    mkdirSync(path.join(dir, "node_modules/build-catalogue"), { recursive: true });
    cpSync(path.join(ROOT, "schemas"), path.join(dir, "node_modules/build-catalogue/schemas"), { recursive: true });
  };

  it("names the package in the site's node_modules when it is installed there, before a copy in schemas/", () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "package.json"), "{}\n");
    install(dir);
    expect(runCli(["schema", "--out", "schemas"], { cwd: dir }).code).toBe(0);
    const { page } = schemaOf(dir);
    expect(page.$schema).toBe("../../node_modules/build-catalogue/schemas/event.schema.json");
    expect(existsSync(path.resolve(dir, "content/events", page.$schema))).toBe(true);
  });

  it("names it through node_modules when the site's package.json depends on the package, before npm ci has run", () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ devDependencies: { "build-catalogue": "^0.1.0" } }));
    expect(schemaOf(dir).page.$schema).toBe("../../node_modules/build-catalogue/schemas/event.schema.json");
  });

  it("looks from the content folder up to the site's root (package.json or .git), never above it", () => {
    const outer = path.join(root, `outer-${++n}`);
    install(outer);
    const dir = path.join(outer, "site");
    copyContent(EXAMPLE, dir, "src/content");
    mkdirSync(path.join(dir, ".git"));
    const args = (slug: string) => ["new", "event", slug, "--content", "src/content"];
    const first = runCli(args("tosca"), { cwd: dir });
    expect(first.code, first.output).toBe(0);
    expect(readJson(path.join(dir, "src/content/events/tosca.json"))).not.toHaveProperty("$schema");
    expect(first.stdout).toContain('No "$schema" was written: this site has neither build-catalogue in its node_modules (a dependency of the site: docs/installing.md of build-catalogue) nor a schemas/ folder');
    // Installed at the site's root, two folders above the content: found.
    install(dir);
    expect(runCli(args("carmen"), { cwd: dir }).code).toBe(0);
    expect(readJson(path.join(dir, "src/content/events/carmen.json")).$schema).toBe("../../../node_modules/build-catalogue/schemas/event.schema.json");
  });

  it("without either, writes no $schema (never a path into wherever the command runs from) and says how to get one", () => {
    const dir = fresh();
    const { page, run } = schemaOf(dir);
    expect(page).not.toHaveProperty("$schema");
    expect(readFileSync(path.join(dir, "content/events/tosca.json"), "utf8")).not.toContain(ROOT);
    expect(run.stdout).toContain("build-catalogue schema --out schemas");
    const yaml = runCli(["new", "event", "carmen", "--yaml"], { cwd: dir });
    expect(yaml.code, yaml.output).toBe(0);
    expect(readFileSync(path.join(dir, "content/events/carmen.yaml"), "utf8")).not.toContain("schema");
  });
});

describe("a site without images", () => {
  it.each([
    ["no images.json", (dir: string) => rmSync(path.join(dir, "content/images.json")), "does not exist yet"],
    ["an empty images.json", (dir: string) => writeFileSync(path.join(dir, "content/images.json"), "[]\n"), "holds no images"],
  ])("with %s, the thumbnail's placeholder and the message say how to add one", (_, change, why) => {
    const dir = fresh();
    change(dir);
    const run = runCli(["new", "event", "tosca"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain(`content/images.json ${why}: add one, such as [{"id": 1, "title": "Hamlet", "file": "hamlet.jpg", "alt": "Hamlet holding a skull"}], and write its id at thumbnail.image.`);
    const page = readJson(path.join(dir, "content/events/tosca.json"));
    expect(page.thumbnail.image).toBe(`TODO: an image id from images.json, which ${why}: add an image to content/images.json as a list item {id, title, file, alt}, then write its id here`);
    // The check repeats it at the key.
    const check = runCli(["check", "--now", NOW], { cwd: dir });
    expect(check.stderr).toContain(`thumbnail.image: still the placeholder from "build-catalogue new event": write an image id from images.json, which ${why}: add an image to content/images.json`);
  });
});
