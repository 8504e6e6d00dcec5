// The media stage's entry: every image's fill-550x375 rendition, from the cache or made, written into a folder.
import { copyFile, link, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readRegularFile, RefusedFile } from "../io/regular-file.js";
import { error, sortDiagnostics, warning, type Diagnostic } from "../model/diagnostics.js";
import { eachParallel, oneAtATime } from "./each-parallel.js";
import { fill, THUMBNAIL_FILL, type FillResult } from "./fill.js";
import { formatExtension, renditionFormat, type RenditionFormat } from "./formats.js";
import { DEFAULT_MAX_ORIGINAL_BYTES, hashBytes, originalTooLarge, readOriginal, type MediaImage, type Original, type OriginalRead } from "./originals.js";
import { unreadableOriginal, type OriginalFile } from "./read-originals.js";
import { firstLine } from "./probe.js";
import { renderRendition } from "./render.js";
import { cacheKey, RenditionCache } from "./rendition-cache.js";
import { renditionFileName, renditionKey, THUMBNAIL_FILTER } from "./rendition-name.js";

export interface MakeRenditionsOptions {
  /** The content folder on disk; the originals are in its `images/`. */
  contentDir: string;
  /** The content folder as the user named it, for diagnostics (default: contentDir). */
  contentArg?: string;
  /** Where renditions are kept across builds (created when missing). */
  cacheDir: string;
  /** Where the renditions are written, each under its Wagtail name (created when missing); null: none is made (a check). */
  outDir: string | null;
  /** The originals already read (steps/check-images.ts), by file name: none is read again. */
  originals?: ReadonlyMap<string, OriginalFile>;
  /** The largest original read, in bytes (default: Wagtail's limit on uploads, DEFAULT_MAX_ORIGINAL_BYTES). */
  maxOriginalBytes?: number;
  onProgress?: (line: string) => void;
  /**
   * Renditions made at once (default: one per core). sharp runs each on a thread of libuv's pool
   * (4 threads unless UV_THREADPOOL_SIZE says otherwise), with one libvips thread each on glibc.
   */
  parallel?: number;
}

export interface Rendition {
  id: number;
  /** The rendition's file name in outDir. */
  name: string;
  width: number;
  height: number;
  format: RenditionFormat;
  original: Original;
  fill: FillResult;
  /** Copied from the cache rather than made. */
  reused: boolean;
}

export interface MakeRenditionsResult {
  /** Renditions made by this run. */
  written: number;
  /** Renditions copied from the cache. */
  reused: number;
  /** Every image with a readable original, by id. */
  renditions: Map<number, Rendition>;
  /** Images with no file in content/images/. */
  withoutOriginal: MediaImage[];
  diagnostics: Diagnostic[];
}

/** An image's original as read before: an unreadable one is the error readOriginal gives. */
function readFrom(originals: ReadonlyMap<string, OriginalFile>, image: MediaImage): OriginalRead {
  const file = originals.get(image.file) ?? { kind: "missing" };
  if (file.kind !== "unreadable") return file.kind === "found" ? { kind: "found", original: file.original, bytes: null } : file;
  return { kind: "unreadable", diagnostic: unreadableOriginal(file, image.id) };
}

/**
 * Originals of more pixels than this are decoded one at a time: decoding one of the most an original
 * may have (probe.ts MAX_PIXELS) takes gigabytes (docs/benchmark.md), and one a core at once would
 * multiply that.
 */
const LARGE_DECODE_PIXELS = 32_000_000;

const describe = (image: MediaImage) => `image ${image.id}${image.title ? ` ("${image.title}")` : ""}`;

/** An image whose rendition is to be made: its original probed, its crop and its file name known. */
interface Planned {
  image: MediaImage;
  original: Original;
  fill: FillResult;
  format: RenditionFormat;
  name: string;
}

/**
 * Makes the `fill-550x375` rendition of each image whose original is in `<contentDir>/images/`,
 * as Wagtail 5.2 makes it, reusing the cache's copy when the original's bytes, the focal point,
 * the filter and the rendering rules are the same; writes each into `outDir` under its Wagtail
 * name. An unreadable original is an error; an original too small for 550x375 a warning.
 */
