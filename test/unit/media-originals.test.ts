// Originals of every kind the build may meet: EXIF orientation, animation, formats Wagtail converts or refuses, damaged files, name clashes; and the image sizes check.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/model/diagnostics.js";
import { imageSizes } from "../../src/media/image-sizes.js";
import { makeRenditions } from "../../src/media/make-renditions.js";
import { probeImage } from "../../src/media/probe.js";
import { decode, meanAbsoluteDifference } from "../helpers/pixels.js";

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), "bc-originals-"));
  mkdirSync(path.join(work, "content/images"), { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const put = (file: string, bytes: Buffer | string) => writeFileSync(path.join(work, "content/images", file), bytes);
const run = (images: { id: number; title?: string; file: string; focal_point?: { x: number; y: number; width: number; height: number } | null }[]) =>
  makeRenditions(images, { contentDir: path.join(work, "content"), contentArg: "content", cacheDir: path.join(work, "cache"), outDir: path.join(work, "out") });
const errors = (r: Awaited<ReturnType<typeof run>>) => r.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);

/** A picture that differs in every direction (two gradients and a checkerboard), so that a wrong turn or crop shows. */
function picture(width: number, height: number, channels: 3 | 4 = 3): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = Math.round((255 * x) / width);
      data[i + 1] = Math.round((255 * y) / height);
      data[i + 2] = (Math.floor(x / 50) + Math.floor(y / 70)) % 2 === 0 ? 40 : 220;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return data;
}
const raw = (width: number, height: number, channels: 3 | 4 = 3) => sharp(picture(width, height, channels), { raw: { width, height, channels } });

