// The pipeline, as a few named steps over one context (src/steps/): open the build (options,
// hosts, the content and its originals read, the cache and the output transaction opened) → check
// the settings and the images → build the event pages → check the site across pages → write the
// media → plan and write every other file → commit.
// A library: the CLI and the tests call build() and check(); neither prints nor exits.
import { SelfCheckFailed } from "./api/self-check.js";
import { buildEventPages } from "./engine/build-pages.js";
import { describeNextChange, type NextChange } from "./enrich/next-change.js";
import { BuildFailed, UsageError } from "./errors.js";
import type { HostModel } from "./host/rules.js";
import { hasErrors, type Diagnostic } from "./model/diagnostics.js";
import type { BuildOptions } from "./options.js";
import { pageJob } from "./page/page-job.js";
import { checkImages } from "./steps/check-images.js";
import { checkSettings } from "./steps/check-settings.js";
import { checkSite } from "./steps/check-site.js";
import { abortBuild, closeBuild, commitBuild, openBuild, writeFailure, type BuildContext } from "./steps/context.js";
import { locateProblems } from "./steps/locate-problems.js";
import { writeMedia } from "./steps/write-media.js";
import { writeOutput } from "./steps/write-output.js";

export type { BuildOptions } from "./options.js";

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

/** Builds the API into --out. Content errors come back in the result; usage errors and failures to write throw. */
export function build(options: BuildOptions = {}): Promise<BuildResult> {
  return run(options, true);
}

/** Validates the content and plans every file without writing anything. */
export function check(options: BuildOptions = {}): Promise<BuildResult> {
  return run(options, false);
}

async function run(options: BuildOptions, write: boolean): Promise<BuildResult> {
  const ctx = await openBuild(options, write);
  try {
    const settings = checkSettings(ctx);
    const images = checkImages(ctx, settings.value);
    const job = pageJob({ settings: settings.value.check, now: settings.value.now, hosts: ctx.hosts, cache: ctx.cache !== null, previousOut: ctx.output?.inPlace ? ctx.options.outDir : null });
    const pages = await buildEventPages({ ...ctx, eventFiles: ctx.content.eventFiles, tuning: ctx.options.tuning, onProgress: ctx.options.onProgress }, job);
    const found = [...settings.diagnostics, ...images.diagnostics, ...pages.diagnostics];
    const checked = checkSite(ctx, settings.value, pages.value, hasErrors(found));
    const { site, nextChange, thumbnails } = checked.value;
    const media = site ? await writeMedia(ctx, site, images.value, thumbnails) : null;
    const problems = locateProblems(ctx, [...found, ...checked.diagnostics, ...(media?.diagnostics ?? [])]);
    if (!site || !media || hasErrors(problems) || (ctx.options.strict && problems.length > 0)) return await failed(ctx, problems, !hasErrors(problems));
    ctx.options.onProgress(describeNextChange(nextChange));
    const written = writeOutput(ctx, site, pages.value, images.value.sizes, media.value);
    problems.push(...written.diagnostics);
    if (ctx.options.strict && written.diagnostics.length > 0) return await failed(ctx, problems, true);
    await commitBuild(ctx);
    const { model, files, bytes } = written.value;
    return { ...result(ctx, true, problems), events: site.events.length, reused: pages.value.reused, files, bytes, model, nextChange };
  } catch (e) {
    await abortBuild(ctx);
    throw failure(ctx, e);
  } finally {
    closeBuild(ctx);
  }
}

function result(ctx: BuildContext, ok: boolean, diagnostics: Diagnostic[]): BuildResult {
  return {
    ok, diagnostics, events: 0, reused: 0, files: 0, bytes: 0, outDir: ctx.options.outDir,
    milliseconds: performance.now() - ctx.started, nextChange: null, failedOnWarnings: false,
  };
}

/** The content has errors (or, under --strict, warnings): --out and the cache stay as they were. */
async function failed(ctx: BuildContext, diagnostics: Diagnostic[], onWarnings: boolean): Promise<BuildResult> {
  await abortBuild(ctx);
  return { ...result(ctx, false, diagnostics), failedOnWarnings: onWarnings };
}

/** What a failure to build says: a usage error as it is, a self-check's own words, else the I/O error and what became of --out. */
function failure(ctx: BuildContext, e: unknown): unknown {
  if (e instanceof UsageError || e instanceof BuildFailed) return e;
  if (e instanceof SelfCheckFailed) return new BuildFailed(e.message);
  return ctx.write ? writeFailure(ctx, e) : e;
}
