// Defences that held when the project was reviewed, kept under test so that they go on holding:
// image originals that are decompression bombs or lie about themselves (the build ends soon, in
// bounded memory, and refuses each with an error naming it, dist/ as it was, or reads it as the
// pixel it really holds), path traversal against the preview (no answer holds a byte the build
// does not publish), fuzzed Wagtail queries against the preview (never a 500, always a body a
// client can read), and YAML alias bombs (refused by name, at once). Everything runs through the
// real CLI and the real preview.
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { createDeflate, crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, snapshotTree, tempDir, type CliRun } from "./helpers/cli.js";
import { startPreviewProcess, type Started } from "./helpers/server.js";
import { seeded } from "./helpers/random.js";
import { REFERENCE_IMAGES, REFERENCE_NOW } from "./helpers/wagtail-reference.js";

const NOW = "2026-05-01T00:00:00Z";
const BUILD = ["build", "--now", NOW];
const MEDIA_FIXTURE = path.join(FIXTURES, "media/content");
const ORIGINALS_DIR = path.join(REFERENCE_IMAGES, "content/images");
/** The media fixture's originals, from the reference catalogue (as test/media.test.ts lays them out). */
const ORIGINALS = ["foreshore-sunset.jpg", "hamlet-2026.jpg", "the-extraordinary-and-wonderful-adventures-of-the-harbour-players-2026-production.jpg", "press-shot-2026.jpeg", "season-poster-2026.webp", "Opening-Night-Crowd.JPG"];
/** An image of the media fixture that an event page shows as its thumbnail, without a focal point: its original is made a rendition of. */
const THUMBNAIL_IMAGE = 398;
/** What a file outside the build holds: no answer may carry it. */
const SECRET = "DATABASE_PASSWORD=hunter2-7a1d0c";

let work = "";
beforeAll(() => {
  work = tempDir("bc-held-");
});
afterAll(async () => {
  await served?.preview.stop();
  removeDir(work);
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Nothing of the program's insides: no stack frame, no word of a crash, of the disk or of memory. */
function expectNoInternals(output: string): void {
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/RangeError|TypeError|Maximum call stack|could not write|failed unexpectedly|out of memory|heap limit|Aborted|Segmentation/i);
}

// ---------------------------------------------------------------------------------------------
// Image originals: bombs and lies

/** A PNG chunk: length, type, data and the CRC of type and data, as a decoder checks it. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, bitDepth: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = 0; // greyscale
  return pngChunk("IHDR", data);
}

const png = (...chunks: Buffer[]) => Buffer.concat([PNG_SIGNATURE, ...chunks, pngChunk("IEND", Buffer.alloc(0))]);

/** One grey pixel's image data: a row of one filter byte and one sample. */
const ONE_PIXEL_IDAT = pngChunk("IDAT", deflateSync(Buffer.from([0, 128])));

/** zlib's stream of `mebibytes` MiB of zeros, made a MiB at a time: the test never holds them. */
function zerosDeflated(mebibytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 1 });
    const out: Buffer[] = [];
    deflate.on("data", (c: Buffer) => out.push(c));
    deflate.on("end", () => resolve(Buffer.concat(out)));
    deflate.on("error", reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let written = 0;
    const write = () => {
      while (written < mebibytes) {
        written++;
        if (!deflate.write(zeros)) return void deflate.once("drain", write);
      }
      deflate.end();
    };
    write();
  });
}

/** A small JPEG whose frame header (SOF) says `width` x `height`: the scan that follows holds 16x16. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } }).jpeg().toBuffer();
  for (let at = 2; at < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

/** A one-pixel GIF whose logical screen, and with `frame` its image too, claim 65,535 x 65,535. */
async function gifClaiming(frame: boolean): Promise<Buffer> {
  const gif = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ff0000" } }).gif().toBuffer();
  gif.writeUInt16LE(65535, 6);
  gif.writeUInt16LE(65535, 8);
  if (frame) {
    const descriptor = gif.indexOf(0x2c, 13);
    gif.writeUInt16LE(65535, descriptor + 5);
    gif.writeUInt16LE(65535, descriptor + 7);
  }
  return gif;
}

/** A one-pixel GIF repeated as frames up to ~9.5 MiB: over 400,000 frames, each a pixel. */
async function gifOfManyFrames(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ff0000" } }).gif().toBuffer();
  const descriptor = gif.indexOf(0x2c, 13);
  const control = Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]);
  const frame = Buffer.concat([control, gif.subarray(descriptor, gif.length - 1)]);
  const count = Math.floor((9.5 * 1024 * 1024) / frame.length);
  return Buffer.concat([gif.subarray(0, descriptor), Buffer.concat(Array<Buffer>(count).fill(frame)), Buffer.from([0x3b])]);
}

