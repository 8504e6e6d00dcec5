// Content as a pull request could bring it to CI, built by the real CLI: links out of the content
// folder (to a secret, to a folder, to /dev/zero), named pipes, an original past the size cap, and
// values nested far past any content. Each is an error naming the file (exit 1) that prints
// nothing of where a link leads, no stack trace and no word about the disk, and leaves dist/ as
// the good build before left it.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir, type CliRun } from "./helpers/cli.js";
import { REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";

const NOW = "2026-05-01T00:00:00Z";
const BUILD = ["build", "--now", NOW];
const EVENTS_FIXTURE = path.join(FIXTURES, "good/spec-example/content");
const MEDIA_FIXTURE = path.join(FIXTURES, "media/content");
/** The media fixture's originals, from the reference catalogue (as test/media.test.ts lays them out). */
const ORIGINALS = ["foreshore-sunset.jpg", "hamlet-2026.jpg", "the-extraordinary-and-wonderful-adventures-of-the-harbour-players-2026-production.jpg", "press-shot-2026.jpeg", "season-poster-2026.webp", "Opening-Night-Crowd.JPG"];
/** What a file outside the content folder holds: no run may print it. */
const SECRET = "DATABASE_PASSWORD=hunter2-4f9c1e";

let work = "";
/** A good site of each kind, built once: each test starts from a copy of it, dist/ included. */
const templates: Record<"events" | "media", string> = { events: "", media: "" };

beforeAll(() => {
  work = tempDir("bc-hostile-");
  for (const kind of ["events", "media"] as const) {
    const root = path.join(work, `template-${kind}`);
    const content = copyContent(kind === "events" ? EVENTS_FIXTURE : MEDIA_FIXTURE, root);
    if (kind === "media") {
      mkdirSync(path.join(content, "images"));
      for (const file of ORIGINALS) copyFileSync(path.join(REFERENCE_IMAGES, "content/images", file), path.join(content, "images", file));
    }
    const run = runCli(BUILD, { cwd: root });
    expect(run.code, run.output).toBe(0);
    templates[kind] = root;
  }
});
afterAll(() => removeDir(work));

interface Site {
  root: string;
  content: string;
  /** A folder beside the site, outside its content folder: where links lead. */
  outside: string;
  /** dist/ as the good build left it. */
  before: Map<string, string>;
}

function site(kind: "events" | "media"): Site {
  const root = mkdtempSync(path.join(work, `${kind}-`));
  cpSync(templates[kind], root, { recursive: true });
  const outside = path.join(root, "outside");
  mkdirSync(outside);
  return { root, content: path.join(root, "content"), outside, before: snapshotTree(path.join(root, "dist")) };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The run failed (exit 1) on an error line for `file` (with a line and column or not, and the key
 * path `keyPath` when given) holding `message`; nothing went wrong besides, and dist/ is as it was.
 */
function expectRefused(s: Site, run: CliRun, file: string, message: string, keyPath = ""): void {
  expect(run.code, run.output).toBe(1);
  const start = new RegExp(`^${escape(file)}(:\\d+:\\d+)?: ${keyPath ? `${escape(keyPath)}: ` : ""}`);
  const line = run.stderr.split("\n").find((l) => start.test(l) && l.includes(message));
  expect(line, `no error for ${file} holding "${message}" in:\n${run.output}`).toBeDefined();
  expect(run.output).not.toMatch(/^\s+at /m);
  expect(run.output).not.toMatch(/RangeError|Maximum call stack|could not write|failed unexpectedly/);
  expect(run.output).not.toContain(SECRET);
  expect(snapshotTree(path.join(s.root, "dist"))).toEqual(s.before);
}

const LINK = "is a symbolic link, and build-catalogue reads only what is inside the content folder";

describe("links", () => {
  it("refuses an original that is a link to a picture outside the content folder, and publishes nothing", () => {
    const s = site("media");
    const original = path.join(s.content, "images", "hamlet-2026.jpg");
    renameSync(original, path.join(s.outside, "private-photo.jpg"));
    symlinkSync(path.join(s.outside, "private-photo.jpg"), original);
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/images/hamlet-2026.jpg", `${LINK} (a link can lead anywhere on the machine that builds it): replace the link by the file itself`);
    expect(run.output).not.toContain("private-photo");
    // A check reports it the same way.
    const check = runCli(["check", "--now", NOW], { cwd: s.root });
    expectRefused(s, check, "content/images/hamlet-2026.jpg", LINK);
  });

  it("refuses content/images/ that is a link to a folder of pictures elsewhere, reading none", () => {
    const s = site("media");
    renameSync(path.join(s.content, "images"), path.join(s.outside, "pictures"));
    symlinkSync(path.join(s.outside, "pictures"), path.join(s.content, "images"));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/images/", `the folder of originals ${LINK}`);
    expect(run.output).not.toContain("pictures");
    expect(run.output).not.toMatch(/Read \d+ image original/);
  });

  it("refuses content/events/ that is a link to another folder, printing nothing of the files there", () => {
    const s = site("events");
    const elsewhere = path.join(s.outside, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, "secrets.json"), `${SECRET}\nAPI_KEY=0d3b\n`);
    rmSync(path.join(s.content, "events"), { recursive: true });
    symlinkSync(elsewhere, path.join(s.content, "events"));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/events/", `the events folder ${LINK}`);
    expect(run.output).not.toContain("secrets");
    expect(run.output).not.toContain("API_KEY");
  });

  it("new event writes nothing through content/events/ that is a link", () => {
    const s = site("events");
    const elsewhere = path.join(s.outside, "elsewhere");
    mkdirSync(elsewhere);
    rmSync(path.join(s.content, "events"), { recursive: true });
    symlinkSync(elsewhere, path.join(s.content, "events"));
    const run = runCli(["new", "event", "hamlet-2027"], { cwd: s.root });
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toContain("content/events/ is a symbolic link");
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("refuses an event file that is a link, never reading it", () => {
    const s = site("events");
    writeFileSync(path.join(s.outside, "notes.json"), `${SECRET}\n`);
    symlinkSync(path.join(s.outside, "notes.json"), path.join(s.content, "events", "hamlet.json"));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/events/hamlet.json", LINK);
    expect(run.output).not.toContain("notes.json");
  });

  it("refuses a settings file that is a link", () => {
    const s = site("events");
    renameSync(path.join(s.content, "venues.json"), path.join(s.outside, "venues.json"));
    symlinkSync(path.join(s.outside, "venues.json"), path.join(s.content, "venues.json"));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/venues.json", LINK);
  });

  it("refuses a content folder that is itself a link, without naming where it leads", () => {
    const s = site("events");
    renameSync(s.content, path.join(s.outside, "committed-elsewhere"));
    symlinkSync(path.join(s.outside, "committed-elsewhere"), s.content);
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content", `the content folder ${LINK}`);
    expect(run.output).not.toContain("committed-elsewhere");
    expect(run.output).not.toMatch(/Read \d+ event file/);
    expectRefused(s, runCli(["check", "--now", NOW], { cwd: s.root }), "content", `the content folder ${LINK}`);
  });

  it("still reads a content folder whose parent folders are reached through a link", () => {
    const s = site("events");
    symlinkSync(s.root, path.join(s.outside, "site"));
    const run = runCli(["check", "--now", NOW, "--content", "outside/site/content"], { cwd: s.root });
    expect(run.code, run.output).toBe(0);
  });

  it("refuses an original that is a link to /dev/zero at once, instead of reading it without end", () => {
    const s = site("media");
    rmSync(path.join(s.content, "images", "hamlet-2026.jpg"));
    symlinkSync("/dev/zero", path.join(s.content, "images", "hamlet-2026.jpg"));
    const run = runCli(BUILD, { cwd: s.root, timeout: 30_000 });
    expectRefused(s, run, "content/images/hamlet-2026.jpg", LINK);
  });
});

describe("named pipes", () => {
  it("refuses a named pipe in events/, never opening it", () => {
    const s = site("events");
    execFileSync("mkfifo", [path.join(s.content, "events", "pipe.json")]);
    const run = runCli(BUILD, { cwd: s.root, timeout: 30_000 });
    expectRefused(s, run, "content/events/pipe.json", "is a named pipe (FIFO), which build-catalogue never opens");
  });

  it("refuses a named pipe named as an original, never opening it", () => {
    const s = site("media");
    rmSync(path.join(s.content, "images", "hamlet-2026.jpg"));
    execFileSync("mkfifo", [path.join(s.content, "images", "hamlet-2026.jpg")]);
    const run = runCli(BUILD, { cwd: s.root, timeout: 30_000 });
    expectRefused(s, run, "content/images/hamlet-2026.jpg", "is a named pipe (FIFO), which build-catalogue never opens");
  });
});

describe("sizes", () => {
  it("refuses an original past 10 MiB, naming the option; builds it with --max-original-size raised", () => {
    const s = site("media");
    const original = path.join(s.content, "images", "hamlet-2026.jpg");
    // The picture with 11 MiB of padding after its end: still a JPEG every decoder reads.
    const padded = Buffer.concat([readFileSync(original), Buffer.alloc(11 * 1024 * 1024)]);
    writeFileSync(original, padded);
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/images/hamlet-2026.jpg", "is 11.1 MiB, more than the 10 MiB an original may be (Wagtail's own default limit on uploads): save a smaller copy (a 550x375 thumbnail needs far fewer pixels), or raise the limit with --max-original-size 12");
    expectRefused(s, runCli(["check", "--now", NOW], { cwd: s.root }), "content/images/hamlet-2026.jpg", "more than the 10 MiB an original may be");

    const raised = runCli([...BUILD, "--max-original-size", "12"], { cwd: s.root });
    expect(raised.code, raised.output).toBe(0);
    expect(readFileSync(path.join(s.root, "dist/media/original_images/hamlet-2026.jpg")).equals(padded)).toBe(true);
    const bad = runCli([...BUILD, "--max-original-size", "lots"], { cwd: s.root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-original-size: "lots" is not a size in MiB');
  });

  it("refuses a content file past 64 MiB without reading it", () => {
    const s = site("events");
    // A sparse file: its size is all that is looked at.
    const file = path.join(s.content, "events", "huge.json");
    writeFileSync(file, "");
    truncateSync(file, 65 * 1024 * 1024);
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/events/huge.json", "is 65 MiB, more than the 64 MiB a content file may be");
  });
});

describe("nesting", () => {
  const NESTED = "is nested deeper than 64 levels of lists and objects";
  const levels = (n: number) => "[".repeat(n) + "]".repeat(n);
  /** The worked example's page 201 as page `id`, without performances, its description one rich text whose buttons hold `buttons`. */
  function withButtons(s: Site, id: number, buttons: string): string {
    const page = JSON.parse(readFileSync(path.join(s.content, "events", "the-seagull.json"), "utf8")) as Record<string, unknown>;
    const text = JSON.stringify({ ...page, id, performances: [], description: [{ type: "richtext", value: { text: "<p>Book now.</p>", buttons: "BUTTONS" } }] }, null, 2);
    return text.replace('"BUTTONS"', buttons);
  }
  /** Block mappings `k:` nested `n` deep, a value at the bottom. */
  const blockYaml = (n: number) => Array.from({ length: n }, (_, i) => `${" ".repeat(i)}k:\n`).join("") + `${" ".repeat(n)}x\n`;

  it("refuses JSON and YAML nested 200,000 deep, each naming its file and where the bound is passed", () => {
    const s = site("events");
    const events = path.join(s.content, "events");
    writeFileSync(path.join(events, "deep.json"), levels(200_000));
    writeFileSync(path.join(events, "unclosed.json"), "[".repeat(200_000));
    writeFileSync(path.join(events, "flow.yaml"), `title: ${levels(200_000)}\n`);
    writeFileSync(path.join(events, "compact.yaml"), `${"- ".repeat(200_000)}x\n`);
    writeFileSync(path.join(events, "block.yaml"), blockYaml(2_000));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/events/deep.json:1:65", NESTED);
    expectRefused(s, run, "content/events/unclosed.json:1:65", NESTED);
    // The page's mapping is level 1, the first bracket 2.
    expectRefused(s, run, "content/events/flow.yaml:1:71", NESTED, "title");
    expectRefused(s, run, "content/events/compact.yaml:1:129", NESTED);
    // At the key whose value is the 65th mapping, as other problems of a key point at it.
    expectRefused(s, run, "content/events/block.yaml:64:64", NESTED, Array(64).fill("k").join("."));
  });

  it("refuses a rich text's buttons nested 2,000 deep, and just past the bound, at the buttons; not at the bound", () => {
    const s = site("events");
    const events = path.join(s.content, "events");
    // The page's value is level 1, its description 2, the block 3, the block's value 4, buttons 5.
    writeFileSync(path.join(events, "deep-buttons.json"), withButtons(s, 280, levels(2_000)));
    writeFileSync(path.join(events, "just-past.json"), withButtons(s, 281, levels(61)));
    writeFileSync(path.join(events, "at-bound.json"), withButtons(s, 282, levels(60)));
    writeFileSync(path.join(events, "past.yaml"), blockYaml(65));
    writeFileSync(path.join(events, "at.yaml"), blockYaml(64));
    const run = runCli(BUILD, { cwd: s.root });
    expectRefused(s, run, "content/events/deep-buttons.json", NESTED, "description[0].value.buttons");
    expectRefused(s, run, "content/events/just-past.json", NESTED, "description[0].value.buttons");
    expectRefused(s, run, "content/events/past.yaml:64:64", NESTED, Array(64).fill("k").join("."));
    expect(run.stderr).not.toMatch(/^content\/events\/at-bound\.json.*nested deeper/m);
    expect(run.stderr).not.toMatch(/^content\/events\/at\.yaml.*nested deeper/m);
    expect(run.stderr).not.toContain("could not write");
  });
});
