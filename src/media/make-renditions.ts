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
 * may have (probe.ts MAX_PIXELS) can take a gigabyte, and one a core at once would multiply that.
 */
const LARGE_DECODE_PIXELS = 32_000_000;

const describe = (image: MediaImage) => `image ${image.id}${image.title ? ` ("${image.title}")` : ""}`;

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
  const diagnostics: Diagnostic[] = [];
  const withoutOriginal: MediaImage[] = [];
  const found: { image: MediaImage; original: Original; fill: FillResult; format: RenditionFormat; name: string }[] = [];

  // Read and probe every original first: names are known, and checked, before anything is written.
  const reads = new Array<OriginalRead>(images.length);
  const given = options.originals;
  if (given) images.forEach((image, i) => (reads[i] = readFrom(given, image)));
  else {
    await eachParallel([...images.keys()], parallel, async (i) => {
      reads[i] = await readOriginal(images[i]!, options.contentDir, options.contentArg, maxBytes);
    });
  }
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

  // Two images whose renditions would have one name: Wagtail's storage would have renamed one, at
  // random. The same original under two ids shares its rendition (the name holds the focal point).
  const byName = new Map<string, (typeof found)[number]>();
  const sharing: (typeof found)[number][] = [];
  const todo = found.filter((f) => {
    const first = byName.get(f.name);
    if (!first) return byName.set(f.name, f), true;
    if (first.original.hash === f.original.hash) sharing.push(f);
    else diagnostics.push(error(f.original.shown, [], `${describe(f.image)} and image ${first.image.id} (${first.image.file}) would have the same rendition, ${f.name} (Wagtail cuts a rendition's name to 60 characters and names it after the format it writes); rename one of the two files so that the names differ sooner`));
    return false;
  });

  for (const f of todo) {
    if (!f.fill.resized) {
      const p = f.original.probe;
      diagnostics.push(warning(f.original.shown, [], `${describe(f.image)} is ${p.width}x${p.height}, too small for a 550x375 thumbnail: Wagtail never scales up, so its rendition is ${f.fill.width}x${f.fill.height} though the API announces 550x375; use an original of at least 550x375 pixels`));
    }
  }

  const renditions = new Map<number, Rendition>();
  const outDir = options.outDir;
  if (outDir === null) return { written: 0, reused: 0, renditions, withoutOriginal, diagnostics: sortDiagnostics(diagnostics) };
  const cache = new RenditionCache(options.cacheDir);
  await cache.open();
  await mkdir(outDir, { recursive: true });
  let written = 0;
  let reused = 0;
  const large = oneAtATime();
  await eachParallel(todo, parallel, async (f) => {
    const extension = formatExtension(f.format);
    const key = cacheKey(f.original.hash, f.image.focal_point, THUMBNAIL_FILTER);
    const to = path.join(outDir, f.name);
    const cached = cache.lookup(key, extension);
    if (cached) {
      // A hard link where it can be (a cache entry is never changed in place: a new one is written aside and renamed), else a copy.
      await link(cached, to).catch(() => copyFile(cached, to));
      reused++;
    } else {
      // Read again rather than held since the probe: a thousand originals would not fit in memory.
      // As it was read then: not through a link, a regular file, at most the cap.
      let source: Buffer;
      try {
        source = (await readRegularFile(f.original.path, maxBytes, (size) => originalTooLarge(size, maxBytes))).bytes;
      } catch (e) {
        const reason = e instanceof RefusedFile ? e.message : `cannot be read (${(e as Error).message})`;
        diagnostics.push(error(f.original.shown, [], `${reason} (the original of ${describe(f.image)})`));
        return;
      }
      if (hashBytes(source) !== f.original.hash) {
        diagnostics.push(error(f.original.shown, [], `changed while the build was reading it; build again once it is saved`));
        return;
      }
      let bytes: Buffer;
      try {
        const render = () => renderRendition(source, { ...f.fill, format: f.format });
        bytes = f.original.probe.width * f.original.probe.height > LARGE_DECODE_PIXELS ? await large(render) : await render();
      } catch (e) {
        // Its header was read; its pixels were not (a truncated or damaged file).
        diagnostics.push(error(f.original.shown, [], `is damaged: its pixels cannot be read (${firstLine(e)}); export the image again from its source`));
        return;
      }
      await cache.store(key, extension, bytes);
      await writeFile(to, bytes);
      if (++written % 200 === 0) options.onProgress?.(`Made ${written} image renditions...`);
    }
    renditions.set(f.image.id, { id: f.image.id, name: f.name, width: f.fill.width, height: f.fill.height, format: f.format, original: f.original, fill: f.fill, reused: cached !== null });
  });
  for (const f of sharing) {
    const made = renditions.get(byName.get(f.name)!.image.id);
    if (made) renditions.set(f.image.id, { ...made, id: f.image.id });
  }
  await cache.prune();
  if (todo.length > 0) options.onProgress?.(`Image renditions: ${written} made, ${reused} reused from the cache`);
  return { written, reused, renditions, withoutOriginal, diagnostics: sortDiagnostics(diagnostics) };
}
