// Step: the checks across pages (unique ids, slugs, performance ids and codes), then, when
// nothing failed, the site every later step reads: the settings and each page's summary, the
// warnings (each page's, the images', rich text's links to pages), and the next instant an is_past
// or in_past changes.
import { hasErrors, plural, type Diagnostic, type Step } from "../model/diagnostics.js";
import type { Site } from "../model/site.js";
import { NextChangeOf, type NextChange } from "../enrich/next-change.js";
import type { BuiltPages } from "../engine/build-pages.js";
import { checkAcrossPages, type PageForChecks } from "../validate/across-pages.js";
import { ImageUse, PageLinks } from "../validate/warnings.js";
import type { BuildContext } from "./context.js";
import type { Settings } from "./check-settings.js";

export interface CheckedSite {
  /** Null when the content has an error: nothing is planned or written. */
  site: Site | null;
  nextChange: NextChange | null;
  /** The images a page shows as its thumbnail: the build makes their renditions. */
  thumbnails: Set<number>;
}

/** `failed`: an earlier step found an error (the site is then not made, but the pages' keys are still checked). */
export function checkSite(ctx: BuildContext, settings: Settings, pages: BuiltPages, failed: boolean): Step<CheckedSite> {
  const { records } = pages;
  const diagnostics: Diagnostic[] = [];
  // A rebuild that kept every page's keys cannot fail them (see PageCache.keysUnchanged): the reused pages' keys are not read.
  if (!ctx.cache?.keysUnchanged()) diagnostics.push(...checkAcrossPages(() => keysOf(ctx, records), settings.check));
  // What only the checks across pages needed (about ten performances a page) goes now.
  for (const r of records) r.keys = null;
  const base = settings.check.settings;
  if (!base || failed || hasErrors(diagnostics)) return { value: { site: null, nextChange: null, thumbnails: new Set() }, diagnostics };
  const site: Site = { ...base, events: ctx.summaries.sorted() };
  for (const r of records) diagnostics.push(...r.warnings);
  // One pass for both: kept on disk, each pass parses every summary again.
  const images = new ImageUse(site.images, ctx.content.value.images?.file ?? null);
  const links = new PageLinks(site.parent);
  const clock = new NextChangeOf();
  const thumbnails = new Set<number>();
  for (const page of site.events) {
    images.add(page);
    links.add(page);
    clock.add(page);
    thumbnails.add(page.thumbnail);
  }
  const left = { draft: 0, scheduled: 0, expired: 0 };
  for (const r of records) {
    if (!r.unpublished) continue;
    links.addUnpublished(r.unpublished);
    images.addUnpublished(r.unpublished);
    if (settings.now) clock.addGoLive(r.unpublished, settings.now);
    left[r.unpublished.status]++;
  }
  const zone = site.catalogue.time_zone;
  diagnostics.push(...images.warnings(), ...links.warnings(zone));
  const nextChange = clock.result(zone);
  const leftOut = Object.entries(left).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`);
  const unpublished = leftOut.length > 0 ? ` (and ${leftOut.join(", ")}, left out)` : "";
  ctx.options.onProgress(`Validated ${plural(site.events.length, "event page")}${unpublished}, ${plural(site.venues.size, "venue")}, ${plural(site.images.size, "image")}`);
  return { value: { site, nextChange, thumbnails }, diagnostics };
}

/** Each page's keys, read back a page at a time where the build keeps them on disk, and a reused page's from the previous cache file. */
function* keysOf(ctx: BuildContext, records: BuiltPages["records"]): Generator<PageForChecks> {
  for (const r of records) {
    if (r.keysAt !== undefined) yield { file: r.file, keys: ctx.summaries.keysAt(r.keysAt), placeholders: r.placeholders };
    else if (r.keysFrom !== undefined) yield { file: r.file, keys: ctx.cache!.keysFrom(r.keysFrom, r.keysLength!), placeholders: r.placeholders };
    else yield r;
  }
}