/** A one-pixel lossless WebP inside an extended (VP8X) header whose canvas claims 20,000 x 20,000. */
async function webpClaiming(): Promise<Buffer> {
  const webp = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#808080" } }).webp({ lossless: true }).toBuffer();
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "latin1");
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(20000 - 1, 12, 3);
  vp8x.writeUIntLE(20000 - 1, 15, 3);
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), vp8x, webp.subarray(12)]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A 64x64 AVIF whose image spatial extents (ispe) claim 20,000 x 20,000. */
async function avifClaiming(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } }).avif({ effort: 0 }).toBuffer();
  const ispe = avif.indexOf("ispe");
  avif.writeUInt32BE(20000, ispe + 8);
  avif.writeUInt32BE(20000, ispe + 12);
  return avif;
}

/** An 8x8 TIFF whose ImageWidth and ImageLength tags claim 65,535. */
async function tiff(claimHuge: boolean): Promise<Buffer> {
  const t = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000000" } }).tiff().toBuffer();
  if (!claimHuge) return t;
  const le = t[0] === 0x49;
  const u16 = (at: number) => (le ? t.readUInt16LE(at) : t.readUInt16BE(at));
  const ifd = le ? t.readUInt32LE(4) : t.readUInt32BE(4);
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) !== 256 && u16(entry) !== 257) continue;
    if (u16(entry + 2) === 3) le ? t.writeUInt16LE(65535, entry + 8) : t.writeUInt16BE(65535, entry + 8);
    else le ? t.writeUInt32LE(65535, entry + 8) : t.writeUInt32BE(65535, entry + 8);
  }
  return t;
}

/** An SVG whose entities, expanded, would make 10^10 characters ("billion laughs"). */
function svgLaughs(): Buffer {
  const entities = ['<!ENTITY a "aaaaaaaaaa">'];
  for (let i = 1; i < 10; i++) entities.push(`<!ENTITY ${String.fromCharCode(97 + i)} "${`&${String.fromCharCode(96 + i)};`.repeat(10)}">`);
  return Buffer.from(`<?xml version="1.0"?>\n<!DOCTYPE svg [${entities.join("")}]>\n<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><text>&j;</text></svg>\n`);
}

const half = (file: string) => {
  const bytes = readFileSync(path.join(ORIGINALS_DIR, file));
  return bytes.subarray(0, Math.floor(bytes.length / 2));
};

interface HostileOriginal {
  file: string;
  make: () => Buffer | Promise<Buffer>;
  /** The error the build gives, after `content/images/<file>: `; absent: the file is read as the one pixel it is. */
  refused?: string;
  /** Found only as its pixels are decoded, when its rendition is made: a check, which makes none, is not run. */
  decodedOnly?: boolean;
}

/** The refusal of an original claiming more pixels than Wagtail takes (128 million), read from its header. */
const pixels = (width: number, height: number, megapixels: string) =>
  `is ${width}x${height} pixels (${megapixels} megapixels), more than the 128 megapixels an original may have (Wagtail's own limit on uploads)`;

