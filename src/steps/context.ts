// One build's context: the options resolved once (the tuning with them), the hosts, the content
// as loaded with the originals of its images, and what the build opens (the cache, the output
// transaction and the media folder's, the store of the pages' summaries). Every step of build.ts
// reads it; one abort undoes whatever was opened.
import path from "node:path";
import { BuildFailed } from "../errors.js";
import { plural } from "../model/diagnostics.js";
import { nameHash, PageCache } from "../cache/page-cache.js";
import { SummaryStore } from "../cache/summary-store.js";
import { parseHosts, type Host } from "../host/host.js";
import { displayPath, isDirectory, loadContent, sourcesOf, type Loaded } from "../load/load-content.js";
import { renditionFormat } from "../media/formats.js";
import { readOriginals, type OriginalsFolder } from "../media/read-originals.js";
import { checkOutputFolder } from "../output/output-marker.js";
import { MEDIA_ROOT, OUTPUT_ROOT } from "../output/output-layout.js";
import { Staging } from "../output/staging.js";
import { resolveOptions, type BuildOptions, type ResolvedOptions } from "../options.js";

export interface BuildContext {
  options: ResolvedOptions;
  /** False for a check: nothing is written, and no cache is read or kept. */
  write: boolean;
  hosts: Host[];
  content: Loaded;
  /** The originals in content/images/ of the files images.json names, read before any page (their formats decide the pages). */
  originals: OriginalsFolder;
  /** The build cache: what this build may reuse of the previous one's pages. */
  cache: PageCache | null;
  /** The output transaction: every file goes into its staging folder, and --out changes only at commit. */
  output: Staging | null;
  /** The media folder's transaction, when --media-out is outside --out (inside, its files are the output's). */
  media: Staging | null;
  summaries: SummaryStore;
  started: number;
}

/**
 * Resolves the options and hosts, refuses an output folder the build may not replace (before
 * anything is read), loads the content, and opens the cache and the output transaction.
 */
export async function openBuild(options: BuildOptions, write: boolean): Promise<BuildContext> {
  const started = performance.now();
  const hosts = parseHosts(options.hosts);
  const resolved = resolveOptions(options, write);
  // Refused now when the folders' tops show it; what lies deeper is found when the build commits.
  const outMarker = write ? checkOutputFolder(resolved.outDir, resolved.outArg, resolved.force, "--out", OUTPUT_ROOT) : null;
  const mediaMarker = write && resolved.mediaInOut === null ? checkOutputFolder(resolved.mediaDir, resolved.mediaArg, resolved.force, "--media-out", MEDIA_ROOT) : null;
  const content = await loadContent(resolved.contentDir, resolved.contentArg, false);
  // A content folder refused (a link) or missing is not looked into: nothing where a link leads is read.
  const originals = content.contentFolderRead
    ? await readOriginals(imageFilesOf(content), {
        contentDir: resolved.contentDir,
        contentArg: resolved.contentArg,
        memoFile: write && resolved.cache ? path.join(resolved.cacheDir, `originals-${nameHash(resolved.contentDir)}.json`) : null,
        maxBytes: resolved.maxOriginalBytes,
      })
    : { exists: false, files: new Map(), read: 0, unnamed: [] };
  if (originals.read > 0) resolved.onProgress(`Read ${plural(originals.read, "image original")} from ${resolved.contentArg}/images/`);
  // Without the folder there is nothing to count: "Read 0 event files" would contradict the error.
  if (content.eventsFolderRead) resolved.onProgress(`Read ${plural(content.eventFiles.length, "event file")} from ${resolved.contentArg}/`);
  const summaries = new SummaryStore(write && content.eventFiles.length >= resolved.tuning.summariesOnDiskFrom);
  const ctx: BuildContext = { options: resolved, write, hosts, content, originals, cache: null, output: null, media: null, summaries, started };
  if (!write) return ctx;
  try {
    ctx.cache = resolved.cache ? PageCache.open(resolved.cwd, resolved.cacheName, resolved.outDir, cacheKey(ctx)) : null;
    // With pages to reuse, --out is updated in place (see output/update-in-place.ts).
    const inPlace = ctx.cache !== null && ctx.cache.size > 0 && (await isDirectory(resolved.outDir));
    const force = resolved.force;
    ctx.output = await Staging.open({ dir: resolved.outDir, arg: resolved.outArg, what: "--out", place: OUTPUT_ROOT, force, marker: outMarker! }, inPlace);
    // The renditions are copies of the cache's: the media folder is written whole each time.
    if (mediaMarker) ctx.media = await Staging.open({ dir: resolved.mediaDir, arg: resolved.mediaArg, what: "--media-out", place: MEDIA_ROOT, force, marker: mediaMarker }, false);
  } catch (e) {
    await abortBuild(ctx);
    throw writeFailure(ctx, e);
  }
  return ctx;
}

