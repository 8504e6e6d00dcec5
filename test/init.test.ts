// `build-catalogue init` through the real CLI: a starter site that builds without warnings; on an
// existing site, only what it lacks ($schema added byte-exactly, the workflow, netlify.toml); the
// folders it refuses (byte for byte untouched), .gitignore merged, no file ever replaced, $schema
// paths inside the site; and `help`, which lists it.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

let root: string;
let n = 0;
beforeAll(() => {
  root = tempDir("bc-init-");
});
afterAll(() => removeDir(root));
const empty = () => {
  const dir = path.join(root, `case-${++n}`);
  mkdirSync(dir);
  return dir;
};
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** A site whose package.json names build-catalogue and whose node_modules holds it (its schemas, all init looks for). */
function installPackage(site: string): void {
  writeFileSync(path.join(site, "package.json"), JSON.stringify({ devDependencies: { "build-catalogue": "^0.1.0" } }));
  cpSync(path.join(ROOT, "schemas"), path.join(site, "node_modules/build-catalogue/schemas"), { recursive: true });
}
const DAY = 24 * 3600 * 1000;

describe("init in an empty folder", () => {
  let dir: string;
  let stdout: string;
  beforeAll(() => {
    dir = empty();
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toBe("");
    stdout = run.stdout;
  });

  it("writes the starter content, the schemas, .gitignore and the workflow, and prints them and the next steps", () => {
    expect([...snapshotTree(dir).keys()].sort()).toEqual([
      ".github/workflows/events-catalogue.yml",
      ".gitignore",
      "content/catalogue.json",
      "content/events/opening-night-concert.json",
      "content/images.json",
      "content/images/opening-night-concert.jpg",
      "content/programs.json",
      "content/venues.json",
      ...[...snapshotTree(path.join(ROOT, "schemas")).keys()].map((f) => `schemas/${f}`).sort(),
    ]);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe("dist/\nnode_modules/\n");
    for (const file of ["content/catalogue.json", "content/events/opening-night-concert.json", ".github/workflows/events-catalogue.yml"]) {
      expect(stdout).toContain(`  wrote ${file}\n`);
    }
    expect(stdout).toContain("  .gitignore: added dist/, node_modules/\n");
    // No package.json names build-catalogue here: the first step makes it a dependency.
    const next = stdout.slice(stdout.indexOf("Next:\n")).split("\n").slice(1, 5).map((l) => l.trim().split(/\s{3,}/)[0]);
    const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(next).toEqual([`npm install --save-dev ./vendor/build-catalogue-${version}.tgz`, "npx build-catalogue", "npx build-catalogue preview", "npx build-catalogue new event <slug>"]);
  });

  it("builds with exit 0 and no warning, --strict included", () => {
    const check = runCli(["check", "--strict"], { cwd: dir });
    expect(check.code, check.output).toBe(0);
    const build = runCli(["build", "--strict"], { cwd: dir });
    expect(build.code, build.output).toBe(0);
    expect(build.output).not.toMatch(/warning/i);
    expect(build.stdout).toContain("Built 1 event page into dist/");
    const detail = readJson(path.join(dir, "dist/api/v2/event_pages/10/index.json"));
    expect(detail.title).toBe("Opening Night Concert");
    expect(detail.in_past).toBe(false);
  });

  it("dates the performances from the day it runs: four weeks ahead", () => {
    const page = readJson(path.join(dir, "content/events/opening-night-concert.json"));
    const days = page.performances.map((p: { datetime: string }) => Math.round((Date.parse(`${p.datetime.slice(0, 10)}T00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00Z`)) / DAY));
    expect(days).toEqual([28, 29]);
    expect(Date.parse(`${page.first_published_at}Z`)).toBeLessThan(Date.now());
  });

  it("names the schemas it wrote into the site by paths relative to each file, never out of the site", () => {
    const catalogue = path.join(dir, "content/catalogue.json");
    const event = path.join(dir, "content/events/opening-night-concert.json");
    expect(readJson(catalogue).$schema).toBe("../schemas/catalogue.schema.json");
    expect(readJson(event).$schema).toBe("../../schemas/event.schema.json");
    for (const file of [catalogue, event]) {
      const target = path.resolve(path.dirname(file), readJson(file).$schema);
      expect(readFileSync(target, "utf8")).toBe(readFileSync(path.join(ROOT, "schemas", path.basename(target)), "utf8"));
    }
    for (const [file, text] of snapshotTree(path.join(dir, "content"))) {
      expect(text, file).not.toContain(ROOT);
      expect(text, file).not.toContain(tmpdir());
    }
  });

  it("run again, it finds nothing missing: exit 0, every byte as it was", () => {
    const before = snapshotTree(dir);
    const again = runCli(["init"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(again.stdout).toMatch(/^Added what the site in this folder lacked:\n/);
    expect(again.stdout).toContain("  left .github/workflows/events-catalogue.yml as it was (it was there already)\n");
    expect(again.stdout).toContain("  nothing was missing\n");
    expect(snapshotTree(dir)).toEqual(before);
  });
});

describe("init on a site whose content/ holds files: adds what is missing, never the starter", () => {
  it.each([
    ["a single file", (dir: string) => writeFileSync(path.join(dir, "content/notes.txt"), "mine")],
    ["a hidden file", (dir: string) => writeFileSync(path.join(dir, "content/.keep"), "")],
  ])("content/ with %s: content/ byte for byte as it was, the rest written, and it says the catalogue is missing", (_, fill) => {
    const dir = empty();
    mkdirSync(path.join(dir, "content"));
    fill(dir);
    writeFileSync(path.join(dir, ".gitignore"), "*.log");
    const content = snapshotTree(path.join(dir, "content"));
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(snapshotTree(path.join(dir, "content"))).toEqual(content);
    expect(existsSync(path.join(dir, ".github/workflows/events-catalogue.yml"))).toBe(true);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe("*.log\ndist/\nnode_modules/\n");
    expect(run.stdout).toContain("content/ holds no catalogue.json (nor .yaml): the build needs one");
  });

  it("content as a file, and --dir naming a file", () => {
    const dir = empty();
    writeFileSync(path.join(dir, "content"), "not a folder");
    const run = runCli(["init"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("content is a file; init writes the starter content into a content/ folder");
    const file = runCli(["init", "--dir", "content"], { cwd: dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toContain("--dir: content is a file, not a folder");
    expect(snapshotTree(dir)).toEqual(new Map([["content", "not a folder"]]));
  });

  it("accepts an empty content/ folder", () => {
    const dir = empty();
    mkdirSync(path.join(dir, "content"));
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(existsSync(path.join(dir, "content/catalogue.json"))).toBe(true);
  });
});

describe("init beside what a repository already holds", () => {
  it("adds the missing lines to .gitignore and keeps every line there, in order", () => {
    const dir = empty();
    // No newline at the end, and dist written its own way: only node_modules/ is missing.
    writeFileSync(path.join(dir, ".gitignore"), "# mine\n/dist\n*.log");
    expect(runCli(["init"], { cwd: dir }).code).toBe(0);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe("# mine\n/dist\n*.log\nnode_modules/\n");
  });

  it("writes the added lines with the file's own line ending", () => {
    const dir = empty();
    writeFileSync(path.join(dir, ".gitignore"), "*.log\r\ndist\r\n");
    expect(runCli(["init"], { cwd: dir }).code).toBe(0);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe("*.log\r\ndist\r\nnode_modules/\r\n");
  });

  it("leaves a .gitignore that has them all byte for byte, and says nothing of it", () => {
    const dir = empty();
    writeFileSync(path.join(dir, ".gitignore"), "node_modules\r\ndist/\r\n");
    const run = runCli(["init"], { cwd: dir });
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe("node_modules\r\ndist/\r\n");
    expect(run.stdout).not.toContain(".gitignore");
  });

  it("never replaces a file: a workflow of the same name stays as it was, and is named as left", () => {
    const dir = empty();
    mkdirSync(path.join(dir, ".github/workflows"), { recursive: true });
    writeFileSync(path.join(dir, ".github/workflows/events-catalogue.yml"), "name: mine\n");
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(readFileSync(path.join(dir, ".github/workflows/events-catalogue.yml"), "utf8")).toBe("name: mine\n");
    expect(run.stdout).toContain("  left .github/workflows/events-catalogue.yml as it was (it was there already)\n");
    expect(run.stdout).not.toContain("wrote .github");
  });

  it("--dir: starts the site in that folder, created when missing, and the next steps go there first", () => {
    const dir = empty();
    const run = runCli(["init", "--dir", "my-site"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^Started a site in my-site\/:\n/);
    expect(run.stdout).toContain("Next:\n  cd my-site\n");
    expect(readJson(path.join(dir, "my-site/content/events/opening-night-concert.json")).$schema).toBe("../../schemas/event.schema.json");
    const build = runCli(["build", "--strict"], { cwd: path.join(dir, "my-site") });
    expect(build.code, build.output).toBe(0);
  });

  it("names the package in the site's node_modules when it is installed there, and writes no schemas/", () => {
    const dir = empty();
    installPackage(dir);
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(existsSync(path.join(dir, "schemas"))).toBe(false);
    expect(readJson(path.join(dir, "content/catalogue.json")).$schema).toBe("../node_modules/build-catalogue/schemas/catalogue.schema.json");
    expect(readJson(path.join(dir, "content/events/opening-night-concert.json")).$schema).toBe("../../node_modules/build-catalogue/schemas/event.schema.json");
    // package.json names it already: no install step.
    expect(run.stdout).not.toContain("npm install");
    expect(runCli(["build", "--strict"], { cwd: dir }).code).toBe(0);
  });
});

describe("a site without event pages says how to start one", () => {
  it("an empty events/ is an error naming new event <slug>, and doing so gives a page to fill in", () => {
    const dir = empty();
    expect(runCli(["init"], { cwd: dir }).code).toBe(0);
    rmSync(path.join(dir, "content/events/opening-night-concert.json"));
    const run = runCli(["build"], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "content/events/: holds no event pages, and a catalogue needs at least one; run build-catalogue new event <slug> to start one, or write events/<slug>.json (or .yaml) yourself",
    );
    const made = runCli(["new", "event", "my-show"], { cwd: dir });
    expect(made.code, made.output).toBe(0);
    // The starter has an image and schemas: nothing more to say.
    expect(made.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(readJson(path.join(dir, "content/events/my-show.json")).thumbnail.image).toBe("TODO: an image id from images.json (1 = Opening Night Concert)");
    const check = runCli(["check"], { cwd: dir });
    expect(check.code).toBe(1);
    expect(check.stderr).not.toContain("holds no event pages");
    expect(check.stderr).toContain('still the placeholder from "build-catalogue new event"');
  });

  it("with another --content, the message names it in the command", () => {
    const dir = empty();
    mkdirSync(path.join(dir, "site/content/events"), { recursive: true });
    const run = runCli(["check", "--content", "site/content"], { cwd: dir });
    expect(run.stderr).toContain("site/content/events/: holds no event pages, and a catalogue needs at least one; run build-catalogue new event <slug> --content site/content to start one");
  });
});

describe("help", () => {
  it("help prints what --help prints, with init among the commands (exit 0)", () => {
    const help = runCli(["help"]);
    expect(help.code, help.output).toBe(0);
    expect(help.stdout).toBe(runCli(["--help"]).stdout);
    expect(help.stdout).toMatch(/^\s+init \[options\]\s+start a new site/m);
    expect(help.stdout).toContain("build-catalogue init ");
  });

  it("help <command> prints that command's help (exit 0)", () => {
    for (const command of ["build", "check", "init", "new", "schema", "preview"]) {
      const run = runCli(["help", command]);
      expect(run.code, `${command}: ${run.output}`).toBe(0);
      expect(run.stdout, command).toBe(runCli([command, "--help"]).stdout);
      expect(run.stdout).toContain(`Usage: build-catalogue ${command}`);
    }
    expect(runCli(["help", "init"]).stdout).toContain("--dir <dir>");
  });

  it("help with an unknown command is a usage error naming the commands (exit 2)", () => {
    const run = runCli(["help", "publish"]);
    expect(run.code).toBe(2);
    // Every command is named, whichever they are.
    const commands = /the commands are (.+) \(run build-catalogue help <command>\)\n$/.exec(run.stderr)?.[1]?.split(", ");
    expect(run.stderr.startsWith('Usage error: help: unknown command "publish"; ')).toBe(true);
    expect(commands).toEqual(expect.arrayContaining(["build", "check", "init", "new", "schema", "preview"]));
  });
});

describe("init on an existing site (content/ as import leaves it, and the shapes a team's own may take)", () => {
  let dir: string;
  let before: Map<string, string>;
  let run: ReturnType<typeof runCli>;
  const EVENTS = "content/events";
  beforeAll(() => {
    dir = empty();
    copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
    const events = path.join(dir, EVENTS);
    // A minified page, one in YAML with CRLF, one that names its schema already, one that is not JSON.
    const seagull = JSON.parse(readFileSync(path.join(events, "the-seagull.json"), "utf8"));
    writeFileSync(path.join(events, "minified.json"), JSON.stringify({ ...seagull, id: 301, slug: "minified", event: { id: 601, ticketing_code: 7101 }, performances: [] }));
    writeFileSync(path.join(events, "in-yaml.yaml"), "id: 302\r\nslug: in-yaml\r\n");
    writeFileSync(path.join(events, "named.json"), '{\n\t"$schema": "https://example.org/mine.json",\n\t"id": 303\n}\n');
    writeFileSync(path.join(events, "broken.json"), '{"id": 304,');
    writeFileSync(path.join(dir, "content/genres.yaml"), "- id: 1\n  name: Drama\n");
    before = snapshotTree(dir);
    run = runCli(["init", "--host", "netlify"], { cwd: dir });
  });

  it("exits 0, writes no starter, and adds the workflow, netlify.toml, .gitignore and the schemas", () => {
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toBe("");
    const after = snapshotTree(dir);
    expect(existsSync(path.join(dir, "content/events/opening-night-concert.json"))).toBe(false);
    const added = [...after.keys()].filter((f) => !before.has(f)).sort();
    expect(added).toEqual([".github/workflows/events-catalogue.yml", ".gitignore", "netlify.toml", ...[...snapshotTree(path.join(ROOT, "schemas")).keys()].map((f) => `schemas/${f}`)].sort());
    expect(run.stdout).toMatch(/^Added what the site in this folder lacked:\n/);
    expect(run.stdout).toContain("Then commit what init added, and set the secret NETLIFY_AUTH_TOKEN and the variable NETLIFY_SITE_ID");
  });

  it("adds $schema to each object file and YAML file that lacks one, and changes no other byte", () => {
    const after = snapshotTree(dir);
    const insertion = (file: string, schema: string, lead: string, colon: string) => {
      const old = before.get(file)!;
      expect(after.get(file), file).toBe(`{${lead}"$schema"${colon}"${schema}",${old.slice(1)}`);
    };
    insertion("content/catalogue.json", "../schemas/catalogue.schema.json", "\n  ", ": ");
    insertion(`${EVENTS}/the-seagull.json`, "../../schemas/event.schema.json", "\n  ", ": ");
    insertion(`${EVENTS}/minified.json`, "../../schemas/event.schema.json", "", ":");
    expect(after.get(`${EVENTS}/in-yaml.yaml`)).toBe("# yaml-language-server: $schema=../../schemas/event.schema.json\r\nid: 302\r\nslug: in-yaml\r\n");
    expect(after.get("content/genres.yaml")).toBe("# yaml-language-server: $schema=../schemas/genres.schema.json\n- id: 1\n  name: Drama\n");
    // Every path names a schema that is there, the one the build's rules are the same as.
    for (const [file, schema] of [["content/catalogue.json", "catalogue"], [`${EVENTS}/minified.json`, "event"]] as const) {
      const target = path.resolve(path.dirname(path.join(dir, file)), readJson(path.join(dir, file)).$schema);
      expect(readFileSync(target, "utf8")).toBe(readFileSync(path.join(ROOT, `schemas/${schema}.schema.json`), "utf8"));
    }
    expect(run.stdout).toMatch(/ {2}added \$schema to 6 content files \(content\/catalogue\.json, content\/genres\.yaml, content\/events\/in-yaml\.yaml, and 3 more\)\n/);
  });

  it("leaves the lists, a file that names a schema, and one that is not JSON, byte for byte, and says why", () => {
    const after = snapshotTree(dir);
    for (const file of ["content/venues.json", "content/images.json", "content/programs.json", `${EVENTS}/named.json`, `${EVENTS}/broken.json`]) {
      expect(after.get(file), file).toBe(before.get(file));
    }
    expect(run.stdout).toContain(`  left ${EVENTS}/named.json as it was: it names its schema already\n`);
    expect(run.stdout).toContain(`  left ${EVENTS}/broken.json as it was: it is not valid JSON (build-catalogue check says where)\n`);
    expect(run.stdout).toContain("  left 3 content files as they were (content/images.json, content/programs.json, content/venues.json): each holds a list, where no $schema key fits");
  });

  it("the content still checks as before, and a second run adds nothing", () => {
    rmSync(path.join(dir, EVENTS, "broken.json"));
    rmSync(path.join(dir, EVENTS, "in-yaml.yaml"));
    rmSync(path.join(dir, EVENTS, "named.json"));
    rmSync(path.join(dir, EVENTS, "minified.json"));
    rmSync(path.join(dir, "content/genres.yaml")); // a genres file replaces the default genres the pages use
    const check = runCli(["check", "--now", "2026-05-01T00:00:00Z"], { cwd: dir });
    expect(check.code, check.output).toBe(0);
    const snapshot = snapshotTree(dir);
    const again = runCli(["init", "--host", "netlify"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(again.stdout).toContain("  nothing was missing\n");
    expect(snapshotTree(dir)).toEqual(snapshot);
  });

  it("names the installed package when the site has it, as a new site's content does", () => {
    const site = empty();
    copyContent(path.join(FIXTURES, "good/spec-example/content"), site);
    installPackage(site);
    const r = runCli(["init"], { cwd: site });
    expect(r.code, r.output).toBe(0);
    expect(existsSync(path.join(site, "schemas"))).toBe(false);
    expect(readJson(path.join(site, "content/events/the-seagull.json")).$schema).toBe("../../node_modules/build-catalogue/schemas/event.schema.json");
    expect(r.stdout).not.toContain("npm install");
  });

  it("a content file that is a link is left, and nothing is written through it", () => {
    const site = empty();
    copyContent(path.join(FIXTURES, "good/spec-example/content"), site);
    const outside = path.join(site, "outside.json");
    writeFileSync(outside, '{"id": 1}');
    symlinkSync(outside, path.join(site, "content/events/linked.json"));
    const r = runCli(["init"], { cwd: site });
    expect(r.code, r.output).toBe(0);
    expect(readFileSync(outside, "utf8")).toBe('{"id": 1}');
    expect(r.stdout).toContain("  left content/events/linked.json as it was: it is a symbolic link\n");
  });
});

describe("--host and --schedule", () => {
  it("refuse an unknown host or rhythm, naming the choices (exit 2, nothing written)", () => {
    const dir = empty();
    const host = runCli(["init", "--host", "heroku"], { cwd: dir });
    expect(host.code).toBe(2);
    expect(host.stderr).toContain("Allowed choices are cloudflare, netlify, vercel, nginx, serve");
    const schedule = runCli(["init", "--schedule", "5min"], { cwd: dir });
    expect(schedule.code).toBe(2);
    expect(schedule.stderr).toContain("Allowed choices are hourly, 15min, none");
    expect(snapshotTree(dir).size).toBe(0);
  });

  it("a workflow there already stays, and the report says how to get the one asked for", () => {
    const dir = empty();
    expect(runCli(["init"], { cwd: dir }).code).toBe(0);
    const workflow = readFileSync(path.join(dir, ".github/workflows/events-catalogue.yml"), "utf8");
    const run = runCli(["init", "--host", "vercel"], { cwd: dir });
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(dir, ".github/workflows/events-catalogue.yml"), "utf8")).toBe(workflow);
    expect(run.stdout).toContain("The workflow there is yours and stays: to have init write another (--host, --schedule), move .github/workflows/events-catalogue.yml away and run init again");
  });
});