describe("probing an original", () => {
  it("reads the size after EXIF orientation, and the size as stored", async () => {
    const jpeg = await raw(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await probeImage(jpeg)).toEqual({ format: "jpeg", width: 600, height: 800, fileWidth: 800, fileHeight: 600, orientation: 6, animated: false, alpha: false });
  });

  it("finds animation and alpha", async () => {
    const frame = (r: number) => sharp({ create: { width: 40, height: 30, channels: 4, background: { r, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } }).gif().toBuffer();
    expect(await probeImage(gif)).toMatchObject({ format: "gif", width: 40, height: 30, animated: true, alpha: true });
    expect(await probeImage(await raw(20, 10, 4).png().toBuffer())).toMatchObject({ format: "png", alpha: true, animated: false });
  });
});

describe("renditions of originals", () => {
  it("apply the EXIF orientation before the crop, and drop the orientation tag", async () => {
    // Stored 800x600 turned a quarter (orientation 6): Wagtail crops the 600x800 picture it shows.
    put("turned.jpg", await raw(800, 600).jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).withMetadata({ orientation: 6 }).toBuffer());
    put("upright.png", await raw(800, 600).rotate(90).png().toBuffer());
    const r = await run([{ id: 1, file: "turned.jpg" }, { id: 2, file: "upright.png" }]);
    expect(errors(r)).toEqual([]);
    const turned = r.renditions.get(1)!;
    expect(turned.fill.crop).toEqual({ left: 0, top: 195, width: 600, height: 410 });
    const bytes = readFileSync(path.join(work, "out", turned.name));
    expect((await sharp(bytes).metadata()).orientation ?? 1).toBe(1);
    const d = meanAbsoluteDifference(await decode(bytes), await decode(readFileSync(path.join(work, "out", r.renditions.get(2)!.name))));
    expect(d).toBeLessThan(3);
    // Not turned, the picture would differ far more (the same crop of the stored pixels, for scale).
    const unturned = await sharp(readFileSync(path.join(work, "content/images/upright.png"))).rotate(180).extract(turned.fill.crop).resize(550, 375, { fit: "fill" }).png().toBuffer();
    expect(meanAbsoluteDifference(await decode(bytes), await decode(unturned))).toBeGreaterThan(20);
  });

  it("keep the original's ICC profile and EXIF without converting colours, as Pillow does", async () => {
    // Display P3 values stored as they are: sharp would otherwise convert them to sRGB.
    const p3 = await sharp(Buffer.alloc(700 * 500 * 3, Buffer.from([200, 60, 30])), { raw: { width: 700, height: 500, channels: 3 } })
      .withIccProfile("p3")
      .withExif({ IFD0: { Copyright: "Harbour Players" } })
      .jpeg({ quality: 95 })
      .toBuffer();
    put("wide-gamut.jpg", p3);
    const r = await run([{ id: 1, file: "wide-gamut.jpg" }]);
    const bytes = readFileSync(path.join(work, "out", r.renditions.get(1)!.name));
    const meta = await sharp(bytes).metadata();
    expect(meta.icc?.equals((await sharp(p3).metadata()).icc!)).toBe(true);
    expect(meta.exif?.toString("latin1")).toContain("Harbour Players");
    const stored = (b: Buffer) => sharp(b, { ignoreIcc: true }).raw().toBuffer();
    expect([...(await stored(bytes)).subarray(0, 3)]).toEqual([...(await stored(p3)).subarray(0, 3)]);
  });

  it("write an animated GIF's first frame as PNG, as Wagtail on Pillow does", async () => {
    const frame = (r: number, b: number) => sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g: 0, b } } }).png().toBuffer();
    put("banner.gif", await sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } }).gif().toBuffer());
    const r = await run([{ id: 1, file: "banner.gif" }]);
    const made = r.renditions.get(1)!;
    expect(made.name).toBe("banner.2e16d0ba.fill-550x375.png");
    const pixels = await decode(readFileSync(path.join(work, "out", made.name)));
    expect([pixels.width, pixels.height]).toEqual([550, 375]);
    expect([pixels.data[0], pixels.data[2]]).toEqual([255, 0]);
  });

  it("write WebP and AVIF originals as PNG, keeping their alpha", async () => {
    put("glow.webp", await raw(700, 500, 4).webp({ lossless: true }).toBuffer());
    put("halo.avif", await raw(700, 500, 4).avif({ lossless: true }).toBuffer());
    const r = await run([{ id: 1, file: "glow.webp" }, { id: 2, file: "halo.avif" }]);
    expect(errors(r)).toEqual([]);
    expect([r.renditions.get(1)!.original.probe.format, r.renditions.get(2)!.original.probe.format]).toEqual(["webp", "avif"]);
    for (const name of ["glow.2e16d0ba.fill-550x375.png", "halo.2e16d0ba.fill-550x375.png"]) {
      const meta = await sharp(readFileSync(path.join(work, "out", name))).metadata();
      expect([name, meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual([name, "png", true, 550, 375]);
    }
  });

  it("keep the probed format's name even when the extension says otherwise", async () => {
    put("poster.png", await raw(700, 500).jpeg().toBuffer());
    const r = await run([{ id: 1, file: "poster.png" }]);
    expect(r.renditions.get(1)!.name).toBe("poster.2e16d0ba.fill-550x375.jpg");
    expect((await sharp(readFileSync(path.join(work, "out/poster.2e16d0ba.fill-550x375.jpg"))).metadata()).format).toBe("jpeg");
  });

  it("report an unreadable original as an error naming content/images/<file>, and go on with the others", async () => {
    put("notes.jpg", "not a picture at all");
    const bmp = Buffer.alloc(58);
    bmp.write("BM", 0, "latin1");
    put("old.bmp", bmp);
    put("scan.tif", await raw(700, 500).tiff().toBuffer());
    const detailed = await raw(900, 700).jpeg().toBuffer();
    put("cut.jpg", detailed.subarray(0, Math.floor(detailed.length * 0.7)));
    put("fine.jpg", await raw(700, 500).jpeg().toBuffer());
    const r = await run([{ id: 1, file: "notes.jpg" }, { id: 2, file: "old.bmp" }, { id: 3, file: "scan.tif" }, { id: 4, file: "cut.jpg" }, { id: 5, file: "fine.jpg" }, { id: 6, file: "elsewhere.jpg" }]);
    const found = errors(r);
    expect(found).toHaveLength(4);
    // Sorted by file, as every diagnostic list.
    expect(found[0]).toMatch(/^content\/images\/cut\.jpg: is damaged: its pixels cannot be read \(.+\); export the image again from its source$/);
    expect(found[1]).toMatch(/^content\/images\/notes\.jpg: is not an image the build can read \(.+\): replace it with a JPEG, PNG, GIF, WebP or AVIF file \(the original of image 1\)$/);
    expect(found[2]).toBe("content/images/old.bmp: is a BMP image, which the build cannot read: save it as PNG (Wagtail writes a BMP's renditions as PNG anyway) (the original of image 2)");
    expect(found[3]).toBe("content/images/scan.tif: is a TIFF image, of which Wagtail makes no rendition (the original of image 3): save it as JPEG or PNG");
    expect([...r.renditions.keys()]).toEqual([5]);
    expect(r.withoutOriginal.map((i) => i.id)).toEqual([6]);
  });

  it("report two images whose renditions would share a name", async () => {
    put("press.jpg", await raw(700, 500).jpeg().toBuffer());
    put("press.jpeg", await raw(700, 500).jpeg({ quality: 50 }).toBuffer());
    const r = await run([{ id: 1, file: "press.jpg" }, { id: 2, file: "press.jpeg" }]);
    expect(errors(r)).toEqual([
      "content/images/press.jpeg: image 2 and image 1 (press.jpg) would have the same rendition, press.2e16d0ba.fill-550x375.jpg (Wagtail cuts a rendition's name to 60 characters and names it after the format it writes); rename one of the two files so that the names differ sooner",
    ]);
    expect(r.renditions.size).toBe(1);
  });

  it("share one rendition between two images of the same original and focal point", async () => {
    put("press.jpg", await raw(700, 500).jpeg().toBuffer());
    const r = await run([{ id: 1, file: "press.jpg" }, { id: 2, file: "press.jpg" }]);
    expect(errors(r)).toEqual([]);
    expect([r.written, r.renditions.get(1)!.name, r.renditions.get(2)!.name]).toEqual([1, "press.2e16d0ba.fill-550x375.jpg", "press.2e16d0ba.fill-550x375.jpg"]);
  });
});

