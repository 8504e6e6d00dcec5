// A catalogue with originals (test/fixtures/media/, its originals copied from the reference
// catalogue a real Wagtail 5.2.8 served), built by the real CLI: every thumbnail URL names a file
// the build wrote, with Wagtail's name, size and crop; the originals are copied beside them; every
// image a page shows resolves on the images endpoint of the preview; a rebuild makes only what
// changed and equals a cold build; --media-out puts the media in a folder of their own; a failed
// build leaves both folders as they were.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { decode, meanAbsoluteDifference } from "./helpers/pixels.js";
import { startPreviewProcess } from "./helpers/server.js";
import { REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";
import { pagesDev } from "./helpers/wrangler.js";

const FIXTURE = path.join(FIXTURES, "media/content");
const NOW = "2026-05-01T00:00:00Z";
const CDN = "https://cdn.harbour-arts.example";
/** The originals of the fixture's images, copied from the reference; 397 and 403 have none. */
const ORIGINALS = ["foreshore-sunset.jpg", "hamlet-2026.jpg", "the-extraordinary-and-wonderful-adventures-of-the-harbour-players-2026-production.jpg", "press-shot-2026.jpeg", "season-poster-2026.webp", "Opening-Night-Crowd.JPG"];

interface Reference { id: number; file: string; rendition: string; rendition_width: number; rendition_height: number }
const reference = new Map(
  readFileSync(path.join(REFERENCE_IMAGES, "renditions.jsonl"), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Reference).map((r) => [r.id, r]),
);

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-media-");
});
afterAll(() => removeDir(dir));

/** A site folder holding the fixture's content and its originals. */
function site(name: string): string {
  const root = path.join(dir, name);
  const content = copyContent(FIXTURE, root);
  mkdirSync(path.join(content, "images"));
  for (const file of ORIGINALS) copyFileSync(path.join(REFERENCE_IMAGES, "content/images", file), path.join(content, "images", file));
  return root;
}

