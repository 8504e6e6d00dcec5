// The pipeline: load → validate → enrich and plan → write (→ host rules), one event page at a time
// (src/emit/stream.ts). A library: the CLI and the tests call build() and check(); neither prints
// nor exits.
import { readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { BuildCache, cacheDirFor, hashText, inode, type TreeRecord } from "./cache/build-cache.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { BuildFailed } from "./errors.js";
import { fileSize, SelfCheckFailed } from "./emit/plan.js";
import { ContentErrors, staleUnitFolders, streamCatalogue, type StreamInput, type StreamResult } from "./emit/stream.js";
import { writeOutput } from "./emit/write-output.js";
import { parseHosts, type Host } from "./host/host.js";
import { hostLimitWarnings, OutputTally } from "./host/limits.js";
import type { HostModel } from "./host/rules.js";
import { loadContent, type LoadedContent } from "./load/load-content.js";
import { resolveNow, resolveOptions, type BuildOptions } from "./options.js";
import { ContentValidator } from "./validate/validate-content.js";

const VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

export interface BuildResult {
  /** False when the content has errors: nothing was written. */
  ok: boolean;
  diagnostics: Diagnostic[];
  events: number;
  files: number;
  bytes: number;
  outDir: string;
  milliseconds: number;
  /** Event pages whose documents an incremental build took from an earlier build. */
  reused?: number;
  /** How the built API answers over HTTP (for the preview server); absent when the build failed. */
  model?: HostModel;
}

async function start(options: BuildOptions, needsOut: boolean) {
  const started = performance.now();
  const hosts = parseHosts(options.hosts);
  const resolved = resolveOptions(options, needsOut);
  const loaded = await loadContent(resolved.contentDir, resolved.contentArg);
  resolved.onProgress(`Found ${loaded.value.events.length} event files in ${resolved.contentArg}/`);
  const validator = new ContentValidator(loaded.value);
  validator.diagnostics.push(...loaded.diagnostics);
  return { started, hosts, resolved, loaded: loaded.value, validator };
}

function streamInput(s: Awaited<ReturnType<typeof start>>): StreamInput {
  const { resolved, validator, hosts, loaded } = s;
  return {
    events: loaded.events,
    settings: loaded,
    validator,
    target: null,
    now: () => resolveNow(resolved.now, validator.settings!.catalogue.time_zone),
    hosts,
    onProgress: resolved.onProgress,
  };
}

/**
 * What decides every event page's documents besides its own file and now: the version, the
 * settings files, the hosts (the browsable pages), the time-zone rules Node carries.
 */
function generation(loaded: LoadedContent, hosts: readonly Host[]): string {
  const settings = [loaded.catalogue, loaded.venues, loaded.programs, loaded.genres, loaded.accessibility, loaded.images].map((f) => f?.data ?? null);
  return hashText(JSON.stringify([VERSION, process.versions.tz ?? "", process.versions.icu ?? "", hosts.map((h) => h.name), settings]));
}

function finish(ok: boolean, diagnostics: Diagnostic[], started: number, outDir: string, extra: Partial<BuildResult> = {}): BuildResult {
  return { ok, diagnostics: sortDiagnostics(diagnostics), events: 0, files: 0, bytes: 0, outDir, milliseconds: performance.now() - started, ...extra };
}

/** Runs the stream for its diagnostics only (settings with errors: there is nothing to write). */
async function drain(input: StreamInput, result: StreamResult): Promise<void> {
  try {
    for await (const file of streamCatalogue(input, result)) void file;
  } catch (e) {
    if (!(e instanceof ContentErrors)) throw e;
  }
}

/** Builds the API into --out. Content errors come back in the result; usage errors and failures to write throw. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const s = await start(options, true);
  const { started, resolved, validator, hosts } = s;
  const result: StreamResult = { events: 0, model: null, units: new Map(), reused: 0 };
  const input = streamInput(s);
  if (!validator.settings) {
    await drain(input, result);
    return finish(false, validator.diagnostics, started, resolved.outDir);
  }
  const cache = options.cache === false
    ? null
    : BuildCache.open(options.cacheDir ?? cacheDirFor(resolved.cwd, resolved.contentDir, resolved.outDir), generation(s.loaded, hosts), resolved.outDir);
  const incremental = cache ? { cache, base: null as Map<number, string> | null, outDir: resolved.outDir } : undefined;
  if (incremental) input.incremental = incremental;
  let spare: TreeRecord | null = null;

  const tally = new OutputTally();
  try {
    const written = await writeOutput(resolved.outDir, tally.observeAsync(streamCatalogue(input, result)), (n) => {
      if (n % 10_000 === 0) resolved.onProgress(`Wrote ${n} files...`);
    }, {
      // The spare copy of the output before last becomes this build's folder: only what changed is written.
      base: (staging) => {
        if (!cache?.spare) return false;
        try {
          renameSync(cache.spareDir, staging);
          incremental!.base = cache.spare;
          return true;
        } catch {
          rmSync(cache.spareDir, { recursive: true, force: true });
          return false;
        }
      },
      onStaging: (staging, patching) => {
        input.target = { dir: staging, patching };
      },
      beforeSwap: (staging) => {
        if (!incremental?.base || !result.model) return;
        for (const folder of staleUnitFolders(result.model, incremental.base, result.units)) rmSync(path.join(staging, folder), { recursive: true, force: true });
      },
      // The output it replaces is kept as the next build's spare, when the cache knows what it holds.
      keepPrevious: (previous) => {
        if (!cache?.out) return false;
        try {
          rmSync(cache.spareDir, { recursive: true, force: true });
          renameSync(previous, cache.spareDir);
          spare = { ino: inode(cache.spareDir) ?? -1, units: [...cache.out] };
          return true;
        } catch {
          return false;
        }
      },
    });
    cache?.commit({ ino: inode(resolved.outDir) ?? -1, units: [...result.units] }, spare);
    if (result.reused > 0) resolved.onProgress(`Reused ${result.reused} unchanged event pages from the last build (--no-cache builds every page)`);
    const warnings = hostLimitWarnings(hosts, tally, resolved.outArg.replace(/\/+$/, ""));
    return finish(true, [...validator.diagnostics, ...warnings], started, resolved.outDir, {
      events: result.events, files: written.files, bytes: written.bytes, reused: result.reused, ...(result.model ? { model: result.model } : {}),
    });
  } catch (e) {
    cache?.abandon();
    if (e instanceof ContentErrors) return finish(false, validator.diagnostics, started, resolved.outDir);
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    const err = e as NodeJS.ErrnoException;
    throw new BuildFailed(
      `could not write ${resolved.outArg}/: ${err.code ? `${err.code} ` : ""}${err.message}; ${resolved.outArg}/ was left as it was. Check that its parent folder is writable and has space.`,
    );
  }
}

/** Validates the content and plans every file without writing anything. */
export async function check(options: BuildOptions = {}): Promise<BuildResult> {
  const s = await start(options, false);
  const { started, resolved, validator, hosts } = s;
  const result: StreamResult = { events: 0, model: null, units: new Map(), reused: 0 };
  const input = streamInput(s);
  let files = 0;
  let bytes = 0;
  const tally = new OutputTally();
  try {
    for await (const file of tally.observeAsync(streamCatalogue(input, result))) {
      files++;
      bytes += fileSize(file);
    }
  } catch (e) {
    if (e instanceof ContentErrors) return finish(false, validator.diagnostics, started, resolved.outDir);
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    throw e;
  }
  const diagnostics = [...validator.diagnostics, ...hostLimitWarnings(hosts, tally, resolved.outArg.replace(/\/+$/, ""))];
  if (hasErrors(diagnostics)) return finish(false, diagnostics, started, resolved.outDir);
  return finish(true, diagnostics, started, resolved.outDir, { events: result.events, files, bytes });
}

