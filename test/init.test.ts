// `build-catalogue init` through the real CLI: a starter site that builds without warnings, the
// folders it refuses (byte for byte untouched), .gitignore merged, no file ever replaced, $schema
// paths inside the site; and `help`, which lists it.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    expect(next).toEqual(["npm install --save-dev build-catalogue", "npx build-catalogue", "npx build-catalogue preview", "npx build-catalogue new event <slug>"]);
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

  it("refuses to run again: content/ holds the starter now (exit 2, nothing touched)", () => {
    const before = snapshotTree(dir);
    const again = runCli(["init"], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stdout).toBe("");
    expect(again.stderr).toBe(
      "Usage error: content/ already holds 6 files or folders (catalogue.json, events, images, ...), so this site has begun; init starts a new site only and changes nothing here. " +
        "To add an event page, run build-catalogue new event <slug>; to start another site, choose an empty folder with --dir.\n",
    );
    expect(snapshotTree(dir)).toEqual(before);
  });
});

describe("init refuses a folder whose content/ holds anything: exit 2, every byte as it was", () => {
  it.each([
    ["a whole catalogue", (dir: string) => copyContent(path.join(FIXTURES, "good/spec-example/content"), dir)],
    ["a single file", (dir: string) => writeFileSync(path.join(dir, "content/notes.txt"), "mine")],
    ["a hidden file", (dir: string) => writeFileSync(path.join(dir, "content/.keep"), "")],
  ])("content/ with %s", (_, fill) => {
    const dir = empty();
    mkdirSync(path.join(dir, "content"));
    fill(dir);
    writeFileSync(path.join(dir, ".gitignore"), "*.log");
    const before = snapshotTree(dir);
    const run = runCli(["init"], { cwd: dir });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toMatch(/^Usage error: content\/ already holds .*, so this site has begun; init starts a new site only and changes nothing here\./);
    expect(snapshotTree(dir)).toEqual(before);
    expect(existsSync(path.join(dir, ".github"))).toBe(false);
    expect(existsSync(path.join(dir, "schemas"))).toBe(false);
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
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ devDependencies: { "build-catalogue": "^0.1.0" } }));
    cpSync(path.join(ROOT, "schemas"), path.join(dir, "node_modules/build-catalogue/schemas"), { recursive: true });
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
