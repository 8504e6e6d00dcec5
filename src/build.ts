// The pipeline: load → validate → enrich and plan → write (→ host rules). A library: the CLI and
// the tests call build() and check(); neither prints nor exits.
//
// Event pages stream: each is read, checked, enriched and written on its own (build-page.ts, on
// worker threads for a large catalogue), leaving only a small summary; the checks across pages,
// the lists, the query index and the host rules then work on those summaries.
import { readFileSync } from "node:fs";
import path from "node:path";
import { hasErrors, plural, sortDiagnostics, type Diagnostic } from "./model/diagnostics.js";
import { BuildFailed } from "./errors.js";
import { pagesFile, placeOutputs, type PageJob, type PageRecord, type PageSource } from "./page/build-page.js";
import { canReuse, keptRecord, reuseCheck, reusedRecord, sameStat, sourceStat, writtenStand } from "./page/page-record.js";
import { PageCache } from "./cache/page-cache.js";
import { buildPages, pageWorkers } from "./engine/build-pages.js";
import { SummaryStore, summariesOnDisk } from "./engine/summary-store.js";
import { SelfCheckFailed } from "./api/self-check.js";
import { planOutput, writesEventPagesRoute, type PreviousOutput } from "./plan/plan-output.js";
import { PlannedWriter } from "./output/planned-writer.js";
import { Staging } from "./output/staging.js";
import { checkOutputFolder } from "./output/output-marker.js";
import { canStartWriteThread, WriteThread } from "./engine/write-thread.js";
import { parseHosts, type Host } from "./host/host.js";
import { hostLimitWarnings } from "./host/limits.js";
import { answerHeaders, buildHostModel, type HostModel } from "./host/rules.js";
import { buildQueryIndex } from "./plan/query-index.js";
import { isDirectory, loadContent, sourcesOf, type EventFile, type LoadedContent } from "./load/load-content.js";
import { locateDiagnostics } from "./load/locate.js";
import { readSourceFileSync } from "./load/read-source.js";
import type { SourceFile } from "./load/source-file.js";
import { resolveNow, resolveOptions, type BuildOptions } from "./options.js";
import { checkAcrossPages, validateSettings } from "./validate/validate-content.js";
import type { Site } from "./model/site.js";
import { ImageUse } from "./validate/warnings.js";
import { describeNextChange, NextChangeOf, type NextChange } from "./enrich/next-change.js";
import type { Instant } from "./runtime/time/instant.js";

export interface BuildResult {
  /** False when the content has errors: nothing was written. */
  ok: boolean;
  diagnostics: Diagnostic[];
  events: number;
  /** Event pages reused from the previous build, their files left as they were (see cache/page-cache.ts). */
  reused: number;
  files: number;
  bytes: number;
  outDir: string;
  milliseconds: number;
  /** How the built API answers over HTTP (for the preview server); absent when the build failed. */
  model?: HostModel;
  /** The next instant at which an is_past or in_past of the catalogue changes (null: none is coming, or the build failed). */
  nextChange: NextChange | null;
  /** The build failed only because of warnings, under `strict`. */
  failedOnWarnings: boolean;
}

/** The folders every page builder writes into, made before they start. */
const COLLECTION_FOLDERS = ["api", "api/v2", "api/v2/event_pages", "api/v2/pages"];

/** Positions for the files named, read again only now: a clean build never pays for them. */
function locate(diagnostics: Diagnostic[], settingsSources: Map<string, SourceFile>, eventFiles: readonly EventFile[]): Diagnostic[] {
  const named = new Set(diagnostics.filter((d) => d.line === undefined).map((d) => d.file));
  if (named.size === 0) return diagnostics;
  const sources = new Map(settingsSources);
  for (const f of eventFiles) {
    if (!named.has(f.file)) continue;
    const read = readSourceFileSync(f.absolute, f.file);
    if (read.source) sources.set(f.file, read.source);
  }
  return locateDiagnostics(diagnostics, sources);
}