function build(root: string, args: string[] = []) {
  return runCli(["build", "--now", NOW, ...args], { cwd: root });
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
const details = (dist: string) => readdirSync(path.join(dist, "api/v2/event_pages")).filter((n) => /^\d+$/.test(n)).map((id) => json(path.join(dist, "api/v2/pages", id, "index.json")));
const madeLine = (output: string) => /Image renditions: (\d+) made, (\d+) reused/.exec(output)?.slice(1).map(Number);

describe("a catalogue with originals", () => {
  let root = "";
  let dist = "";
  let output = "";
  beforeAll(() => {
    root = site("built");
    const run = build(root);
    expect(run.code, run.output).toBe(0);
    output = run.output;
    dist = path.join(root, "dist");
  });

  it("makes each thumbnail's rendition once, and warns of the original too small and the thumbnail without an original, naming the URL the CDN must hold", () => {
    expect(madeLine(output)).toEqual([5, 0]);
    const warnings = output.split("\n").filter((l) => l.startsWith("warning: "));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`image 397 ("Oliver! — Range Community Players") is a thumbnail and has no original in content/images/, so the build makes no rendition of it: the CDN must already hold ${CDN}/media/images/range-community-players-oliver-202.2e16d0ba.fill-550x375.jpg`);
    expect(warnings[1]).toMatch(/^warning: content\/images\/season-poster-2026\.webp: image 400 \("Poster \(WebP\)"\) is 480x320, too small for a 550x375 thumbnail/);
  });

  it("names every thumbnail as Wagtail does, and writes it with Wagtail's size and crop (but the two whose renditions the CDN holds)", async () => {
    const pages = details(dist);
    expect(pages).toHaveLength(7);
    const images = json(path.join(root, "content/images.json")) as unknown as { id: number; file: string }[];
    for (const page of pages) {
      const url = page.thumbnail.url as string;
      expect(url.startsWith(`${CDN}/media/images/`), url).toBe(true);
      const name = url.slice(`${CDN}/media/images/`.length);
      const image = images.find((i) => name.startsWith(i.file.slice(0, 10)))!;
      const file = path.join(dist, "media/images", name);
      if (image.id === 403) {
        // Imported with its rendition key: the CDN holds Wagtail's rendition, the build makes none.
        expect([name, existsSync(file)]).toEqual(["imported-poster-2025.a1b2c3d4.fill-550x375.jpg", false]);
        continue;
      }
      const wagtail = reference.get(image.id)!;
      expect(name, page.meta.slug).toBe(wagtail.rendition);
      if (image.id === 397) {
        expect(existsSync(file)).toBe(false);
        continue;
      }
      const made = await sharp(readFileSync(file)).metadata();
      expect([made.width, made.height], name).toEqual([wagtail.rendition_width, wagtail.rendition_height]);
      const theirs = await decode(readFileSync(path.join(REFERENCE_IMAGES, "renditions", wagtail.rendition)));
      const ours = await decode(readFileSync(file));
      // Pillow's and libvips' resamplers and encoders round differently; a crop a pixel off differs by more (docs/images.md).
      expect(meanAbsoluteDifference(ours, theirs), name).toBeLessThan(1.5);
    }
    expect(readdirSync(path.join(dist, "media/images")).sort()).toEqual([...new Set(pages.map((p) => p.thumbnail.url.split("/").pop()))].filter((n) => !/^(range-community|imported-poster)/.test(n)).sort());
  });

  it("copies every original to media/original_images/, where the hero image's download_url points", () => {
    for (const file of ORIGINALS) expect(readFileSync(path.join(dist, "media/original_images", file)).equals(readFileSync(path.join(root, "content/images", file))), file).toBe(true);
    expect(readdirSync(path.join(dist, "media/original_images")).sort()).toEqual([...ORIGINALS].sort());
    const seagull = details(dist).find((p) => p.meta.slug === "the-seagull")!;
    expect(seagull.hero_image.meta.download_url).toBe(`${CDN}/media/original_images/foreshore-sunset.jpg`);
    expect(json(path.join(dist, ".build-catalogue.json")).entries).toContain("media");
  });

  it("writes the images endpoint: every image with the size of its original, or images.json's", () => {
    const list = json(path.join(dist, "api/v2/images/index.json"));
    expect([list.meta.total_count, list.items.map((i: { id: number }) => i.id)]).toEqual([8, [305, 318, 397, 398, 399, 400, 402, 403]]);
    const sizes = Object.fromEntries(list.items.map((i: { id: number }) => {
      const d = json(path.join(dist, `api/v2/images/${i.id}/index.json`));
      return [i.id, `${d.width}x${d.height}`];
    }));
    // The originals' sizes as Wagtail recorded them; 397 and 403 from images.json.
    expect(sizes).toEqual({ 305: "1200x1600", 318: "1000x1000", 397: "1800x900", 398: "1000x1000", 399: "2048x1365", 400: "480x320", 402: "1600x1067", 403: "1600x1067" });
  });

  it("resolves every hero_image and block image id on the preview's images endpoint, answers its queries, and serves the media", async () => {
    const ids = new Set<number>();
    for (const page of details(dist)) {
      if (page.hero_image) ids.add(page.hero_image.id);
      for (const block of page.description ?? []) {
        if (block.type === "image_carousel") for (const f of block.value.figures) ids.add(f.image);
        if (block.type === "logo_wall") for (const g of block.value.groups) for (const l of g.logos) ids.add(l.logo);
      }
    }
    expect([...ids].sort()).toEqual([305, 398, 399, 400, 402]);
    const { preview, base } = await startPreviewProcess(["--now", NOW], { cwd: root });
    try {
      for (const id of ids) {
        const a = await fetchRaw(base, "GET", `/api/v2/images/${id}/`);
        expect([a.status, header(a, "Content-Type")], `image ${id}`).toEqual([200, "application/json"]);
        expect(JSON.parse(a.body.toString("utf8")).meta.detail_url).toBe(`${base}/api/v2/images/${id}/`);
      }
      const search = JSON.parse((await fetchRaw(base, "GET", "/api/v2/images/?search=poster&fields=width")).body.toString("utf8"));
      expect(search.items.map((i: { id: number; width: number }) => [i.id, i.width])).toEqual([[400, 480], [403, 1600]]);
      expect((await fetchRaw(base, "GET", "/api/v2/images/999/")).body.toString("utf8")).toBe('{\n    "message": "No Image matches the given query."\n}');
      // The catalogue's CDN is another host; the preview serves the media folder at its own /media/ too.
      const rendition = await fetchRaw(base, "GET", "/media/images/hamlet-2026.1e3550f0.fill-550x375.jpg");
      expect([rendition.status, header(rendition, "Content-Type")]).toEqual([200, "image/jpeg"]);
      expect(rendition.body.equals(readFileSync(path.join(dist, "media/images/hamlet-2026.1e3550f0.fill-550x375.jpg")))).toBe(true);
    } finally {
      await preview.stop();
    }
  }, 60_000);

  it("checks the same problems without writing anything", () => {
    const run = runCli(["check", "--now", NOW], { cwd: root });
    expect(run.code, run.output).toBe(0);
    expect(run.output.split("\n").filter((l) => l.startsWith("warning: "))).toHaveLength(2);
  });
});