const HOSTILE_ORIGINALS: HostileOriginal[] = [
  // A tiny file of huge pixels: 400 million, 50 MB of image data in 49 KB.
  { file: "one-colour-20000.png", make: () => png(ihdr(20000, 20000, 1), pngChunk("IDAT", deflateSync(Buffer.alloc((1 + 20000 / 8) * 20000), { level: 9 }))), refused: pixels(20000, 20000, "400") },
  // Just past Wagtail's limit, with its pixels: sharp alone would decode all 144 million of them.
  { file: "one-colour-12000.png", make: () => png(ihdr(12000, 12000, 1), pngChunk("IDAT", deflateSync(Buffer.alloc((1 + 12000 / 8) * 12000), { level: 9 }))), refused: pixels(12000, 12000, "144") },
  { file: "ihdr-million.png", make: () => png(ihdr(1_000_000, 1_000_000, 1), pngChunk("IDAT", deflateSync(Buffer.alloc(1000)))), refused: pixels(1_000_000, 1_000_000, "over 10,000") },
  { file: "sof-65500.jpg", make: () => jpegClaiming(65500, 65500), refused: pixels(65500, 65500, "4290") },
  { file: "frame-65535.gif", make: () => gifClaiming(true), refused: pixels(65535, 65535, "4295") },
  { file: "canvas-20000.webp", make: webpClaiming, refused: "is not an image the build can read (Input buffer has corrupt header" },
  { file: "ispe-20000.avif", make: avifClaiming, refused: pixels(20000, 20000, "400") },
  { file: "tags-65535.tif", make: () => tiff(true), refused: pixels(65535, 65535, "4295") },
  { file: "poster.tif", make: () => tiff(false), refused: "is a TIFF image, of which Wagtail makes no rendition" },
  { file: "huge.svg", make: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000000" height="1000000"><rect width="10" height="10"/></svg>\n'), refused: pixels(1_000_000, 1_000_000, "over 10,000") },
  { file: "laughs.svg", make: svgLaughs, refused: "is not an image the build can read (Input buffer has corrupt header: glib: XML parse error" },
  { file: "logo.svg", make: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400"/></svg>\n'), refused: "is a SVG image, of which Wagtail makes no rendition" },
  { file: "truncated.jpg", make: () => half("hamlet-2026.jpg"), refused: "is damaged: its pixels cannot be read (", decodedOnly: true },
  { file: "truncated.png", make: () => half("giselle-2026.png"), refused: "is damaged: its pixels cannot be read (", decodedOnly: true },
  { file: "empty.jpg", make: () => Buffer.alloc(0), refused: "is not an image the build can read (Input Buffer is empty)" },
  { file: "notes.jpg", make: () => Buffer.from("Meeting notes, not a picture.\n".repeat(80)), refused: "is not an image the build can read (Input buffer contains unsupported image format)" },
  // Lies that cost nothing: each is read as the one pixel it holds.
  { file: "ztxt-1gib.png", make: async () => png(ihdr(1, 1, 8), pngChunk("zTXt", Buffer.concat([Buffer.from("Comment\0\0", "latin1"), await zerosDeflated(1024)])), ONE_PIXEL_IDAT) },
  { file: "iccp-1gib.png", make: async () => png(ihdr(1, 1, 8), pngChunk("iCCP", Buffer.concat([Buffer.from("icc\0\0", "latin1"), await zerosDeflated(1024)])), ONE_PIXEL_IDAT) },
  { file: "idat-800000.png", make: () => png(ihdr(1, 1, 8), Buffer.concat(Array<Buffer>(800_000).fill(pngChunk("IDAT", Buffer.alloc(0)))), ONE_PIXEL_IDAT) },
  { file: "screen-65535.gif", make: () => gifClaiming(false) },
  { file: "frames-400000.gif", make: gifOfManyFrames },
];

/** How long a run on one hostile original may take, and how much memory, at most: a bomb would take far more. */
const RUN_MS = 60_000;
const PEAK_KIB = 512 * 1024;

describe("image originals that are bombs or lies", () => {
  /** The media fixture with its originals, built once: each case starts from a copy, dist/ included. */
  let template = "";

  beforeAll(() => {
    template = path.join(work, "images-template");
    const content = copyContent(MEDIA_FIXTURE, template);
    mkdirSync(path.join(content, "images"));
    for (const file of ORIGINALS) copyFileSync(path.join(ORIGINALS_DIR, file), path.join(content, "images", file));
    const run = runCli(BUILD, { cwd: template });
    expect(run.code, run.output).toBe(0);
  });

  /** A copy of the template whose thumbnail image's original is `file`, holding `bytes`. */
  function siteWith(file: string, bytes: Buffer): { root: string; before: Map<string, string> } {
    const root = mkdtempSync(path.join(work, "image-"));
    cpSync(template, root, { recursive: true });
    writeFileSync(path.join(root, "content/images", file), bytes);
    const imagesJson = path.join(root, "content/images.json");
    const images = JSON.parse(readFileSync(imagesJson, "utf8")) as { id: number; file: string }[];
    images.find((i) => i.id === THUMBNAIL_IMAGE)!.file = file;
    writeFileSync(imagesJson, JSON.stringify(images, null, 2));
    return { root, before: snapshotTree(path.join(root, "dist")) };
  }

  /** The command run with its peak memory noted (test/helpers/peak-memory.mjs). */
  function measured(args: string[], root: string): CliRun & { peakKiB: number } {
    const file = path.join(root, "peak-memory");
    const run = runCli(args, {
      cwd: root,
      timeout: RUN_MS,
      env: { NODE_OPTIONS: `--import=${path.join(ROOT, "test/helpers/peak-memory.mjs")}`, PEAK_MEMORY_FILE: file },
    });
    // Killed at the time limit: no exit status, no memory noted.
    expect(run.code, `still running after ${RUN_MS} ms:\n${run.output}`).not.toBe(-1);
    return { ...run, peakKiB: Number(readFileSync(file, "utf8")) };
  }

  it.each(HOSTILE_ORIGINALS.map((h) => [h.file, h] as const))("%s", async (file, hostile) => {
    const bytes = await hostile.make();
    // Each is within the cap on originals: the cap is not what stops it.
    expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
    const site = siteWith(file, bytes);
    const run = measured(BUILD, site.root);
    expectNoInternals(run.output);
    expect(run.peakKiB, `peak memory ${Math.round(run.peakKiB / 1024)} MiB`).toBeLessThan(PEAK_KIB);
    const shown = `content/images/${file}`;
    if (hostile.refused !== undefined) {
      expect(run.code, run.output).toBe(1);
      const line = run.stderr.split("\n").find((l) => l.startsWith(`${shown}: ${hostile.refused}`));
      expect(line, `no error for ${shown} starting "${hostile.refused}" in:\n${run.output}`).toBeDefined();
      // Read from its header, the error says whose original it is (a damaged one's, found as its pixels are, does not).
      if (!hostile.decodedOnly) expect(line).toContain(`(the original of image ${THUMBNAIL_IMAGE})`);
      expect(snapshotTree(path.join(site.root, "dist"))).toEqual(site.before);
      if (!hostile.decodedOnly) {
        // A check reads every original's header as the build does, and refuses the same.
        const check = measured(["check", "--now", NOW], site.root);
        expectNoInternals(check.output);
        expect(check.code, check.output).toBe(1);
        expect(check.stderr).toContain(`${shown}: ${hostile.refused}`);
      }
    } else {
      expect(run.code, run.output).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`^warning: ${escape(shown)}: image ${THUMBNAIL_IMAGE} .* is 1x1, too small for a 550x375 thumbnail`, "m"));
      expect(readFileSync(path.join(site.root, "dist/media/original_images", file)).equals(bytes)).toBe(true);
    }
  });

  it("builds originals of as many pixels as Wagtail takes, decoding them one at a time: four WebPs of 128 megapixels in little more memory than one", async () => {
    // 11,313 x 11,313 is just under 128 million pixels; a WebP of them decodes into about a gigabyte.
    const webp = await sharp({ create: { width: 11313, height: 11313, channels: 3, background: "#808080" } }).webp({ lossless: true }).toBuffer();
    const site = siteWith("large-0.webp", webp);
    const imagesJson = path.join(site.root, "content/images.json");
    const images = JSON.parse(readFileSync(imagesJson, "utf8")) as { id: number; file: string; width?: number; height?: number }[];
    // Three more thumbnails' images get originals of their own, so that four renditions are made.
    const others = images.filter((i) => i.id !== THUMBNAIL_IMAGE && readdirSync(path.join(site.root, "content/events")).some((f) => readFileSync(path.join(site.root, "content/events", f), "utf8").includes(`"image": ${i.id}`))).slice(0, 3);
    expect(others).toHaveLength(3);
    others.forEach((image, n) => {
      image.file = `large-${n + 1}.webp`;
      delete image.width;
      delete image.height;
      writeFileSync(path.join(site.root, "content/images", image.file), webp);
    });
    writeFileSync(imagesJson, JSON.stringify(images, null, 2));
    const run = measured(["build", "--now", NOW, "--no-cache"], site.root);
    expectNoInternals(run.output);
    expect(run.code, run.output).toBe(0);
    const made = readdirSync(path.join(site.root, "dist/media/images")).filter((name) => name.startsWith("large-"));
    expect(made).toHaveLength(4);
    // One such decode takes about 1.1 GiB; two at once (one a core) about 2 GiB.
    expect(run.peakKiB, `peak memory ${Math.round(run.peakKiB / 1024)} MiB`).toBeLessThan(1.5 * 1024 * 1024);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The preview: path traversal and fuzzed queries

/**
 * The reference catalogue with its 102 originals (so that the preview serves /media/), in
 * `<work>/preview/site/content`; secrets beside the content folder, in its parent, inside it
 * where the build does not look, and in the preview's temporary folder beside the build it serves.
 */
interface PreviewSite {
  preview: Started;
  port: number;
  own: string;
  dist: string;
  /** The SHA-256 of every file the preview may answer with: the API's documents and the media. */
  published: Set<string>;
  secretFiles: string[];
}

let served: PreviewSite | null = null;

/**
 * The preview of the reference catalogue with its 102 originals (so that it serves /media/), in
 * `<work>/preview/site/content`, started on first use; secrets beside the content folder, in its
 * parent, inside it where the build does not look, and in the preview's temporary folder beside
 * the build it serves.
 */
async function previewSite(): Promise<PreviewSite> {
  if (served) return served;
  const parent = path.join(work, "preview");
  const site = path.join(parent, "site");
  mkdirSync(site, { recursive: true });
  const content = copyContent(path.join(REFERENCE_IMAGES, "content"), site);
  const tmp = path.join(site, "tmp");
  mkdirSync(tmp);
  const secretFiles = [path.join(parent, "secret.txt"), path.join(site, "secret.txt"), path.join(tmp, "secret.txt"), path.join(content, "images", "unlisted-secret.txt")];
  for (const f of secretFiles) writeFileSync(f, `${SECRET}\n`);
  const started = await startPreviewProcess(["--content", "content", "--now", REFERENCE_NOW], { cwd: site, env: { TMPDIR: tmp } }, { addressMs: 60_000, answerMs: 60_000 });
  const [folder] = readdirSync(tmp).filter((n) => n.startsWith("build-catalogue-preview-"));
  // Beside the build the preview serves: one `..` away from its files.
  const beside = path.join(tmp, folder!, "secret.txt");
  writeFileSync(beside, `${SECRET}\n`);
  secretFiles.push(beside);
  const dist = path.join(tmp, folder!, "dist");
  const published = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else published.add(sha256(readFileSync(p)));
    }
  };
  walk(path.join(dist, "api"));
  walk(path.join(dist, "media"));
  const port = Number(new URL(started.base).port);
  served = { preview: started.preview, port, own: `127.0.0.1:${port}`, dist, published, secretFiles };
  return served;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

interface RawAnswer {
  status: number;
  body: Buffer;
  /** The whole answer as received, as text. */
  text: string;
}

/** Sends a GET of `target` as it is, over its own connection, and reads the answer until the server closes it. */
function rawGet(port: number, own: string, target: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, "latin1"));
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(target)}`)));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf("\r\n\r\n");
      const statusLine = all.subarray(0, all.indexOf("\r\n")).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4), text: all.toString("latin1") });
    });
  });
}

/** Runs `task` on every item, `width` at a time. */
async function eachAtOnce<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

describe("path traversal against the preview", () => {
  // Ways of writing `../`: plain, percent-encoded in part or whole, double-encoded, with a
  // backslash, overlong UTF-8 (the dot as 2 and 3 bytes, the slash as 2), full-width dot and
  // slash, a NUL, and the shapes that defeat filters which strip `../` once or stop at `;`.
  const UPS = [
    "../", "%2e%2e/", "%2e%2e%2f", "%2E%2E%2F", "..%2f", ".%2e/", "%2e./", "%252e%252e%252f", "..%252f", "..%5c", "..\\", "%2e%2e%5c",
    "%c0%ae%c0%ae/", "%c0%ae%c0%ae%c0%af", "..%c0%af", "%e0%80%ae%e0%80%ae/", "%ef%bc%8e%ef%bc%8e%ef%bc%8f", "....//", "..;/", "..%00/", ".%00./",
  ];
  // Where a request starts: the media the preview serves from disk, the API's routes, the query
  // index's folder (never served), the root.
  const PREFIXES = ["/media/", "/media/images/", "/media/original_images/", "/api/v2/", "/api/v2/pages/", "/api/v2/event_pages/", "/api/v2/images/", "/_query/", "/"];

  function targets(): string[] {
    const out = new Set<string>();
    for (const up of UPS) {
      // From the media folder every depth, from dist/ to the folder above the site: each secret in turn.
      for (let depth = 1; depth <= 6; depth++) out.add(`/media/${up.repeat(depth)}secret.txt`);
      for (const prefix of PREFIXES) {
        out.add(`${prefix}${up.repeat(12)}etc/passwd`);
        out.add(`${prefix}${up.repeat(4)}content/images/unlisted-secret.txt`);
        out.add(`${prefix}${up}_query/index.json`);
      }
    }
    for (const prefix of PREFIXES) {
      out.add(`${prefix}/etc/passwd`);
      out.add(`${prefix}%2fetc%2fpasswd`);
      out.add(`${prefix}./././secret.txt`);
      out.add(`${prefix}%00`);
      out.add(`${prefix}..`);
      out.add(`${prefix}%2e%2e`);
      out.add(`${prefix}file:///etc/passwd`);
    }
    // The query index and the build's own files, through the media prefix and its siblings.
    for (const t of ["/media/../_query/index.json", "/media/%2e%2e/_query/images.json", "/media/..%2f_query%2findex.json", "/media/..%2f.build-catalogue.json", "/media/..%2fserve.json", "/media/images/..%2f..%2f404.html", "/_query/index.json", "/.build-catalogue.json", "/serve.json"]) out.add(t);
    // Absolute paths.
    for (const t of ["//etc/passwd", "/%2fetc/passwd", "/media//etc/passwd", "/media/%2f%2fetc%2fpasswd", "/media/images/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt"]) out.add(t);
    return [...out];
  }

  // Dot segments that a URL parser resolves inside what the build publishes: served as the file they land on.
  const INSIDE: Record<string, string> = {
    "/media/images/../original_images/hamlet-2026.jpg": "media/original_images/hamlet-2026.jpg",
    "/media/images/%2e%2e/original_images/hamlet-2026.jpg": "media/original_images/hamlet-2026.jpg",
    "/media/./original_images/hamlet-2026.jpg": "media/original_images/hamlet-2026.jpg",
    "/api/v2/pages/./": "api/v2/pages/index.json",
    "/api/v2/images/../event_pages/": "api/v2/event_pages/index.json",
    "/api/v2/event_pages/%2e/178/": "api/v2/pages/178/index.json",
  };

  it("answers no byte the build does not publish, whatever the encoding of `..`: a 404 (or the API's 301 to a slash), never a 500", async () => {
    const site = await previewSite();
    // An absolute-form target (a proxy's) too, whose path a URL parser resolves first.
    const absolute = [`http://${site.own}/media/../../../secret.txt`, `http://${site.own}/media/..%2f..%2f..%2fsecret.txt`, `http://${site.own}/media/%2e%2e/%2e%2e/%2e%2e/secret.txt`];
    const all = [...targets(), ...absolute, ...Object.keys(INSIDE)];
    expect(all.length).toBeGreaterThan(700);
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    await eachAtOnce(all, 8, async (target) => {
      const a = await rawGet(site.port, site.own, target);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const inside = INSIDE[target];
      if (inside !== undefined) {
        if (a.status !== 200 || !a.body.equals(readFileSync(path.join(site.dist, inside)))) problems.push(`${target}: ${a.status}, not ${inside}`);
      } else if (a.status !== 404 && a.status !== 301) problems.push(`${target}: ${a.status}`);
      if (a.text.includes(SECRET) || a.text.includes("root:x:0:0")) problems.push(`${target}: a secret in the answer`);
      if (/\n\s+at .*(\.js|\.ts|node:)/.test(a.text) || a.text.includes(work)) problems.push(`${target}: the preview's insides in the answer`);
      // Whatever its status, an answer's body is empty, a JSON message, or a file the build publishes.
      if (a.status === 200 && !site.published.has(sha256(a.body))) problems.push(`${target}: 200 with a body that is no published file`);
    });
    expect(problems).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 301, 404]);
    // Every secret is still where it was, and the preview still answers.
    for (const f of site.secretFiles) expect(readFileSync(f, "utf8")).toBe(`${SECRET}\n`);
    const list = await rawGet(site.port, site.own, "/api/v2/event_pages/");
    expect([list.status, (JSON.parse(list.body.toString("utf8")) as { meta: { total_count: number } }).meta.total_count]).toEqual([200, 90]);
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzzed queries


