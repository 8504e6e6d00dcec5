// build-catalogue import of a Wagtail whose rich text holds its stored form (links to pages and
// documents by id, image and media embeds: the golden catalogue wagtail-rich-text, served by the
// preview behind a stand-in with Wagtail's paging): the text is kept byte for byte, the images it
// places are imported, the proof says identical and the content rebuilds the same API. And an
// import from a server whose clock is not this machine's: the one line that says so, the instants
// the API's flags fit, and the --now that proves it identical.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";
import { runCliAsync, startWagtailDouble, type Double } from "./helpers/wagtail-double.js";

const FIXTURE = path.join(FIXTURES, "good/wagtail-rich-text");
const NOW = readFileSync(path.join(FIXTURE, "now.txt"), "utf8").trim();
const API_BASE = "https://api.harbourrange.example";
const IDENTICAL = "2 of 2 event pages, the list, the parent and the home page identical";

let dir = "";
let preview: Started;
let double: Double;

const json = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

beforeAll(async () => {
  dir = tempDir("bc-import-rich-");
  const original = copyContent(path.join(FIXTURE, "content"), dir, "original");
  // Served as the production API is: its links name the catalogue's base URL, not the preview's own origin.
  let base: string;
  ({ preview, base } = await startPreviewProcess(["--content", original, "--now", NOW, "--base-url", API_BASE], { cwd: dir }));
  double = await startWagtailDouble({ upstream: base });
});

afterAll(async () => {
  await double?.close();
  await preview?.stop();
  removeDir(dir);
});

describe("import of Wagtail's stored rich text", () => {
  it("keeps every text byte for byte, imports the images it places, says identical, and rebuilds the same API", async () => {
    const run = await runCliAsync(["import", double.url, "--content", "imported", "--now", NOW, "--no-images"], { cwd: dir }).done;
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain(IDENTICAL);
    const given = json(path.join(FIXTURE, "content/events/hamlet.json"));
    const hamlet = json(path.join(dir, "imported/events/hamlet.json"));
    const text = (page: Record<string, unknown>) => (page.description as { value: { text: string } }[])[0]!.value.text;
    expect(text(hamlet)).toBe(text(given));
    expect(hamlet.additional_information).toEqual(given.additional_information);
    expect(text(json(path.join(dir, "imported/events/ophelia.json")))).toContain('<a id="101" linktype="page">Hamlet</a>');
    // Image 12 is placed in rich text alone: imported all the same, or the content would not build.
    const images = json(path.join(dir, "imported/images.json")) as unknown as { id: number; title: string }[];
    expect(images.map((i) => [i.id, i.title])).toEqual([[10, "Hamlet with a skull"], [11, "Ophelia"], [12, "The company"]]);
    // The site's own image format is not in the API: the one its rich text names is kept, and said.
    expect(json(path.join(dir, "imported/catalogue.json")).image_formats).toEqual(["fullwidth", "left", "right", "half-width"]);
    expect(run.stdout).toContain("the rich text places images in formats beyond Wagtail's own (half-width): catalogue.json's image_formats names them");
    // The build's warnings on the imported content (a page and a document it does not hold) are named, not refused.
    expect(run.stdout).toContain("(the build has 3 warnings: build-catalogue check --content imported");

    const rebuilt = path.join(dir, "rebuilt");
    const build = runCli(["build", "--content", "imported", "--out", rebuilt, "--now", NOW], { cwd: dir });
    expect(build.code, build.output).toBe(0);
    const expected = snapshotTree(path.join(FIXTURE, "expected"));
    const got = snapshotTree(rebuilt);
    for (const [file, bytes] of expected) expect(got.get(file), file).toBe(bytes);
  });

  it("says in one line that only the server's clock differs, with the instants its flags fit and the --now that proves it identical", async () => {
    const later = "2026-12-01T00:00:00Z";
    const run = await runCliAsync(["import", double.url, "--content", "clock", "--now", later, "--no-images"], { cwd: dir }).done;
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain("event page 101 (/api/v2/pages/101/): performances[1].is_past: read false, built true");
    expect(run.stderr).toContain("event page 102 (/api/v2/event_pages/102/): in_past: read false, built true");
    const step = run.stdout.split("\n").find((l) => l.startsWith("  1. "));
    expect(step).toBe(
      "  1. Every difference is an is_past or in_past value: the API's server keeps another time than this machine. " +
        `Its flags fit any instant after 2026-05-30T19:30:00+10:00 and up to 2026-06-06T19:30:00+10:00 (the proof built at ${later}); ` +
        `to prove clock/ identical, import again at one: npx build-catalogue import ${double.url} --content clock --force --now 2026-06-06T09:30:00Z (with your other options).`,
    );
    expect(run.stdout).not.toContain("for you to correct");

    const again = await runCliAsync(["import", double.url, "--content", "clock", "--force", "--now", "2026-06-06T09:30:00Z", "--no-images"], { cwd: dir }).done;
    expect(again.code, again.output).toBe(0);
    expect(again.stdout).toContain(IDENTICAL);
  });

  it("says nothing of a clock when a difference is not a flag", async () => {
    const altered = await startWagtailDouble({
      upstream: double.url,
      alter: (p, body) => (/^\/api\/v2\/(event_)?pages\/102\/$/.test(p) ? body.replace('"label": null', '"label": "New"') : body),
    });
    try {
      const run = await runCliAsync(["import", altered.url, "--content", "other", "--now", "2026-12-01T00:00:00Z", "--no-images"], { cwd: dir }).done;
      expect(run.code, run.output).toBe(1);
      expect(run.stderr, run.output).toContain('event page 102 (/api/v2/pages/102/): label: read "New", built null');
      expect(run.stdout).toContain("for you to correct");
      expect(run.stdout).not.toContain("Every difference is an is_past or in_past value");
    } finally {
      await altered.close();
    }
  });
});