describe("image sizes", () => {
  it("come from the original as stored, else from images.json; neither is an error giving both fixes", async () => {
    put("turned.jpg", await raw(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const images = [
      { id: 1, file: "turned.jpg" },
      { id: 2, file: "away.jpg", width: 1200, height: 800 },
      { id: 3, file: "lost.png" },
      { id: 4, file: "half.png", width: 300 },
      { id: 5, file: "turned.jpg", width: 640, height: 480 },
    ];
    const r = await run(images.slice(0, 1));
    const originals = new Map([...r.renditions].map(([id, rendition]) => [id, rendition.original]));
    originals.set(5, originals.get(1)!);
    const { sizes, diagnostics } = imageSizes(images, originals, "content/images.json", "content/images");
    expect(Object.fromEntries(sizes)).toEqual({
      1: { width: 800, height: 600, from: "original" },
      2: { width: 1200, height: 800, from: "images.json" },
      5: { width: 800, height: 600, from: "original" },
    });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      "content/images.json: [2]: image 3 has no size: put its original at content/images/lost.png, or give its width and height in pixels here",
      "content/images.json: [3]: image 4 has no size: put its original at content/images/half.png, or give its height in pixels here",
      "warning: content/images.json: [4]: gives image 5 a size of 640x480, but its original content/images/turned.jpg is 800x600; the original's size is used: correct width and height, or remove them",
    ]);
  });

  it("not known (both null) is a warning, and the image has no size; the original answers it; one null is an error", async () => {
    put("known.jpg", await raw(800, 600).jpeg().toBuffer());
    const images = [
      { id: 1, file: "unknown.jpg", width: null, height: null },
      { id: 2, file: "known.jpg", width: null, height: null },
      { id: 3, file: "half.jpg", width: null, height: 400 },
    ];
    const r = await run([images[1]!]);
    const { sizes, diagnostics } = imageSizes(images, new Map([[2, r.renditions.get(2)!.original]]), "content/images.json", "content/images");
    expect(Object.fromEntries(sizes)).toEqual({ 2: { width: 800, height: 600, from: "original" } });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      "warning: content/images.json: [0]: image 1's size is not known (width and height are null), so the images endpoint leaves it out (/api/v2/images/ does not list it, /api/v2/images/1/ answers 404); the pages that show it are built as ever. To publish it there, put its original at content/images/unknown.jpg, or give its width and height in pixels here",
      "content/images.json: [2]: image 3 has no size: put its original at content/images/half.jpg, or give its width in pixels here (or both null, when the size is not known)",
    ]);
  });
});
