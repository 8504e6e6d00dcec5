// The pipeline: load → validate → enrich and plan → write (→ host rules). A library: the CLI and
// the tests call build() and check(); neither prints nor exits.
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { BuildFailed } from "./errors.js";
import { planOutput, SelfCheckFailed, type OutputFile } from "./emit/plan.js";
import { parseHosts, type Host } from "./host/host.js";
import { hostLimitWarnings, OutputTally } from "./host/limits.js";
import { buildHostModel, type HostModel } from "./host/rules.js";
import { writeOutput } from "./emit/write-output.js";
import { loadContent } from "./load/load-content.js";
import { resolveNow, resolveOptions, type BuildOptions } from "./options.js";
import { validateContent } from "./validate/validate-content.js";
import type { Site } from "./validate/site.js";

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
}

async function loadAndValidate(options: BuildOptions, needsOut: boolean) {
  const started = performance.now();
  const resolved = resolveOptions(options, needsOut);
  const loaded = await loadContent(resolved.contentDir, resolved.contentArg);
  resolved.onProgress(`Read ${loaded.value.events.length} event files from ${resolved.contentArg}/`);
  const validated = validateContent(loaded.value);
  const diagnostics = sortDiagnostics([...loaded.diagnostics, ...validated.diagnostics]);
  const site: Site | null = hasErrors(diagnostics) ? null : validated.value;
  if (site) resolved.onProgress(`Validated ${site.events.length} event pages, ${site.venues.size} venues, ${site.images.size} images`);
  return { started, resolved, site, diagnostics };
}

function plan(site: Site, nowOption: ReturnType<typeof resolveOptions>["now"], hosts: readonly Host[]): Iterable<OutputFile> {
  const now = resolveNow(nowOption, site.catalogue.time_zone);
  return planOutput(site, now, buildHostModel(site), hosts);
}

function result(ok: boolean, diagnostics: Diagnostic[], events: number, outDir: string, started: number, files = 0, bytes = 0): BuildResult {
  return { ok, diagnostics, events, files, bytes, outDir, milliseconds: performance.now() - started };
}

/** Builds the API into --out. Content errors come back in the result; usage errors and failures to write throw. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const hosts = parseHosts(options.hosts);
  const { started, resolved, site, diagnostics } = await loadAndValidate(options, true);
  if (!site) return result(false, diagnostics, 0, resolved.outDir, started);
  const tally = new OutputTally();
  const files = tally.observe(plan(site, resolved.now, hosts));
  try {
    const written = await writeOutput(resolved.outDir, files, (n) => {
      if (n % 5000 === 0) resolved.onProgress(`Wrote ${n} files...`);
    });
    const warnings = hostLimitWarnings(hosts, tally, resolved.outArg.replace(/\/+$/, ""));
    return { ...result(true, [...diagnostics, ...warnings], site.events.length, resolved.outDir, started, written.files, written.bytes), model: buildHostModel(site) };
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
  const { started, resolved, site, diagnostics } = await loadAndValidate(options, false);
  if (!site) return result(false, diagnostics, 0, resolved.outDir, started);
  let files = 0;
  let bytes = 0;
  const tally = new OutputTally();
  try {
    for (const file of tally.observe(plan(site, resolved.now, hosts))) {
      files++;
      bytes += file.bytes.length;
    }
  } catch (e) {
    if (e instanceof SelfCheckFailed) throw new BuildFailed(e.message);
    throw e;
  }
  const warnings = hostLimitWarnings(hosts, tally, resolved.outArg.replace(/\/+$/, ""));
  return result(true, [...diagnostics, ...warnings], site.events.length, resolved.outDir, started, files, bytes);
}
