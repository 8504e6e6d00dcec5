// Defaults and checks of the build options; a wrong option is a UsageError (exit 2).
import path from "node:path";
import { httpUrl } from "./content/common.js";
import { UsageError } from "./errors.js";
import { linkTarget, realPathOf } from "./io/real-path.js";
import { DEFAULT_MAX_ORIGINAL_BYTES } from "./media/originals.js";
import { instantFromDate, type Instant } from "./runtime/time/instant.js";
import { parseTimestamp, type ParsedTimestamp } from "./runtime/time/parse-timestamp.js";
import { resolveTimestamp } from "./runtime/time/time-zone.js";

export interface BuildOptions {
  /** The content folder; default `content`. */
  content?: string;
  /** The output folder; default `dist`. */
  out?: string;
  /**
   * The folder `{cdn_url}/media/` serves: the renditions (`images/`) and the originals
   * (`original_images/`). Default `media/` inside --out; outside it, a folder of the build's own too.
   */
  mediaOut?: string;
  /** The build's "now": a Date, or ISO 8601 text (without an offset: the catalogue's zone). Default: the current time. */
  now?: string | Date;
  /** Folder relative paths are read from; default the process's. */
  cwd?: string;
  /** Hosts to write rule files for (names, or comma lists); default `serve`. */
  hosts?: readonly string[];
  /** Any warning fails the build (nothing is written), as an error would. */
  strict?: boolean;
  /** Replace --out even when it holds files no build wrote (by default such a folder is refused: see output/output-marker.ts). */
  force?: boolean;
  /** Reuse unchanged pages through the cache under node_modules/.cache/build-catalogue/ (default true). */
  cache?: boolean;
  /**
   * The API's absolute URL, in place of catalogue.json's `base_url`: every `detail_url`, the
   * `find/` redirects and the OpenAPI document's server use it (the preview's own origin).
   */
  baseUrl?: string;
  /** Names the cache file instead of the output folder (the preview builds into a new temporary folder each run). */
  cacheName?: string;
  /**
   * The largest image original the build reads, in bytes (`--max-original-size`, given in MiB);
   * a larger one is an error naming it. Default: Wagtail's limit on uploads, 10 MiB.
   */
  maxOriginalBytes?: number;
  /** Called with a line of progress for long builds. */
  onProgress?: (line: string) => void;
  /** The sizes at which the build changes how it works; default: tuningOf(process.env, process.execArgv). */
  tuning?: Tuning;
}

/**
 * The sizes at which the build changes how it works, and the Node options its threads start with,
 * read once (the environment names some sizes, for tests), and passed down as values: nothing
 * below options.ts reads the environment.
 */
export interface Tuning {
  /** Whether the build may start threads besides its own (`BUILD_CATALOGUE_THREADS=0`: none). */
  threads: boolean;
  /** From this many event pages to build, their files are written by a thread of their own (engine/write-thread.ts). */
  writeThreadFrom: number;
  /** From this many event pages, their summaries are kept on disk until the end of the build (cache/summary-store.ts). */
  summariesOnDiskFrom: number;
  /** A schema parsed this many times is compiled (`BUILD_CATALOGUE_COMPILE_AFTER`; validate/parse-sources.ts). */
  compileAfter: number;
  /** The options Node was started with (`process.execArgv`): a worker thread starts with them too (engine/workers.ts). */
  execArgv: readonly string[];
}

const count = (text: string | undefined, fallback: number) => (text !== undefined && /^[0-9]+$/.test(text) ? Number(text) : fallback);

/** The tuning of a build run in this environment, by a Node started with these options. */
export function tuningOf(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): Tuning {
  return {
    threads: env.BUILD_CATALOGUE_THREADS !== "0",
    writeThreadFrom: 2_000,
    summariesOnDiskFrom: count(env.BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM, 20_000),
    compileAfter: count(env.BUILD_CATALOGUE_COMPILE_AFTER, 50),
    execArgv,
  };
}