/** What a failure to write says: the I/O error, and what became of --out. */
export function writeFailure(ctx: BuildContext, e: unknown): BuildFailed {
  const err = e as NodeJS.ErrnoException;
  const why = `${err.code ? `${err.code} ` : ""}${err.message}`;
  const out = ctx.options.outArg;
  // Updating in place, files may already be new: the cache still describes the old ones, so the next build writes them again.
  return new BuildFailed(
    ctx.output?.committing && ctx.output.inPlace
      ? `could not update ${out}/ in place: ${why}; some of its files may be new and some old. Fix the cause and build again: the next build writes again whatever it does not find as it left it.`
      : `could not write ${out}/: ${why}; ${out}/ was left as it was. Check that its parent folder is writable and has space.`,
  );
}

/**
 * What decides every page's files besides the page's own source and now (see cache/page-cache.ts):
 * the hosts, the settings files (the build loads no event file before its pages are built), a
 * base URL given in the options, which replaces the settings' in every page, and the format of
 * each original (a thumbnail's URL names its rendition's format). An original's other bytes decide
 * only its rendition (the rendition cache's key) and its size (the images endpoint, written anew
 * by every build), never a page.
 */
function cacheKey(ctx: BuildContext): unknown[] {
  const formats = [...ctx.originals.files].flatMap(([file, f]) => (f.kind === "found" ? [[file, renditionFormat(f.original.probe.format)]] : []));
  return [ctx.hosts.map((h) => h.name).sort(), [...sourcesOf(ctx.content.value).values()].map((s) => [s.file, s.text]), ctx.options.baseUrl, formats.sort()];
}

/** images.json as problems name it (its path as given, or where it would be). */
export const imagesFileOf = (ctx: BuildContext): string => ctx.content.value.images?.file ?? displayPath(ctx.options.contentArg, "images.json");

/** The file names images.json gives, before it is checked (a name that is no plain file name is never found in the folder). */
function imageFilesOf(content: Loaded): string[] {
  const data = content.value.images?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => (item && typeof item === "object" && typeof (item as { file?: unknown }).file === "string" ? [(item as { file: string }).file] : []));
}

/** The build failed or was refused: --out, and the cache that describes it, stay as they were. */
export async function abortBuild(ctx: BuildContext): Promise<void> {
  await ctx.output?.abort();
  await ctx.media?.abort();
  ctx.cache?.discard();
}

/** The cache's name for the output's marker, noted as it stands (a rebuild in place keeps it while the files are the same). */
const MARKER_GROUP = "marker";

/**
 * The build succeeded: its output replaces --out (or updates it in place), and its cache the
 * previous one; but first both folders are found to hold nothing no build wrote (or --force), so
 * that a refusal leaves both as they were.
 */
export async function commitBuild(ctx: BuildContext): Promise<void> {
  const { output, media, cache } = ctx;
  output?.prepare(cache?.previousBuild, cache?.previousGroup(MARKER_GROUP)?.files[0]);
  media?.prepare();
  await output?.commit();
  if (output?.marker) cache?.noteGroup(MARKER_GROUP, { fingerprint: "", files: [output.marker] });
  await media?.commit();
  cache?.commit();
}

/** Whatever way the build ended: temporary files go. */
export function closeBuild(ctx: BuildContext): void {
  ctx.summaries.close();
}
