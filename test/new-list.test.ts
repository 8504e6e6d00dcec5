// `build-catalogue new genres` and `new accessibility` through the real CLI: the error for an
// unknown genre lists the defaults by name and sends the editor here; the command writes the
// defaults as the site's own file (which replaces them), the build reads it as it read the
// defaults, and the genre the editor then adds builds. Refusals leave every file as it was.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES } from "../src/content/lists.js";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const NOW = "2026-05-01T00:00:00Z";
/** The worked example with the-seagull naming genre 5, which no default is. */
const UNKNOWN_GENRE = path.join(FIXTURES, "bad/dangling-genre/content");
const GOOD = path.join(FIXTURES, "good/spec-example/content");

let root = "";
let n = 0;
beforeAll(() => void (root = tempDir("bc-new-list-")));
afterAll(() => removeDir(root));
const fresh = (from: string) => {
  const dir = path.join(root, `case-${++n}`);
  copyContent(from, dir);
  return dir;
};

describe("new genres: from the error to a genre of the site's own", () => {
  it("the error names the defaults and the command; the command writes them; the added genre builds", () => {
    const dir = fresh(UNKNOWN_GENRE);
    const refused = runCli(["check", "--now", NOW], { cwd: dir });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.stderr).toContain(
      "content/events/the-seagull.json:14:5: genre[1]: no genre has id 5; with no genres.json, the genres are the 13 defaults: 1 = Theatre, 2 = Ballet & Dance, 3 = Children & Family, ",
    );
    expect(refused.stderr).toContain('it replaces the defaults (it does not add to them), so start it from them with "build-catalogue new genres" and add yours to it');

    const made = runCli(["new", "genres"], { cwd: dir });
    expect(made.code, made.output).toBe(0);
    expect(made.stdout.trimEnd()).toBe(
      `Wrote content/genres.json: the 13 default genres (${DEFAULT_GENRES.map((g) => `${g.id} = ${g.name}`).join(", ")}). ` +
        'It is now the site\'s list, in place of the defaults: add, rename or remove genres in it (each {"id", "name"}; keep the ids the event pages use), and give an event page a genre by its id.',
    );
    const file = path.join(dir, "content/genres.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(DEFAULT_GENRES);

    // With the file, the message says where the list comes from now.
    const still = runCli(["check", "--now", NOW], { cwd: dir });
    expect(still.code, still.output).toBe(1);
    expect(still.stderr).toContain("genre[1]: no genre has id 5; genres.json (which replaces the default genres) defines 1 = Theatre, 2 = Ballet & Dance, ");

    // The editor adds the genre: the page builds, naming it.
    writeFileSync(file, JSON.stringify([...DEFAULT_GENRES, { id: 5, name: "Cabaret" }], null, 2));
    const built = runCli(["build", "--now", NOW], { cwd: dir });
    expect(built.code, built.output).toBe(0);
    const page = JSON.parse(readFileSync(path.join(dir, "dist/api/v2/event_pages/201/index.json"), "utf8")) as { genre: { id: number; name: string }[] };
    expect(page.genre).toEqual([{ id: 1, name: "Theatre" }, { id: 5, name: "Cabaret" }]);
  });

  it("the defaults written are the defaults built: the same API with the file as without it", () => {
    const without = fresh(GOOD);
    const withFiles = fresh(GOOD);
    for (const list of ["genres", "accessibility"]) expect(runCli(["new", list], { cwd: withFiles }).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(withFiles, "content/accessibility.json"), "utf8"))).toEqual(DEFAULT_ACCESSIBILITY);
    for (const dir of [without, withFiles]) expect(runCli(["build", "--now", NOW], { cwd: dir }).code).toBe(0);
    const api = (dir: string) => new Map([...snapshotTree(path.join(dir, "dist"))].filter(([f]) => f !== ".build-catalogue.json"));
    expect(api(withFiles)).toEqual(api(without));
  });

  it("--yaml writes the same list as YAML, which the build reads; --content names another folder", () => {
    const dir = fresh(GOOD);
    const moved = path.join(dir, "site-content");
    copyContent(GOOD, dir, "site-content");
    const run = runCli(["new", "accessibility", "--yaml", "--content", "site-content"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^Wrote site-content\/accessibility\.yaml: the 5 default accessibility values \(1 = Wheelchair Access, /);
    expect(parse(readFileSync(path.join(moved, "accessibility.yaml"), "utf8"))).toEqual(DEFAULT_ACCESSIBILITY);
    expect(existsSync(path.join(dir, "content/accessibility.yaml"))).toBe(false);
    const check = runCli(["check", "--content", "site-content", "--now", NOW], { cwd: dir });
    expect(check.code, check.output).toBe(0);
  });

  it.each([
    ["genres.json", ["new", "genres"], /^Usage error: content\/genres\.json already exists, and is the site's list of genres: edit it \(nothing was written\)$/],
    ["genres.yaml", ["new", "genres"], /^Usage error: content\/genres\.yaml already exists/],
    ["accessibility.yml", ["new", "accessibility", "--yaml"], /^Usage error: content\/accessibility\.yml already exists, and is the site's list of accessibility values/],
  ])("refuses when %s exists, leaving the content as it was (exit 2)", (existing, args, message) => {
    const dir = fresh(GOOD);
    writeFileSync(path.join(dir, "content", existing), "[]\n");
    const before = snapshotTree(path.join(dir, "content"));
    const run = runCli(args, { cwd: dir });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr.trimEnd()).toMatch(message);
    expect(snapshotTree(path.join(dir, "content"))).toEqual(before);
  });

  it("refuses a content folder that does not exist (exit 2, nothing made)", () => {
    const run = runCli(["new", "genres", "--content", "nowhere"], { cwd: root });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toContain("Usage error: --content: the folder nowhere does not exist; point --content at the folder that holds catalogue.json (or run build-catalogue init first)");
    expect(existsSync(path.join(root, "nowhere"))).toBe(false);
  });
});