export async function makeRenditions(images: readonly MediaImage[], options: MakeRenditionsOptions): Promise<MakeRenditionsResult> {
  // One rendition a core keeps the cores busy while another waits on the disk (docs/benchmark.md).
  const parallel = options.parallel ?? os.availableParallelism();
  const maxBytes = options.maxOriginalBytes ?? DEFAULT_MAX_ORIGINAL_BYTES;
  // Read and probe every original first: names are known, and checked, before anything is written.
  const reads = await originalsOf(images, options, parallel, maxBytes);
  const { found, withoutOriginal, diagnostics } = planRenditions(images, reads);
  const { todo, sharing, byName } = oneNameEach(found, diagnostics);
  diagnostics.push(...tooSmall(todo));

  const renditions = new Map<number, Rendition>();
  const outDir = options.outDir;
  if (outDir === null) return { written: 0, reused: 0, renditions, withoutOriginal, diagnostics: sortDiagnostics(diagnostics) };
  const cache = new RenditionCache(options.cacheDir);
  await cache.open();
  await mkdir(outDir, { recursive: true });
  const run: RenditionRun = { outDir, cache, maxBytes, large: oneAtATime(), written: 0, reused: 0, diagnostics, onProgress: options.onProgress };
  await eachParallel(todo, parallel, async (f) => {
    const rendition = await writeRendition(f, run);
    if (rendition) renditions.set(f.image.id, rendition);
  });
  for (const f of sharing) {
    const made = renditions.get(byName.get(f.name)!.image.id);
    if (made) renditions.set(f.image.id, { ...made, id: f.image.id });
  }
  await cache.prune();
  if (todo.length > 0) options.onProgress?.(`Image renditions: ${run.written} made, ${run.reused} reused from the cache`);
  return { written: run.written, reused: run.reused, renditions, withoutOriginal, diagnostics: sortDiagnostics(diagnostics) };
}

/** Each image's original, as read before (options.originals) or read now, in the images' order. */
async function originalsOf(images: readonly MediaImage[], options: MakeRenditionsOptions, parallel: number, maxBytes: number): Promise<OriginalRead[]> {
  const reads = new Array<OriginalRead>(images.length);
  const given = options.originals;
  if (given) images.forEach((image, i) => (reads[i] = readFrom(given, image)));
  else {
    await eachParallel([...images.keys()], parallel, async (i) => {
      reads[i] = await readOriginal(images[i]!, options.contentDir, options.contentArg, maxBytes);
    });
  }
  return reads;
}

