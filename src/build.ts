// The pipeline: load → validate → enrich and plan → write (→ host rules). A library: the CLI and
// the tests call build() and check(); neither prints nor exits.
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { BuildFailed } from "./errors.js";
import { planOutput, SelfCheckFailed, type OutputFile } from "./emit/plan.js";
import { parseHosts, type Host } from "./host/host.js";
import { hostLimitWarnings } from "./host/limits.js";
import { buildHostModel, type HostModel } from "./host/rules.js";
import { buildQueryIndex } from "./emit/query-index.js";
import { emptyTally, tallyFile, writeOutput } from "./emit/write-output.js";
import { loadContent, sourcesOf } from "./load/load-content.js";
import { locateDiagnostics } from "./load/locate.js";
import { resolveNow, resolveOptions, type BuildOptions } from "./options.js";
import { validateContent } from "./validate/validate-content.js";
import type { Site } from "./validate/site.js";
import { collectWarnings } from "./validate/warnings.js";
import { describeNextChange, nextChange, type NextChange } from "./enrich/next-change.js";
import type { Instant } from "./runtime/time/instant.js";

export interface BuildResult {
  /** False when the content has errors: nothing was written. */
  ok: boolean;
  diagnostics: Diagnostic[];
  events: number;
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

async function loadAndValidate(options: BuildOptions, needsOut: boolean) {
  const started = performance.now();
  const resolved = resolveOptions(options, needsOut);
  const loaded = await loadContent(resolved.contentDir, resolved.contentArg);
  // Without the folder there is nothing to count: "Read 0 event files" would contradict the error.
  if (loaded.eventsFolderRead) resolved.onProgress(`Read ${loaded.value.events.length} event files from ${resolved.contentArg}/`);
  const validated = validateContent(loaded.value);
  const found = [...loaded.diagnostics, ...validated.diagnostics];
  const valid: Site | null = hasErrors(found) ? null : validated.value;
  let now: Instant | null = null;
  if (valid) {
    now = resolveNow(resolved.now, valid.catalogue.time_zone);
    found.push(...collectWarnings(valid, now, loaded.value.images?.file ?? null));
    resolved.onProgress(`Validated ${valid.events.length} event pages, ${valid.venues.size} venues, ${valid.images.size} images`);
  }
  const sorted = sortDiagnostics(found);
  // Positions are parsed only now, and only for the files named: a clean build never pays.
  const diagnostics = sorted.length > 0 ? locateDiagnostics(sorted, sourcesOf(loaded.value)) : sorted;
  const failedOnWarnings = valid !== null && options.strict === true && diagnostics.length > 0;
  const next = valid && now ? nextChange(valid, now) : null;
  if (valid && !failedOnWarnings) resolved.onProgress(describeNextChange(next));
  return { started, resolved, site: failedOnWarnings ? null : valid, now, next, diagnostics, failedOnWarnings };
}

/** The query index is built once: the plan writes it, and the host model's lookups read it. */
function plan(site: Site, now: Instant, hosts: readonly Host[]): { model: HostModel; files: Iterable<OutputFile> } {
  const index = buildQueryIndex(site);
  const model = buildHostModel(site, index);
  return { model, files: planOutput(site, now, model, hosts, index) };
}

function result(ok: boolean, diagnostics: Diagnostic[], events: number, outDir: string, started: number, files = 0, bytes = 0): BuildResult {
  return { ok, diagnostics, events, files, bytes, outDir, milliseconds: performance.now() - started, nextChange: null, failedOnWarnings: false };
}

/** Builds the API into --out. Content errors come back in the result; usage errors and failures to write throw. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const hosts = parseHosts(options.hosts);
  const { started, resolved, site, now, next, diagnostics, failedOnWarnings } = await loadAndValidate(options, true);
  if (!site || !now) return { ...result(false, diagnostics, 0, resolved.outDir, started), failedOnWarnings };
  const { model, files } = plan(site, now, hosts);
  try {
    // A host's limits are known only once every file is planned: they are checked before --out
    // is replaced, so that --strict leaves it as it was, as it does for content warnings.
    let limits: Diagnostic[] = [];
    const written = await writeOutput(
      resolved.outDir,
      files,
      (n) => {
        if (n % 5000 === 0) resolved.onProgress(`Wrote ${n} files...`);
      },
      (tally) => {
        limits = hostLimitWarnings(hosts, tally, resolved.outArg);
        return !(options.strict === true && limits.length > 0);
      },
    );
    const all = [...diagnostics, ...limits];
    if (!written.replaced) return { ...result(false, all, 0, resolved.outDir, started), failedOnWarnings: true };
    return { ...result(true, all, site.events.length, resolved.outDir, started, written.files, written.bytes), model, nextChange: next };
  } catch (e) {
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    const err = e as NodeJS.ErrnoException;
    throw new BuildFailed(
      `could not write ${resolved.outArg}/: ${err.code ? `${err.code} ` : ""}${err.message}; ${resolved.outArg}/ was left as it was. Check that its parent folder is writable and has space.`,
    );
  }
}

/** Validates the content and plans every file without writing anything. */
export async function check(options: BuildOptions = {}): Promise<BuildResult> {
  const hosts = parseHosts(options.hosts);
  const { started, resolved, site, now, next, diagnostics, failedOnWarnings } = await loadAndValidate(options, false);
  if (!site || !now) return { ...result(false, diagnostics, 0, resolved.outDir, started), failedOnWarnings };
  let files = 0;
  let bytes = 0;
  const tally = emptyTally();
  try {
    for (const file of plan(site, now, hosts).files) {
      files++;
      bytes += file.bytes.length;
      tallyFile(tally, file);
    }
  } catch (e) {
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    throw e;
  }
  const limits = hostLimitWarnings(hosts, tally, resolved.outArg);
  const all = [...diagnostics, ...limits];
  if (options.strict === true && limits.length > 0) return { ...result(false, all, 0, resolved.outDir, started), failedOnWarnings: true };
  return { ...result(true, all, site.events.length, resolved.outDir, started, files, bytes), nextChange: next };
}