describe("a rebuild", () => {
  let root = "";
  const dist = () => path.join(root, "dist");
  /** A cold build of the same content, in a folder with no cache. */
  const cold = (name: string) => {
    const other = path.join(dir, name);
    copyContent(path.join(root, "content"), other);
    const run = build(other);
    expect(run.code, run.output).toBe(0);
    return path.join(other, "dist");
  };
  beforeAll(() => {
    root = site("rebuilt");
    expect(build(root).code).toBe(0);
  });

  it("reuses every rendition and every page when nothing changed, reads no original whose file's status vouches for it, and writes the same bytes", async () => {
    const before = snapshotTree(dist());
    // A file's status vouches for its bytes once it is two seconds old (io/file-status.ts): the build then notes it.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(build(root).output).toContain("Read 6 image originals from content/images/");
    const run = build(root);
    expect(run.output).not.toContain("image original");
    expect(madeLine(run.output)).toEqual([0, 5]);
    expect(run.output).toContain("Reused 7 unchanged event pages");
    expect(snapshotTree(dist())).toEqual(before);
  });

  it("makes only the rendition of an image whose focal point changed, and equals a cold build", () => {
    const file = path.join(root, "content/images.json");
    const images = JSON.parse(readFileSync(file, "utf8")) as { id: number; focal_point?: object }[];
    images.find((i) => i.id === 318)!.focal_point = { x: 400, y: 300, width: 200, height: 200 };
    writeFileSync(file, JSON.stringify(images, null, 2));
    const run = build(root);
    expect(run.code, run.output).toBe(0);
    expect(madeLine(run.output)).toEqual([1, 4]);
    const thumbnails = readdirSync(path.join(dist(), "media/images"));
    expect(thumbnails.filter((n) => n.startsWith("hamlet-2026."))).toHaveLength(1);
    expect(thumbnails).not.toContain("hamlet-2026.1e3550f0.fill-550x375.jpg");
    expect(snapshotTree(dist())).toEqual(snapshotTree(cold("rebuilt-cold-1")));
  });

  it("an original replaced by one of another size: every page reused, the images endpoint gives the new size, and equals a cold build", async () => {
    const detail = path.join(dist(), "api/v2/images/305/index.json");
    const untouched = statSync(path.join(dist(), "api/v2/images/318/index.json"));
    expect(json(detail)).toMatchObject({ width: 1200, height: 1600 });
    const sunset = path.join(root, "content/images/foreshore-sunset.jpg");
    writeFileSync(sunset, await sharp(readFileSync(sunset)).resize(600, 800).jpeg().toBuffer());
    const run = build(root);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("Reused 7 unchanged event pages");
    expect(json(detail)).toMatchObject({ width: 600, height: 800 });
    expect(json(path.join(dist(), "api/v2/images/index.json")).items.find((i: { id: number }) => i.id === 305)).toBeDefined();
    expect(snapshotTree(dist())).toEqual(snapshotTree(cold("rebuilt-cold-size")));
    // A rebuild with the same images keeps the endpoint's files where they stand; one changed by hand is written again.
    writeFileSync(detail, "changed by hand");
    const again = build(root);
    expect(again.output).toContain("Reused 7 unchanged event pages");
    const after = statSync(path.join(dist(), "api/v2/images/318/index.json"));
    expect([after.ino, after.mtimeMs]).toEqual([untouched.ino, untouched.mtimeMs]);
    expect(json(detail)).toMatchObject({ width: 600, height: 800 });
    expect(snapshotTree(dist())).toEqual(snapshotTree(cold("rebuilt-cold-size")));
  });

  it("a new original of another format renames its thumbnail in every page that shows it, and equals a cold build", async () => {
    const press = path.join(root, "content/images/press-shot-2026.jpeg");
    writeFileSync(press, await sharp(readFileSync(press)).png().toBuffer());
    const run = build(root);
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toContain("Reused");
    expect(madeLine(run.output)).toEqual([1, 4]);
    const page = details(dist()).find((p) => p.meta.slug === "press-night")!;
    expect(page.thumbnail.url).toBe(`${CDN}/media/images/press-shot-2026.1f01c0fc.fill-550x375.png`);
    expect(snapshotTree(dist())).toEqual(snapshotTree(cold("rebuilt-cold-2")));
  });

  it("a failed build (an original that is no image) leaves the output and the cache as they were", () => {
    const before = snapshotTree(dist());
    const hamlet = path.join(root, "content/images/hamlet-2026.jpg");
    const bytes = readFileSync(hamlet);
    writeFileSync(hamlet, "not a picture");
    try {
      const run = build(root);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^content\/images\/hamlet-2026\.jpg: is not an image the build can read \(.*\): replace it with a JPEG, PNG, GIF, WebP or AVIF file \(the original of image 318\)$/m);
      expect(snapshotTree(dist())).toEqual(before);
    } finally {
      writeFileSync(hamlet, bytes);
    }
    expect(madeLine(build(root).output)).toEqual([0, 5]);
  });

  it("an image with neither an original nor a size is an error giving both fixes", () => {
    const other = site("no-size");
    const file = path.join(other, "content/images.json");
    const images = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>[];
    delete images.find((i) => i.id === 397)!.width;
    writeFileSync(file, JSON.stringify(images, null, 2));
    const run = build(other);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("[6]: image 397 has no size: put its original at content/images/range-community-players-oliver-2027.jpg, or give its width in pixels here");
    expect(existsSync(path.join(other, "dist"))).toBe(false);
  });
});