/** The images with a readable original of a format Wagtail renders, with their crop and rendition's name; the others sorted out. */
function planRenditions(images: readonly MediaImage[], reads: readonly OriginalRead[]): { found: Planned[]; withoutOriginal: MediaImage[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const withoutOriginal: MediaImage[] = [];
  const found: Planned[] = [];
  images.forEach((image, i) => {
    const read = reads[i]!;
    if (read.kind === "missing") return void withoutOriginal.push(image);
    if (read.kind === "unreadable") return void diagnostics.push(read.diagnostic);
    const { original } = read;
    const format = renditionFormat(original.probe.format);
    if (!format) {
      diagnostics.push(error(original.shown, [], `is a ${original.probe.format.toUpperCase()} image, of which Wagtail makes no rendition (the original of ${describe(image)}): save it as JPEG or PNG`));
      return;
    }
    const result = fill(original.probe.width, original.probe.height, image.focal_point, THUMBNAIL_FILL);
    const name = renditionFileName(image.file, renditionKey(image), { filter: THUMBNAIL_FILTER, format: original.probe.format });
    found.push({ image, original, fill: result, format, name });
  });
  return { found, withoutOriginal, diagnostics };
}

/**
 * One image a rendition's name: two images whose renditions would have one name are an error
 * (Wagtail's storage would have renamed one, at random), but the same original under two ids
 * shares its rendition (the name holds the focal point). `todo`: the renditions to make.
 */
function oneNameEach(found: readonly Planned[], diagnostics: Diagnostic[]): { todo: Planned[]; sharing: Planned[]; byName: Map<string, Planned> } {
  const byName = new Map<string, Planned>();
  const sharing: Planned[] = [];
  const todo = found.filter((f) => {
    const first = byName.get(f.name);
    if (!first) return byName.set(f.name, f), true;
    if (first.original.hash === f.original.hash) sharing.push(f);
    else diagnostics.push(error(f.original.shown, [], `${describe(f.image)} and image ${first.image.id} (${first.image.file}) would have the same rendition, ${f.name} (Wagtail cuts a rendition's name to 60 characters and names it after the format it writes); rename one of the two files so that the names differ sooner`));
    return false;
  });
  return { todo, sharing, byName };
}

/** A warning for each original smaller than 550x375: Wagtail never scales up. */
function tooSmall(todo: readonly Planned[]): Diagnostic[] {
  return todo.filter((f) => !f.fill.resized).map((f) => {
    const p = f.original.probe;
    return warning(f.original.shown, [], `${describe(f.image)} is ${p.width}x${p.height}, too small for a 550x375 thumbnail: Wagtail never scales up, so its rendition is ${f.fill.width}x${f.fill.height} though the API announces 550x375; use an original of at least 550x375 pixels`);
  });
}

/** What writing the renditions shares: where, the cache, the cap, the counts so far and the problems. */
interface RenditionRun {
  outDir: string;
  cache: RenditionCache;
  maxBytes: number;
  /** Runs the decodes of large originals one at a time. */
  large: ReturnType<typeof oneAtATime>;
  written: number;
  reused: number;
  diagnostics: Diagnostic[];
  onProgress: ((line: string) => void) | undefined;
}

/** Writes one image's rendition into outDir, from the cache or made (and cached); null when it could not be made (a diagnostic says why). */
async function writeRendition(f: Planned, run: RenditionRun): Promise<Rendition | null> {
  const extension = formatExtension(f.format);
  const key = cacheKey(f.original.hash, f.image.focal_point, THUMBNAIL_FILTER);
  const to = path.join(run.outDir, f.name);
  const cached = run.cache.lookup(key, extension);
  if (cached) {
    // A hard link where it can be (a cache entry is never changed in place: a new one is written aside and renamed), else a copy.
    await link(cached, to).catch(() => copyFile(cached, to));
    run.reused++;
  } else {
    const bytes = await renderFromOriginal(f, run);
    if (bytes === null) return null;
    await run.cache.store(key, extension, bytes);
    await writeFile(to, bytes);
    if (++run.written % 200 === 0) run.onProgress?.(`Made ${run.written} image renditions...`);
  }
  return { id: f.image.id, name: f.name, width: f.fill.width, height: f.fill.height, format: f.format, original: f.original, fill: f.fill, reused: cached !== null };
}

/** The rendition's bytes, made from its original read again; null when it cannot be read, has changed or is damaged (a diagnostic says which). */
async function renderFromOriginal(f: Planned, run: RenditionRun): Promise<Buffer | null> {
  // Read again rather than held since the probe: a thousand originals would not fit in memory.
  // As it was read then: not through a link, a regular file, at most the cap.
  let source: Buffer;
  try {
    source = (await readRegularFile(f.original.path, run.maxBytes, (size) => originalTooLarge(size, run.maxBytes))).bytes;
  } catch (e) {
    const reason = e instanceof RefusedFile ? e.message : `cannot be read (${(e as Error).message})`;
    run.diagnostics.push(error(f.original.shown, [], `${reason} (the original of ${describe(f.image)})`));
    return null;
  }
  if (hashBytes(source) !== f.original.hash) {
    run.diagnostics.push(error(f.original.shown, [], `changed while the build was reading it; build again once it is saved`));
    return null;
  }
  try {
    const render = () => renderRendition(source, { ...f.fill, format: f.format });
    return f.original.probe.width * f.original.probe.height > LARGE_DECODE_PIXELS ? await run.large(render) : await render();
  } catch (e) {
    // Its header was read; its pixels were not (a truncated or damaged file).
    run.diagnostics.push(error(f.original.shown, [], `is damaged: its pixels cannot be read (${firstLine(e)}); export the image again from its source`));
    return null;
  }
}
