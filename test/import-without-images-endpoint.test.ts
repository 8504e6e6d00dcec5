// build-catalogue import from a Wagtail that registers only the pages endpoints (its
// /api/v2/images/ a 404), and from one whose images endpoint lists only some of the images the
// pages use, with and without --images: the import ends with exit 0, says in its notes where each
// size came from or that it is not known, and its content builds, with `build`, the pages API the
// stand-in served, byte for byte; the images whose size is not known are left out of the built
// images endpoint, with a warning each. Then the build itself, given such an image.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { freePort, startPreviewProcess, type Started } from "./helpers/server.js";
import { REFERENCE_CONTENT, REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";
import { runCliAsync, startWagtailDouble, type Double, type DoubleImage, type DoubleOptions } from "./helpers/wagtail-double.js";

const NOW = "2026-06-01T00:00:00Z";
const IDENTICAL = "90 of 90 event pages, the list, the parent and the home page identical";
const API_BASE = "https://api.harbourrange.example";
const ORIGINALS = path.join(REFERENCE_IMAGES, "content/images");

interface ImageRecord {
  id: number;
  file: string;
  title: string;
  width?: number | null;
  height?: number | null;
}

let dir = "";
let dist = "";
let preview: Started;
let base = "";
let doublePort = 0;
let cdn = "";
/** The reference catalogue's images (each with its original's size), by id. */
let reference = new Map<number, ImageRecord>();
/** The ids of the reference's hero images: the images whose download_url the pages themselves give. */
let heroes: number[] = [];

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

beforeAll(async () => {
  dir = tempDir("bc-import-no-images-");
  doublePort = await freePort();
  cdn = `http://127.0.0.1:${doublePort}`;
  const original = copyContent(REFERENCE_CONTENT, dir, "original");
  const catalogue = readJson<Record<string, unknown>>(path.join(original, "catalogue.json"));
  writeFileSync(path.join(original, "catalogue.json"), JSON.stringify({ ...catalogue, cdn_url: cdn }, null, 2));
  dist = path.join(dir, "dist");
  const built = runCli(["build", "--content", original, "--out", dist, "--now", NOW], { cwd: dir });
  expect(built.code, built.output).toBe(0);
  reference = new Map(readJson<ImageRecord[]>(path.join(original, "images.json")).map((i) => [i.id, i]));
  const events = readdirSync(path.join(original, "events")).map((f) => readJson<{ hero_image?: number | null }>(path.join(original, "events", f)));
  heroes = [...new Set(events.flatMap((e) => (e.hero_image ? [e.hero_image] : [])))].sort((a, b) => a - b);
  ({ preview, base } = await startPreviewProcess(["--content", original, "--now", NOW, "--base-url", API_BASE], { cwd: dir }));
});

afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

/** Runs the import against a stand-in in front of the preview, which serves the originals on the catalogue's cdn_url. */
async function importFrom(options: Omit<DoubleOptions, "upstream" | "originals">, name: string, args: string[]) {
  const d: Double = await startWagtailDouble({ upstream: base, originals: ORIGINALS, ...options }, doublePort);
  try {
    const run = await runCliAsync(["import", d.url, "--content", name, "--now", NOW, ...args], { cwd: dir }).done;
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain(IDENTICAL);
    expect(run.stderr).not.toMatch(/Warning|\(node:\d+\)/);
    const served = new Map<string, string>();
    // What the stand-in serves of each page the content holds, on both routes, as its clients read it.
    for (const f of readdirSync(path.join(dir, name, "events"))) {
      const id = readJson<{ id: number }>(path.join(dir, name, "events", f)).id;
      for (const route of ["pages", "event_pages"]) served.set(`api/v2/${route}/${id}/index.json`, await fetch(`${d.url}/api/v2/${route}/${id}/`).then((r) => r.text()));
    }
    return { run, served, images: readJson<ImageRecord[]>(path.join(dir, name, "images.json")) };
  } finally {
    await d.close();
  }
}

/** The imported content built with the CLI: exit 0, every page as the stand-in served it, every file but the images endpoint's as the original build's. */
function buildImported(name: string, served: Map<string, string>) {
  const out = path.join(dir, `${name}-dist`);
  const run = runCli(["build", "--content", name, "--out", out, "--now", NOW], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  const built = snapshotTree(out);
  expect(served.size).toBe(180);
  for (const [file, text] of served) expect(built.get(file), file).toBe(Buffer.from(text, "utf8").toString("latin1"));
  const pagesApi = (tree: Map<string, string>) =>
    new Map([...tree].filter(([f]) => !/^api\/v2\/images\/|^_query\/images\.json$|^media\//.test(f) && f !== ".build-catalogue.json"));
  const want = pagesApi(snapshotTree(dist));
  const got = pagesApi(built);
  expect([...got.keys()]).toEqual([...want.keys()]);
  for (const [file, bytes] of want) expect(got.get(file), file).toBe(bytes);
  const list = JSON.parse(built.get("api/v2/images/index.json")!) as { meta: { total_count: number }; items: { id: number }[] };
  const details = [...built.keys()].flatMap((f) => /^api\/v2\/images\/(\d+)\/index\.json$/.exec(f)?.[1] ?? []).map(Number).sort((a, b) => a - b);
  return { run, out, list, details, detail: (id: number) => JSON.parse(built.get(`api/v2/images/${id}/index.json`)!) as { width: number; height: number } };
}

/** The size warnings of a build's output, by image id. */
const unknownSizeWarnings = (output: string) => [...output.matchAll(/images\.json:\d+:\d+: \[\d+\]: image (\d+)'s size is not known \(width and height are null\), so the images endpoint leaves it out/g)].map((m) => Number(m[1]));

const sizeOf = (r: ImageRecord | undefined) => (r ? { width: r.width, height: r.height } : undefined);

describe("import from a Wagtail without an images endpoint (only the pages endpoints registered)", () => {
  it("with --no-images: exit 0, every image written with its size not known, and the content builds the pages API it read", async () => {
    const { run, served, images } = await importFrom({ noImagesEndpoint: true }, "no-endpoint", ["--no-images"]);
    expect(run.stdout).toContain("(no images endpoint)");
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((i) => i.width !== null || i.height !== null)).toEqual([]);
    const ids = images.map((i) => i.id);
    const note = run.stdout.split("\n").find((l) => l.includes(`${images.length} images have no size`));
    expect(note, run.stdout).toBeDefined();
    expect(note).toContain("the API gives none (it has no images endpoint) and no original was read");
    expect(note).toContain(`${heroes.length} imported with --no-images (import with --images to read their sizes from their originals)`);
    expect(note).toContain(`${images.length - heroes.length} whose original the API does not name`);
    expect(note).toContain('no-endpoint/images.json gives them "width": null and "height": null: the build accepts that, with a warning for each, and leaves them out of its /api/v2/images/');

    const built = buildImported("no-endpoint", served);
    expect(unknownSizeWarnings(built.run.stderr).sort((a, b) => a - b)).toEqual(ids);
    expect(built.list.meta.total_count).toBe(0);
    expect(built.details).toEqual([]);
  });

  it("with --images: the sizes of the originals the pages name are read from them, the others not known", async () => {
    const { run, served, images } = await importFrom({ noImagesEndpoint: true }, "no-endpoint-originals", ["--images"]);
    // The hero images' originals, downloaded: their sizes as the reference's originals are.
    const sized = images.filter((i) => i.width !== null);
    expect(sized.map((i) => i.id)).toEqual(heroes);
    for (const i of sized) expect(sizeOf(i), `image ${i.id}`).toEqual(sizeOf(reference.get(i.id)));
    expect(readdirSync(path.join(dir, "no-endpoint-originals/images")).sort()).toEqual(sized.map((i) => i.file).sort());
    const unknown = images.filter((i) => i.width === null && i.height === null).map((i) => i.id);
    expect(unknown.length + sized.length).toBe(images.length);
    expect(run.stdout).toContain(`${heroes.length} images the API gives no size (it has no images endpoint): width and height read from their downloaded originals (ids ${heroes.slice(0, 8).join(", ")}`);
    expect(run.stdout).toContain(`${unknown.length} images have no size`);
    expect(run.stdout).toContain(`${unknown.length} whose original the API does not name (made from a thumbnail's URL, or known by id alone)`);

    const built = buildImported("no-endpoint-originals", served);
    expect(unknownSizeWarnings(built.run.stderr).sort((a, b) => a - b)).toEqual(unknown);
    // The images endpoint the build writes: the images whose size is known, and those alone.
    expect(built.list.meta.total_count).toBe(heroes.length);
    expect(built.list.items.map((i) => i.id)).toEqual(heroes.slice(0, 20));
    expect(built.details).toEqual(heroes);
    for (const id of heroes) expect({ ...built.detail(id) }).toMatchObject(sizeOf(reference.get(id))!);
  });
});

describe("import from a Wagtail whose images endpoint lists only some of the images the pages use", () => {
  // Every other image of the reference, with its size: its images endpoint answers 404 for the rest.
  const listed = () => [...reference.values()].filter((i) => i.id % 2 === 1).map((i): DoubleImage => ({ id: i.id, title: i.title, file: i.file, width: i.width!, height: i.height! }));
  const endpoint = () => ({ records: listed(), baseUrl: API_BASE, cdnUrl: cdn });

  it("with --no-images: the listed images keep the endpoint's size, the others are written with theirs not known", async () => {
    const { run, served, images } = await importFrom({ images: endpoint() }, "some-listed", ["--no-images"]);
    const byId = new Map(listed().map((i) => [i.id, i]));
    for (const i of images) {
      if (byId.has(i.id)) expect(sizeOf(i), `image ${i.id}`).toEqual(sizeOf(byId.get(i.id)));
      else expect(sizeOf(i), `image ${i.id}`).toEqual({ width: null, height: null });
    }
    const unknown = images.filter((i) => !byId.has(i.id)).map((i) => i.id);
    expect(unknown.length).toBeGreaterThan(0);
    const unlistedHeroes = heroes.filter((id) => !byId.has(id));
    expect(run.stdout).toContain(`the images endpoint does not know ${unlistedHeroes.length} images the pages use (${unlistedHeroes.slice(0, 8).join(", ")}`);
    expect(run.stdout).toContain(`${unknown.length} images have no size (ids ${unknown.slice(0, 8).join(", ")}`);
    expect(run.stdout).toContain("the API gives none (its images endpoint does not describe them)");

    const built = buildImported("some-listed", served);
    expect(unknownSizeWarnings(built.run.stderr).sort((a, b) => a - b)).toEqual(unknown);
    expect(built.details).toEqual(images.filter((i) => byId.has(i.id)).map((i) => i.id));
  });

  it("with --images: the hero images it does not list get the size of their originals", async () => {
    const { run, served, images } = await importFrom({ images: endpoint() }, "some-listed-originals", ["--images"]);
    const byId = new Map(listed().map((i) => [i.id, i]));
    const unlistedHeroes = heroes.filter((id) => !byId.has(id));
    expect(unlistedHeroes.length).toBeGreaterThan(0);
    for (const id of unlistedHeroes) expect(sizeOf(images.find((i) => i.id === id)), `image ${id}`).toEqual(sizeOf(reference.get(id)));
    expect(run.stdout).toContain(
      `${unlistedHeroes.length} images the API gives no size (its images endpoint does not describe them): width and height read from their downloaded originals (ids ${unlistedHeroes.slice(0, 8).join(", ")}`,
    );
    const unknown = images.filter((i) => i.width === null).map((i) => i.id);
    const built = buildImported("some-listed-originals", served);
    expect(unknownSizeWarnings(built.run.stderr).sort((a, b) => a - b)).toEqual(unknown);
    expect(built.details).toEqual(images.filter((i) => i.width !== null).map((i) => i.id));
  });
});

describe("the build, given an image whose size is not known", () => {
  /** The reference content with image 309's width and height replaced. */
  function withSize(name: string, size: { width: unknown; height: unknown }): string {
    const content = copyContent(REFERENCE_CONTENT, dir, name);
    const images = readJson<Record<string, unknown>[]>(path.join(content, "images.json"));
    writeFileSync(path.join(content, "images.json"), JSON.stringify(images.map((i) => (i.id === 309 ? { ...i, ...size } : i)), null, 2));
    return content;
  }
  const images = () => readJson<ImageRecord[]>(path.join(REFERENCE_CONTENT, "images.json"));
  /** Image 309's index in images.json: the key path the diagnostics name. */
  const at = () => images().findIndex((i) => i.id === 309);

  it("warns, naming the file, the key path, the reason and what to do, and leaves it out of the images endpoint alone", () => {
    withSize("size-unknown", { width: null, height: null });
    const out = path.join(dir, "size-unknown-dist");
    const run = runCli(["build", "--content", "size-unknown", "--out", out, "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(
        `size-unknown/images\\.json:\\d+:\\d+: \\[${at()}\\]: image 309's size is not known \\(width and height are null\\), so the images endpoint leaves it out ` +
          `\\(/api/v2/images/ does not list it, /api/v2/images/309/ answers 404\\); the pages that show it are built as ever\\. ` +
          `To publish it there, put its original at size-unknown/images/ballet-under-the-stars-2026\\.png, or give its width and height in pixels here`,
      ),
    );
    const list = readJson<{ meta: { total_count: number }; items: { id: number }[] }>(path.join(out, "api/v2/images/index.json"));
    expect(list.meta.total_count).toBe(images().length - 1);
    expect(list.items.map((i) => i.id)).not.toContain(309);
    expect(existsSync(path.join(out, "api/v2/images/309/index.json"))).toBe(false);
    expect(readJson<{ images: { id: number }[] }>(path.join(out, "_query/images.json")).images.map((i) => i.id)).not.toContain(309);
    expect(existsSync(path.join(out, "api/v2/images/310/index.json"))).toBe(true);
    // The pages, the one that shows it included, as the content with its size builds them.
    const reference = runCli(["build", "--content", REFERENCE_CONTENT, "--out", "size-known-dist", "--now", NOW], { cwd: dir });
    expect(reference.code, reference.output).toBe(0);
    const pages = (tree: Map<string, string>) => new Map([...tree].filter(([f]) => /^api\/v2\/(event_)?pages\//.test(f)));
    expect(pages(snapshotTree(out))).toEqual(pages(snapshotTree(path.join(dir, "size-known-dist"))));
    // --strict fails on it, as on any warning.
    const strict = runCli(["build", "--content", "size-unknown", "--out", "size-unknown-strict", "--now", NOW, "--strict"], { cwd: dir });
    expect(strict.code, strict.output).toBe(1);
  });

  it("refuses a size half given, half null: an error, as a size left out is", () => {
    withSize("size-half", { width: null, height: 1000 });
    const run = runCli(["build", "--content", "size-half", "--out", "size-half-dist", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`size-half/images\\.json:\\d+:\\d+: \\[${at()}\\]: image 309 has no size: put its original at size-half/images/ballet-under-the-stars-2026\\.png, or give its width in pixels here \\(or both null, when the size is not known\\)`),
    );
  });
});