/** What decides every page's files besides the page's own source and now (see cache/page-cache.ts and PageRecord.sameUntil). */
function cacheKey(content: LoadedContent, hosts: readonly Host[], baseUrl: string | null): unknown[] {
  // The settings files: the build loads no event file before its pages are built. A base URL
  // given in the options replaces the settings' in every page.
  return [hosts.map((h) => h.name).sort(), [...sourcesOf(content).values()].map((s) => [s.file, s.text]), baseUrl];
}

/** What this rebuild can copy from --out: the files the previous build noted, while they stand as it wrote them. */
function previousOutput(cache: PageCache, outDir: string): PreviousOutput {
  return {
    file: (rel) => {
      const written = cache.previousOutput(rel);
      return written && writtenStand(outDir, [written]) ? `${outDir}/${rel}` : null;
    },
    reused: (id) => cache.reused(id),
  };
}

function result(ok: boolean, diagnostics: Diagnostic[], events: number, outDir: string, started: number, files = 0, bytes = 0): BuildResult {
  return { ok, diagnostics, events, reused: 0, files, bytes, outDir, milliseconds: performance.now() - started, nextChange: null, failedOnWarnings: false };
}

async function run(options: BuildOptions, write: boolean): Promise<BuildResult> {
  const started = performance.now();
  const hosts = parseHosts(options.hosts);
  const resolved = resolveOptions(options, write);
  // Before anything is read: a folder the build may not replace is a usage error, whatever the content.
  if (write) checkOutputFolder(resolved.outDir, resolved.outArg, options.force === true);
  const loaded = await loadContent(resolved.contentDir, resolved.contentArg, false);
  // Without the folder there is nothing to count: "Read 0 event files" would contradict the error.
  if (loaded.eventsFolderRead) resolved.onProgress(`Read ${plural(loaded.eventFiles.length, "event file")} from ${resolved.contentArg}/`);
  const settingsCheck = validateSettings(loaded.value);
  if (resolved.baseUrl !== null && settingsCheck.settings) {
    settingsCheck.settings = { ...settingsCheck.settings, catalogue: { ...settingsCheck.settings.catalogue, base_url: resolved.baseUrl } };
  }
  const settings = settingsCheck.settings;
  const now: Instant | null = settings ? resolveNow(resolved.now, settings.catalogue.time_zone) : null;
  let staging: Staging | null = null;
  let cache: PageCache | null = null;
  let updating = false;
  let writeThread: WriteThread | null = null;
  // A build that does not replace --out leaves it, and the cache that describes it, as they were.
  // What the end of the build reads of each page (on disk for a large catalogue).
  const summaries = new SummaryStore(write && summariesOnDisk(loaded.eventFiles.length));
  const abandon = async () => {
    await writeThread?.stop();
    await staging?.abort();
    cache?.discard();
  };
  try {
    cache = write && settings && options.cache !== false ? PageCache.open(resolved.cwd, options.cacheName ?? resolved.outDir, resolved.outDir, cacheKey(loaded.value, hosts, resolved.baseUrl)) : null;
    // With pages to reuse, --out is updated in place (see emit/update-in-place.ts).
    const previousOut = cache && cache.size > 0 && (await isDirectory(resolved.outDir)) ? resolved.outDir : null;
    if (write && settings) staging = await Staging.open(resolved.outDir, previousOut !== null);
    for (const folder of COLLECTION_FOLDERS) staging?.writer.makeFolder(folder);
    const job: PageJob = {
      look: settingsCheck.look,
      settings,
      now,
      eventPagesRoute: writesEventPagesRoute(hosts),
      browsableHeaders: settings && hosts.some((h) => h.prerendersBrowsable) ? answerHeaders(settings.catalogue).jsonHeaders : null,
      keepJson: !write && hosts.some((h) => h.prerendersLookups),
      cache: cache !== null,
      previousOut,
    };
    cache?.begin();
    const pageCache = cache;
    // What the build keeps of a page: its summary goes to the store (the record's own only while the store holds them as objects).
    const summarized = (kept: PageRecord): PageRecord => {
      if (kept.page) summaries.add(kept.page);
      if (summaries.onDisk) {
        kept.page = undefined;
        if (kept.keys) kept.keysAt = summaries.addKeys(kept.keys);
        kept.keys = null;
      }
      return kept;
    };
    // Each record as it arrives: its files written, or, when it was reused, kept where they are.
    const place = (r: PageRecord, source?: PageSource): PageRecord => {
      // A worker's record comes with copies of the file's name (equal, not the same string): the
      // build keeps the one it holds instead.
      if (source && r.file === source.file) {
        r.file = source.file;
        for (const d of r.warnings) if (d.file === source.file) d.file = source.file;
      }
      // Only the cache needs the page's hash, status and written files: it has them on disk now (a reused page's summary and keys go to the store from there).
      if (r.reused) {
        const cached = pageCache!.reuse(r.file, r.sourceStat, summaries);
        staging?.keep(cached.written ?? []);
        return summarized(keptRecord(cached));
      }
      pageCache?.noteKeys(r);
      if (writeThread) writeThread.place(r); // the cache has its line once the files are written
      else {
        if (staging) placeOutputs(r, staging.writer);
        pageCache?.add(r);
      }
      return summarized(keptRecord(r));
    };
    // Pages whose file's status vouches for its bytes are reused here, without reading them; the
    // rest go to the page builders (which still reuse a page whose bytes turn out unchanged).
    const reusedAt = new Map<number, PageRecord>();
    const toBuild: PageSource[] = [];
    loaded.eventFiles.forEach((f, i) => {
      const cached = pageCache?.get(f.file);
      if (!cached) {
        toBuild.push(f);
        return;
      }
      const stat = sourceStat(f.absolute);
      if (!sameStat(stat, cached.record.sourceStat)) toBuild.push({ ...f, cached: reuseCheck(cached), stat });
      else if (canReuse(job, reuseCheck(cached), staging !== null)) reusedAt.set(i, place(reusedRecord(f.file, stat)));
      else toBuild.push({ ...f, stat });
    });
    if (staging && canStartWriteThread(toBuild.length, pageWorkers(toBuild.length))) {
      writeThread = new WriteThread(staging.dir, staging.inPlace, (r) => pageCache?.add(r));
      job.checkWhenWritten = true;
    }
    // Pages are built while the thread starts: its messages wait for it (see heap-flags.ts for the flags).
    const thread = writeThread;
    const built = await buildPages(
      job,
      toBuild,
      staging !== null,
      place,
      (n) => {
        if (n % 5000 === 0) resolved.onProgress(`Built ${n} event pages...`);
      },
      thread ? () => thread.caughtUp() : undefined,
      thread?.readAhead(toBuild, job.cache),
    );
    // Every page's files are in the staging folder before anything reads them back or lists them.
    if (thread) {
      staging!.adopt(await thread.finish());
      writeThread = null;
    }
    // Back in file-name order.
    const records: PageRecord[] = [];
    for (let i = 0, b = 0; i < loaded.eventFiles.length; i++) records.push(reusedAt.get(i) ?? built[b++]!);
    const reused = records.reduce((n, r) => n + (r.reused ? 1 : 0), 0);
    if (reused > 0) resolved.onProgress(`Reused ${plural(reused, "unchanged event page")} from the previous build (--no-cache builds every page)`);
    const found: Diagnostic[] = [...loaded.diagnostics, ...settingsCheck.diagnostics];
    for (const r of records) found.push(...r.diagnostics);
    // Keys kept on disk, and reused pages' in the previous cache file, are read back for the checks alone, a page at a time.
    const forChecks = function* () {
      for (const r of records) {
        if (r.keysAt !== undefined) yield { file: r.file, keys: summaries.keysAt(r.keysAt), placeholders: r.placeholders };
        else if (r.keysFrom !== undefined) yield { file: r.file, keys: pageCache!.keysFrom(r.keysFrom, r.keysLength!), placeholders: r.placeholders };
        else yield r;
      }
    };
    // A rebuild that kept every page's keys cannot fail them (see PageCache.keysUnchanged): 10,000 reused pages' keys are not read.
    if (!pageCache?.keysUnchanged()) found.push(...checkAcrossPages(forChecks, settingsCheck));
    // What only the checks across pages needed (about ten performances a page) goes now.
    for (const r of records) r.keys = null;
    let site: Site | null = null;
    let next: NextChange | null = null;
    if (settings && !hasErrors(found)) {
      const events = summaries.sorted();
      site = { ...settings, events };
      for (const r of records) found.push(...r.warnings);
      // One pass for both: kept on disk (from 20,000 pages), each pass parses every summary again.
      const images = new ImageUse(site.images, loaded.value.images?.file ?? null);
      const clock = new NextChangeOf();
      for (const page of events) {
        images.add(page);
        clock.add(page);
      }
      found.push(...images.warnings());
      next = clock.result(site.catalogue.time_zone);
      resolved.onProgress(`Validated ${plural(events.length, "event page")}, ${plural(site.venues.size, "venue")}, ${plural(site.images.size, "image")}`);
    }
    // Sorted once located: by file, then line.
    const diagnostics = sortDiagnostics(locate(found, sourcesOf(loaded.value), loaded.eventFiles));
    const failedOnWarnings = site !== null && options.strict === true && diagnostics.length > 0;
    if (!site || !now || failedOnWarnings) {
      await abandon();
      return { ...result(false, diagnostics, 0, resolved.outDir, started), failedOnWarnings };
    }
    resolved.onProgress(describeNextChange(next));
    const index = buildQueryIndex(site);
    const model = buildHostModel(site, index);
    const json = new Map(records.flatMap((r) => (r.json && r.page ? [[r.page.id, r.json] as const] : [])));
    // A page reused in place has its detail where the previous build left it, in --out; the others' is staged.
    const detailOf = (id: number) => json.get(id) ?? readFileSync(path.join(staging!.inPlace && pageCache?.reused(id) ? resolved.outDir : staging!.dir, pagesFile(id)), "utf8");
    const writer = new PlannedWriter(staging);
    const writtenAt = staging ? (rel: string) => path.join(staging!.dir, rel) : null;
    // A rebuild copies reused pages' items from the lists it updates (see emit/previous-items.ts).
    const previous = staging?.inPlace && pageCache ? previousOutput(pageCache, resolved.outDir) : null;
    for (const file of planOutput(site, model, hosts, index, detailOf, writtenAt, previous)) writer.write(file);
    cache?.noteOutputs(writer.pieced);
    const tally = writer.report.tally;
    let bytes = writer.report.bytes;
    for (const r of records) {
      tally.files += r.files;
      bytes += r.bytes;
      if (r.largest && r.largest.bytes > tally.largest.bytes) tally.largest = r.largest;
    }
    const files = tally.files;
    // A host's limits are known once every file is planned: checked before --out is replaced,
    // so that --strict leaves it as it was, as it does for content warnings.
    const limits = hostLimitWarnings(hosts, tally, resolved.outArg);
    diagnostics.push(...limits);
    if (options.strict === true && limits.length > 0) {
      await abandon();
      return { ...result(false, diagnostics, 0, resolved.outDir, started), failedOnWarnings: true };
    }
    updating = staging?.inPlace === true;
    await staging?.commit(cache?.previousBuild);
    cache?.commit();
    return { ...result(true, diagnostics, site.events.length, resolved.outDir, started, files, bytes), reused, model, nextChange: next };
  } catch (e) {
    await abandon();
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    if (!write) throw e;
    const err = e as NodeJS.ErrnoException;
    const why = `${err.code ? `${err.code} ` : ""}${err.message}`;
    // Updating in place, files may already be new: the cache still describes the old ones, so the next build writes them again.
    throw new BuildFailed(
      updating
        ? `could not update ${resolved.outArg}/ in place: ${why}; some of its files may be new and some old. Fix the cause and build again: the next build writes again whatever it does not find as it left it.`
        : `could not write ${resolved.outArg}/: ${why}; ${resolved.outArg}/ was left as it was. Check that its parent folder is writable and has space.`,
    );
  } finally {
    summaries.close();
  }
}

/** Builds the API into --out. Content errors come back in the result; usage errors and failures to write throw. */
export function build(options: BuildOptions = {}): Promise<BuildResult> {
  return run(options, true);
}

/** Validates the content and plans every file without writing anything. */
export function check(options: BuildOptions = {}): Promise<BuildResult> {
  return run(options, false);
}