/** Wagtail's query parameters with random values, some hostile, on every route of the API. */
function queryFuzzer(seed: number) {
  const random = seeded(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => random() < p;

  const NUMBERS = ["0", "1", "2", "5", "19", "20", "21", "100", "-1", "-20", "1e3", "0x10", "007", "+5", " 5", "5 ", "1_000", "\u0663", "\uff13", "1.5", "NaN", "Infinity", "-0", "", "9007199254740993", `1${"0".repeat(400)}`, "٣٣", "2147483648"];
  const PAGE_IDS = ["2", "3", "100", "101", "150", "178", "196", "1", "4", "99999", "0", "root", "abc", "-3", " 3", "3.0"];
  const IMAGE_IDS = ["301", "305", "318", "402", "1", "99999", "0", "-1", "abc"];
  const WORDS = ["hamlet", "Swan Lake", "lake", "la bohème", "BOHèME", "café müller", "muller", "a", "the", "of", "*", "%", "'", '"', "\\", "<script>alert(1)</script>", "🎭", "\u0000", "\uffff", "\u202e", "swan-lake", "OR", "AND", "NOT", "x".repeat(3000), "  ", "\t"];
  const BOOLEANS = ["true", "false", "1", "0", "True", "FALSE", "yes", "", "null", "2"];
  const DATES = ["2025-07-18T10:18:37.142148+10:00", "2025-07-18", "2025-07-18 10:18", "2025-02-30T00:00", "0000-01-01", "0001-01-01T00:00", "9999-12-31T23:59:59", "10000-01-01", "2025-07-18T10:18:37Z", "2025-13-01", "garbage", "2025-07-18T25:00", "2025-07-18T10:18:37+99:00"];
  const FIELDS = [
    "title", "slug", "id", "type", "detail_url", "html_url", "show_in_menus", "seo_title", "search_description", "first_published_at", "alias_of", "locale", "parent",
    "on_sale", "genre", "venue", "program", "thumbnail", "performances", "date_range", "in_past", "description", "related_events", "hero_image", "faqs", "event",
    "width", "height", "tags", "download_url", "bogus", "__proto__", "constructor", "toString", "hasOwnProperty", "",
  ];
  const TYPES = ["events.EventPage", "events.eventpage", "wagtailcore.Page", "wagtailcore.page", "events.AllEventsPage", "wagtailcore.Locale", "wagtailimages.Image", "events", "a.b.c", ".", "", "events.EventPage,wagtailcore.Page", "events.EventPage,,", "__proto__.constructor"];
  const FILTERS = ["id", "title", "slug", "show_in_menus", "seo_title", "search_description", "first_published_at", "alias_of", "locale", "on_sale", "is_education_event", "custom_label", "ticket_button_text", "width", "height", "tags", "genre", "venue", "date_range"];
  const UNKNOWN = ["foo", "__proto__", "constructor", "hasOwnProperty", "limit[]", "LIMIT", "Fields", "fields\u0000", "é", "a b", "=", "&", "?"];

  function fieldsValue(depth = 0): string {
    const items = Array.from({ length: 1 + int(4) }, () => {
      const roll = random();
      if (roll < 0.1) return "*";
      if (roll < 0.2) return "_";
      if (roll < 0.35) return `-${pick(FIELDS)}`;
      if (roll < 0.5 && depth < 3) return `${pick(FIELDS)}(${fieldsValue(depth + 1)})`;
      return pick(FIELDS);
    });
    let text = items.join(",");
    // Brackets out of balance, empty items, space.
    if (chance(0.05)) text += pick(["(", ")", ",", ",,", "(()", " ", "()"]);
    return text;
  }

  function orderValue(): string {
    if (chance(0.15)) return pick(["random", "-random", "random,title", "", ",", "-", "--title", "title,-"]);
    return Array.from({ length: 1 + int(3) }, () => `${chance(0.4) ? "-" : ""}${pick(FIELDS)}`).join(",");
  }

  function value(name: string, route: string): string {
    switch (name) {
      case "limit":
      case "offset":
        return pick(NUMBERS);
      case "fields":
        return fieldsValue();
      case "order":
        return orderValue();
      case "search":
        return Array.from({ length: 1 + int(3) }, () => pick(WORDS)).join(pick([" ", "  ", "+", ","]));
      case "search_operator":
        return pick(["and", "or", "AND", "Or", "xor", "", "and or"]);
      case "type":
        return pick(TYPES);
      case "child_of":
      case "descendant_of":
      case "ancestor_of":
      case "translation_of":
        return pick(PAGE_IDS);
      case "locale":
        return pick(["en", "fr", "EN", "", "en-us"]);
      case "site":
        return pick(["api.harbourrange.example", "www.harbourrange.example", "127.0.0.1", "localhost", "evil.example", "", "api.harbourrange.example:443"]);
      case "html_path":
        return pick(["/", "/whats-on/", "/whats-on/summer-festival-opening-night/", "whats-on", "../", "//", "/whats-on/../", "/%2e%2e/", "/whats-on/nope/", ""]);
      case "id":
        return route.includes("images") ? pick(IMAGE_IDS) : pick(PAGE_IDS);
      case "format":
        return pick(["json", "api", "xml", "", "JSON"]);
      case "first_published_at":
        return pick(DATES);
      case "show_in_menus":
      case "on_sale":
      case "is_education_event":
        return pick(BOOLEANS);
      case "width":
      case "height":
      case "alias_of":
        return pick(NUMBERS);
      default:
        return chance(0.5) ? pick(WORDS) : pick(NUMBERS);
    }
  }

  const PARAMETERS = ["limit", "offset", "fields", "order", "search", "search_operator", "type", "child_of", "descendant_of", "ancestor_of", "translation_of", "locale", "site", "format", "_"];

  function pathOf(): string {
    const collection = pick(["/api/v2/pages/", "/api/v2/event_pages/", "/api/v2/images/"]);
    const roll = random();
    if (roll < 0.45) return collection;
    if (roll < 0.75) return `${collection}${encodeURIComponent(collection.includes("images") ? pick(IMAGE_IDS) : pick(PAGE_IDS))}/`;
    if (roll < 0.85) return `${collection}find/`;
    if (roll < 0.92) return collection.slice(0, -1); // no trailing slash: a 301
    return `${collection}${pick(["00178", "178abc", "1e2", "%31%37%38", "%00", "..", "find", "find/x", "178/x"])}/`;
  }

  /** Percent-encodes as a browser would, or not at all where the path allows, or twice. */
  function encode(text: string): string {
    const roll = random();
    if (roll < 0.08 && /^[\x21-\x7e]*$/.test(text) && !/[#&]/.test(text)) return text; // raw: a lone `%` stays malformed
    if (roll < 0.12) return encodeURIComponent(encodeURIComponent(text));
    const encoded = encodeURIComponent(text);
    return chance(0.3) ? encoded.replace(/%20/g, "+") : encoded;
  }

  return function next(): string {
    const route = pathOf();
    const parts: string[] = [];
    for (let n = int(6); n > 0; n--) {
      const roll = random();
      const name = roll < 0.6 ? pick(PARAMETERS) : roll < 0.85 ? pick(FILTERS) : roll < 0.9 ? "html_path" : roll < 0.95 ? "id" : pick(UNKNOWN);
      const v = value(name, route);
      const shape = random();
      if (shape < 0.03) parts.push(encode(name)); // a name without `=`
      else if (shape < 0.05) parts.push(`=${encode(v)}`);
      else parts.push(`${encode(name)}=${encode(v)}`);
      // The same parameter again with another value: the last one counts.
      if (chance(0.08)) parts.push(`${encode(name)}=${encode(value(name, route))}`);
    }
    // Bytes that are not UTF-8 once decoded: a lone surrogate's encoding, an overlong dot, a stray continuation byte.
    if (chance(0.05)) parts.push(`${pick(["search", "title", "fields", "slug", "foo"])}=${pick(["%ED%A0%80", "%C0%AE", "%80", "%FF%FE", "%E2%82"])}`);
    if (chance(0.03)) parts.push(pick(["", "&", "&&", "%", "%zz", "a=%", "=", "?"]));
    const query = parts.join("&");
    return query || chance(0.5) ? `${route}?${query}` : route;
  };
}

describe("fuzzed queries against the preview", () => {
  const SEED = 20260501;
  const REQUESTS = 6000;

  interface Answer {
    status: number;
    type: string;
    location: string | undefined;
    body: string;
  }

  it(`answers ${REQUESTS} random Wagtail queries (seed ${SEED}) with a status a client expects and a body it can read, never a 500`, async () => {
    const site = await previewSite();
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const get = (target: string, accept: string) =>
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: site.port, path: target, agent, headers: { Host: site.own, Accept: accept } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), location: res.headers.location, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        });
        req.setTimeout(20_000, () => req.destroy(new Error(`no answer to ${target}`)));
        req.on("error", reject);
        req.end();
      });

    const next = queryFuzzer(SEED);
    const random = seeded(SEED ^ 0x5bd1e995);
    const requests = Array.from({ length: REQUESTS }, () => ({ target: next(), accept: random() < 0.1 ? "text/html,application/xhtml+xml" : "application/json" }));
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    const started = Date.now();
    try {
      await eachAtOnce(requests, 8, async ({ target, accept }) => {
        const a = await get(target, accept);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        const problem = (what: string) => problems.push(`GET ${target} (Accept: ${accept}): ${what}`);
        if (![200, 301, 302, 400, 404].includes(a.status)) return void problem(`${a.status} ${a.body.slice(0, 300)}`);
        if (a.status === 301 || a.status === 302) {
          if (!a.location) problem(`${a.status} without a Location`);
          return;
        }
        if (a.type === "application/json") {
          let value: unknown;
          try {
            value = JSON.parse(a.body);
          } catch {
            return void problem(`JSON that does not parse: ${a.body.slice(0, 200)}`);
          }
          if (a.status !== 200 && typeof (value as { message?: unknown }).message !== "string") problem(`a ${a.status} without a message`);
          const list = value as { meta?: { total_count?: unknown }; items?: unknown[] };
          if (a.status === 200 && list.items && !(Number.isInteger(list.meta?.total_count) && list.items.length <= (list.meta!.total_count as number))) problem("a list whose items and total_count disagree");
        } else if (a.type.startsWith("text/html")) {
          if (!/^<!DOCTYPE html>/i.test(a.body.trimStart())) problem(`HTML that is not the browsable page: ${a.body.slice(0, 200)}`);
        } else if (!(a.status === 400 && a.type === "" && a.body === "")) {
          // (Node's own bodiless 400 is for a target its parser refuses.)
          problem(`content type ${a.type}`);
        }
        if (/\n\s+at .*(\.js|\.ts|node:)/.test(a.body)) problem("a stack trace in the answer");
      });
    } finally {
      agent.destroy();
    }
    const seconds = (Date.now() - started) / 1000;
    expect(problems.slice(0, 20)).toEqual([]);
    // The fuzzer reaches every kind of answer, and far more than the happy path.
    for (const status of [200, 301, 302, 400, 404]) expect(statuses.get(status) ?? 0, `status ${status} in ${JSON.stringify([...statuses])}`).toBeGreaterThan(10);
    expect(site.preview.output()).not.toContain("failed to answer");
    const after = await rawGet(site.port, site.own, "/api/v2/pages/?limit=1");
    expect([after.status, (JSON.parse(after.body.toString("utf8")) as { meta: { total_count: number } }).meta.total_count]).toEqual([200, 92]);
    // Quick: a slow answer to a query is a way to hold the preview too.
    expect(seconds).toBeLessThan(60);
  });
});