describe("--media-out", () => {
  let root = "";
  beforeAll(() => {
    root = site("media-out");
  });

  it("writes the media into a folder of their own, with its marker, and none into --out", () => {
    const run = build(root, ["--media-out", "cdn/media"]);
    expect(run.code, run.output).toBe(0);
    expect(existsSync(path.join(root, "dist/media"))).toBe(false);
    expect(json(path.join(root, "dist/.build-catalogue.json")).entries).not.toContain("media");
    const media = path.join(root, "cdn/media");
    expect(readdirSync(media).sort()).toEqual([".build-catalogue.json", "images", "original_images"]);
    expect(json(path.join(media, ".build-catalogue.json")).entries).toEqual(["images", "original_images"]);
    expect(readdirSync(path.join(media, "images"))).toContain("hamlet-2026.1e3550f0.fill-550x375.jpg");
    // The same bytes as a build that keeps them in --out.
    const inside = site("media-inside");
    expect(build(inside).code).toBe(0);
    const here = snapshotTree(path.join(inside, "dist/media"));
    const there = snapshotTree(media);
    there.delete(".build-catalogue.json");
    expect(there).toEqual(here);
  });

  it("refuses a folder holding files no build wrote, as --out does", () => {
    const other = path.join(root, "not-ours");
    mkdirSync(other);
    writeFileSync(path.join(other, "notes.txt"), "mine");
    const run = build(root, ["--media-out", "not-ours"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--media-out not-ours/ holds files that build-catalogue did not write (notes.txt)");
    expect(readdirSync(other)).toEqual(["notes.txt"]);
  });

  it("refuses a place among the API's own files, or the content", () => {
    expect(build(root, ["--media-out", "dist/api"]).stderr).toContain("--media-out dist/api is where the build writes the API's own files");
    expect(build(root, ["--media-out", "content/media"]).stderr).toContain("is inside --content content");
  });

  it("a failed build leaves --out and the media folder as they were", () => {
    expect(build(root, ["--media-out", "cdn/media"]).code).toBe(0);
    const before = [snapshotTree(path.join(root, "dist")), snapshotTree(path.join(root, "cdn/media"))];
    const press = path.join(root, "content/images/press-shot-2026.jpeg");
    const bytes = readFileSync(press);
    writeFileSync(press, bytes.subarray(0, 10));
    try {
      const run = build(root, ["--media-out", "cdn/media"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("content/images/press-shot-2026.jpeg: ");
    } finally {
      writeFileSync(press, bytes);
    }
    expect([snapshotTree(path.join(root, "dist")), snapshotTree(path.join(root, "cdn/media"))]).toEqual(before);
  });
});

describe("on Cloudflare Pages (wrangler pages dev), the media inside --out", () => {
  it("the worker answers the images endpoint and its queries, and leaves the media folder to Pages' static files", async () => {
    const root = site("cloudflare");
    expect(build(root, ["--host", "cloudflare"]).code).toBe(0);
    const dist = path.join(root, "dist");
    const pages = await pagesDev(dist, root);
    try {
      for (const name of readdirSync(path.join(dist, "media/images"))) {
        const a = await fetchRaw(pages.base, "GET", `/media/images/${name}`);
        expect([a.status, a.body.equals(readFileSync(path.join(dist, "media/images", name)))], name).toEqual([200, true]);
      }
      const original = await fetchRaw(pages.base, "GET", "/media/original_images/press-shot-2026.jpeg");
      expect(original.body.equals(readFileSync(path.join(root, "content/images/press-shot-2026.jpeg")))).toBe(true);
      for (const id of [305, 398, 399, 400, 402]) {
        const a = await fetchRaw(pages.base, "GET", `/api/v2/images/${id}/`);
        expect([a.status, a.body.equals(readFileSync(path.join(dist, `api/v2/images/${id}/index.json`)))], `image ${id}`).toEqual([200, true]);
      }
      const list = JSON.parse((await fetchRaw(pages.base, "GET", "/api/v2/images/?limit=2&order=-id")).body.toString("utf8")) as { meta: { total_count: number }; items: { id: number }[] };
      expect([list.meta.total_count, list.items.map((i) => i.id)]).toEqual([8, [403, 402]]);
      // Anything else outside /api/ is still the API's JSON 404, not a file of the build.
      expect((await fetchRaw(pages.base, "GET", "/_query/images.json")).status).toBe(404);
    } finally {
      await pages.server.stop();
    }
  }, 120_000);
});