export interface ResolvedOptions {
  cwd: string;
  contentArg: string;
  contentDir: string;
  outArg: string;
  outDir: string;
  /** --media-out as given (default `<out>/media`), and on disk. */
  mediaArg: string;
  mediaDir: string;
  /** The media folder's path inside --out (`media`), with forward slashes; null when it is elsewhere. */
  mediaInOut: string | null;
  /** The build cache's folder (node_modules/.cache/build-catalogue/ of the current folder). */
  cacheDir: string;
  now: Date | ParsedTimestamp | null;
  /** `baseUrl` checked, without its trailing slash; null: catalogue.json's. */
  baseUrl: string | null;
  strict: boolean;
  force: boolean;
  /** Reuse unchanged pages (only a build that writes has a cache). */
  cache: boolean;
  /** What the cache file is named after: the output folder, or the caller's name for it. */
  cacheName: string;
  /** The largest original read, in bytes. */
  maxOriginalBytes: number;
  tuning: Tuning;
  onProgress: (line: string) => void;
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

export function parseNow(text: string): ParsedTimestamp {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text.trim());
  const parsed = parseTimestamp(dateOnly ? `${text.trim()}T00:00` : text);
  if (!parsed.ok) {
    throw new UsageError(`--now: ${parsed.reason.replace("local time", "in the catalogue's time zone")}`);
  }
  return parsed.value;
}

/** `--max-original-size`: a number of MiB (25, or 12.5), in bytes. */
export function parseMaxOriginalSize(text: string): number {
  const mebibytes = /^\s*[0-9]+(\.[0-9]+)?\s*$/.test(text) ? Number(text) : NaN;
  if (!(mebibytes > 0)) throw new UsageError(`--max-original-size: "${text}" is not a size in MiB; give a number such as 25 (the default is ${DEFAULT_MAX_ORIGINAL_BYTES / 1024 / 1024})`);
  return Math.round(mebibytes * 1024 * 1024);
}

/** `--base-url`: an absolute http(s) URL, as catalogue.json's `base_url` must be; its trailing slash dropped. */
export function parseBaseUrl(text: string): string {
  const parsed = httpUrl.safeParse(text);
  if (!parsed.success) throw new UsageError(`--base-url: "${text}" ${parsed.error.issues[0]?.message ?? "is not a URL"}`);
  return parsed.data;
}

export function resolveOptions(options: BuildOptions, needsOut: boolean): ResolvedOptions {
  const cwd = options.cwd ?? process.cwd();
  const contentArg = options.content ?? "content";
  const outArg = options.out ?? "dist";
  if (!contentArg.trim()) throw new UsageError("--content: give the folder that holds catalogue.json");
  if (!outArg.trim()) throw new UsageError("--out: give the folder to write the API into");
  const contentDir = path.resolve(cwd, contentArg);
  const outDir = path.resolve(cwd, outArg);
  // Where each folder is once links are followed: `--out ../site` through a link is still the site.
  const real = needsOut ? { content: realPathOf(contentDir), out: realPathOf(outDir), cwd: realPathOf(cwd) } : null;
  if (real) {
    refuseLink("--out", outArg, outDir);
    if (inside(outDir, contentDir) || inside(real.out, real.content)) {
      throw new UsageError(`--out ${outArg} is inside --content ${contentArg}${through(outDir, real.out)}: the build would write its output among your sources; choose a folder outside it, such as dist`);
    }
    const holdsContent = inside(contentDir, outDir) || inside(real.content, real.out);
    if (holdsContent || inside(cwd, outDir) || inside(real.cwd, real.out)) {
      throw new UsageError(
        `--out ${outArg}${through(outDir, real.out)} holds ${holdsContent ? `the content folder ${contentArg}` : "the current folder"}, and a build replaces its output folder whole (even with --force); choose a folder of its own, such as dist`,
      );
    }
  }
  const media = resolveMedia(options.mediaOut, cwd, contentDir, outArg, outDir, contentArg, real);
  let now: ResolvedOptions["now"] = null;
  if (options.now instanceof Date) {
    if (Number.isNaN(options.now.getTime())) throw new UsageError("--now: the date is invalid");
    now = options.now;
  } else if (typeof options.now === "string") now = parseNow(options.now);
  const baseUrl = options.baseUrl === undefined ? null : parseBaseUrl(options.baseUrl);
  const maxOriginalBytes = options.maxOriginalBytes ?? DEFAULT_MAX_ORIGINAL_BYTES;
  if (!(maxOriginalBytes > 0)) throw new UsageError(`--max-original-size: give a positive size (the default is ${DEFAULT_MAX_ORIGINAL_BYTES / 1024 / 1024} MiB)`);
  return {
    cwd, contentArg, contentDir, outArg, outDir, ...media, cacheDir: path.join(cwd, "node_modules", ".cache", "build-catalogue"), now, baseUrl,
    strict: options.strict === true, force: options.force === true, cache: needsOut && options.cache !== false, cacheName: options.cacheName ?? outDir, maxOriginalBytes,
    tuning: options.tuning ?? tuningOf(), onProgress: options.onProgress ?? (() => {}),
  };
}