// ---------------------------------------------------------------------------------------------
// YAML alias bombs

describe("YAML alias bombs", () => {
  /** Nine levels of nine aliases each: 9^9, about 387 million strings, were every alias expanded. */
  const flowLaughs = () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(", ")}]`);
    return `${lines.join("\n")}\n`;
  };
  /** The same in block style, ten levels of ten, starting from a page's own title. */
  const blockLaughs = () => {
    const lines = ["title: &t lol"];
    let previous = "t";
    for (let level = 0; level < 10; level++) {
      lines.push(`l${level}: &l${level}`);
      for (let i = 0; i < 10; i++) lines.push(`  - *${previous}`);
      previous = `l${level}`;
    }
    return `${lines.join("\n")}\n`;
  };

  it("refuses an event page and a settings file of nested aliases, each naming its file, at once; dist/ as it was", () => {
    const root = path.join(work, "yaml");
    const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), root);
    const first = runCli(BUILD, { cwd: root });
    expect(first.code, first.output).toBe(0);
    const before = snapshotTree(path.join(root, "dist"));
    writeFileSync(path.join(content, "events", "laughs.yaml"), flowLaughs());
    writeFileSync(path.join(content, "events", "block-laughs.yaml"), blockLaughs());
    // A settings file too: venues.yaml in place of venues.json.
    rmSync(path.join(content, "venues.json"));
    writeFileSync(path.join(content, "venues.yaml"), flowLaughs());
    const started = Date.now();
    const run = runCli(BUILD, { cwd: root, timeout: 30_000 });
    const milliseconds = Date.now() - started;
    expect(run.code, run.output).toBe(1);
    const BOMB = "cannot be read as YAML: Excessive alias count indicates a resource exhaustion attack";
    for (const file of ["content/events/laughs.yaml", "content/events/block-laughs.yaml", "content/venues.yaml"]) {
      expect(run.stderr.split("\n").some((l) => new RegExp(`^${escape(file)}(:\\d+:\\d+)?: `).test(l) && l.includes(BOMB)), `no refusal of ${file} in:\n${run.output}`).toBe(true);
    }
    expectNoInternals(run.output);
    expect(milliseconds).toBeLessThan(15_000);
    expect(snapshotTree(path.join(root, "dist"))).toEqual(before);
  });
});