/** What a build writes at the top of --out besides its media folder: a media folder there would be replaced. */
export const OUTPUT_NAMES = /^(api|_.*|\..*|serve\.json|404\.html|vercel\.json|nginx(-http)?\.conf|nginx-api\.js)$/;

/** ` (through links, /real/place)` when a folder is elsewhere than its path says. */
const through = (dir: string, real: string) => (real === dir ? "" : ` (through links, ${real})`);

/**
 * A folder the build replaces may not be a link: replacing it would replace the link, and the
 * folder it names would be left as it was, or removed through it; writing through it would make
 * the folder's own place another than --out's. The link's folder is named instead.
 */
function refuseLink(what: string, arg: string, dir: string): void {
  const target = linkTarget(dir);
  if (target === null) return;
  throw new UsageError(
    `${what} ${arg} is a symbolic link (to ${target}): a build replaces its folder whole, and does not do that through a link (it would replace the link, or delete what it names), even with --force. ` +
      `Point ${what} at the folder itself (${what} ${realPathOf(dir)}), or remove the link.`,
  );
}

function resolveMedia(mediaOut: string | undefined, cwd: string, contentDir: string, outArg: string, outDir: string, contentArg: string, real: { content: string; out: string; cwd: string } | null) {
  const mediaArg = mediaOut ?? path.join(outArg, "media");
  if (!mediaArg.trim()) throw new UsageError("--media-out: give the folder that {cdn_url}/media/ serves (default: media/ inside --out)");
  const mediaDir = path.resolve(cwd, mediaArg);
  // Inside --out as written: a folder of the output's staging, whatever stands there now.
  const mediaInOut = inside(mediaDir, outDir) ? path.relative(outDir, mediaDir).split(path.sep).join("/") : null;
  if (!real || mediaOut === undefined) return { mediaArg, mediaDir, mediaInOut };
  if (mediaInOut === "" || (mediaInOut !== null && OUTPUT_NAMES.test(mediaInOut.split("/")[0]!))) {
    throw new UsageError(`--media-out ${mediaArg} is where the build writes the API's own files in --out ${outArg}; choose a folder of its own, such as ${path.join(outArg, "media")} or a folder beside it`);
  }
  if (mediaInOut !== null) return { mediaArg, mediaDir, mediaInOut };
  // A folder of its own, replaced by a transaction of its own: compared where it is.
  refuseLink("--media-out", mediaArg, mediaDir);
  const media = realPathOf(mediaDir);
  const shown = `--media-out ${mediaArg}${through(mediaDir, media)}`;
  if (inside(mediaDir, contentDir) || inside(media, real.content)) {
    throw new UsageError(`${shown} is inside --content ${contentArg}, and a build replaces its media folder whole; choose a folder of its own, such as dist-media`);
  }
  if (inside(contentDir, mediaDir) || inside(cwd, mediaDir) || inside(real.content, media) || inside(real.cwd, media)) {
    throw new UsageError(
      `${shown} holds ${inside(contentDir, mediaDir) || inside(real.content, media) ? `the content folder ${contentArg}` : "the current folder"}, and a build replaces its media folder whole (even with --force); choose a folder of its own, such as dist-media`,
    );
  }
  if (inside(outDir, mediaDir) || inside(real.out, media)) throw new UsageError(`${shown} holds --out ${outArg}; choose a folder beside it, or inside it (such as ${path.join(outArg, "media")})`);
  if (inside(media, real.out)) {
    throw new UsageError(`${shown} is inside --out ${outArg}, reached through a link; name it as a folder of --out (such as ${path.join(outArg, "media")}), or choose a folder beside it`);
  }
  return { mediaArg, mediaDir, mediaInOut };
}

/** The build's instant; a time without an offset is read in the catalogue's zone. */
export function resolveNow(now: ResolvedOptions["now"], zone: string): Instant {
  if (now === null) return instantFromDate(new Date());
  if (now instanceof Date) return instantFromDate(now);
  const resolved = resolveTimestamp(now, zone);
  if (!resolved.ok) throw new UsageError(`--now: ${resolved.reason}`);
  return resolved.instant;
}
