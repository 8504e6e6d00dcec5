// Validate stage: schemas first, then the rules across files (unique ids and slugs, references,
// timestamps), collecting every error. Returns the resolved Site only when there is none.
import path from "node:path";
import { catalogueSchema, type CatalogueSource } from "../content/catalogue.js";
import { SLUG } from "../content/common.js";
import { eventSchema, lenientEventSchema } from "../content/event.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imageSchema, namedSchema, venueSchema, type NamedSource } from "../content/lists.js";
import { error, hasErrors, type Diagnostic } from "../model/diagnostics.js";
import type { LoadedContent, SourceFile } from "../load/load-content.js";
import { formatOf, stemOf } from "../load/source-file.js";
import { checkEvent, checkTimestamp, type Lookups, type PartialEvent } from "./check-event.js";
import { parseArrayFile, parseWith } from "./parse-sources.js";
import { coveredBy, findPlaceholders } from "./placeholders.js";
import type { Site, SiteEvent, SiteParent, SiteSettings, SiteVenue } from "../model/site.js";
import { summarize } from "../enrich/event-page.js";
import type { Instant } from "../runtime/time/instant.js";
import { UniqueIndex } from "./unique.js";
import type { z } from "zod";

function listFile<S extends z.ZodType>(
  source: SourceFile | null,
  schema: S,
  what: string,
  fallback: z.infer<S>[],
  diagnostics: Diagnostic[],
): { map: Map<number, z.infer<S>>; broken: Set<number> | "all" } {
  const map = new Map<number, z.infer<S>>();
  if (!source) {
    for (const item of fallback) map.set((item as { id: number }).id, item);
    return { map, broken: new Set() };
  }
  const parsed = parseArrayFile(schema, source.data, source.file, what, diagnostics);
  const ids = new UniqueIndex<number>("id", diagnostics);
  for (const { index, value } of parsed.items) {
    const itemId = (value as { id: number }).id;
    if (ids.add(itemId, { file: source.file, path: [index, "id"] })) map.set(itemId, value);
  }
  return { map, broken: parsed.brokenIds };
}

/** `venues.yaml` when the content writes it so, else `venues.json`: where a message sends the editor. */
const nameOf = (source: SourceFile | null, name: string) => (source ? path.basename(source.file) : `${name}.json`);

function checkParent(catalogue: CatalogueSource, file: string, diagnostics: Diagnostic[]): SiteParent | null {
  const p = catalogue.parent;
  const lastSegment = p.url.split("/").filter(Boolean).pop();
  const slug = p.slug ?? lastSegment;
  if (!slug) {
    diagnostics.push(error(file, ["parent", "slug"], `is required when parent.url is "/" (there is no last segment to take it from)`));
    return null;
  }
  const firstPublished =
    p.first_published_at === null ? null : checkTimestamp(p.first_published_at, catalogue.time_zone, file, ["parent", "first_published_at"], diagnostics);
  if (p.first_published_at !== null && firstPublished === null) return null;
  const h = p.home;
  const homePublished =
    !h || h.first_published_at === null ? null : checkTimestamp(h.first_published_at, catalogue.time_zone, file, ["parent", "home", "first_published_at"], diagnostics);
  if (h && h.first_published_at !== null && homePublished === null) return null;
  return {
    id: p.id, title: p.title, url: p.url, slug, firstPublished,
    show_in_menus: p.show_in_menus, seo_title: p.seo_title, search_description: p.search_description,
    home: h
      ? {
          id: h.id, title: h.title, type: h.type, slug: h.slug, firstPublished: homePublished,
          show_in_menus: h.show_in_menus, seo_title: h.seo_title, search_description: h.search_description,
        }
      : null,
  };
}

export interface SettingsCheck {
  /** Null when a setting is broken (already reported): pages are then checked, never built. */
  settings: SiteSettings | null;
  /** catalogue.json, when it fits its schema (its page ids count among the pages' ids). */
  catalogue: CatalogueSource | null;
  look: Lookups;
  catalogueFile: string;
  diagnostics: Diagnostic[];
}

/** The settings files: catalogue.json and the lists every page refers to. */
export function validateSettings(loaded: LoadedContent): SettingsCheck {
  const diagnostics: Diagnostic[] = [];
  const catalogue = loaded.catalogue ? parseWith(catalogueSchema, loaded.catalogue.data, loaded.catalogue.file, diagnostics) : null;
  const catalogueFile = loaded.catalogue?.file ?? "catalogue.json";
  const zone = catalogue?.time_zone ?? "Australia/Sydney";
  const parent = catalogue ? checkParent(catalogue, catalogueFile, diagnostics) : null;

  const venues = listFile(loaded.venues, venueSchema, "venues {id, name, ticketing_code, time_zone?}", [], diagnostics);
  const programs = listFile(loaded.programs, namedSchema, "programs {id, name}", [], diagnostics);
  const genres = listFile(loaded.genres, namedSchema, "genres {id, name}", DEFAULT_GENRES as NamedSource[], diagnostics);
  const accessibility = listFile(loaded.accessibility, namedSchema, "accessibility values {id, name}", DEFAULT_ACCESSIBILITY as NamedSource[], diagnostics);
  const images = listFile(loaded.images, imageSchema, "images {id, title, file, alt?, focal_point?}", [], diagnostics);
  const siteVenues = new Map<number, SiteVenue>();
  for (const [venueId, v] of venues.map) siteVenues.set(venueId, { ...v, zone: v.time_zone ?? zone });

  const look: Lookups = {
    catalogueZone: zone, venues: siteVenues, programs: programs.map, genres: genres.map,
    accessibility: accessibility.map, images: images.map,
    broken: { venues: venues.broken, programs: programs.broken, genres: genres.broken, accessibility: accessibility.broken, images: images.broken },
    files: {
      venues: nameOf(loaded.venues, "venues"), programs: nameOf(loaded.programs, "programs"), genres: nameOf(loaded.genres, "genres"),
      accessibility: nameOf(loaded.accessibility, "accessibility"), images: nameOf(loaded.images, "images"),
    },
  };
  // Without venues.json (already reported) every venue reference is unknowable: report none as dangling.
  if (!loaded.venues) look.broken.venues = "all";
  const settings =
    hasErrors(diagnostics) || !catalogue || !parent
      ? null
      : { catalogue, parent, venues: siteVenues, programs: programs.map, genres: genres.map, accessibility: accessibility.map, images: images.map };
  return { settings, catalogue, look, catalogueFile, diagnostics };
}

/** What must be unique across pages, as one page gives it (NaN for a performance left out). */
export interface PageKeys {
  id?: number;
  slug: string;
  /** The slug as messages show it (saying when it was taken from the file name). */
  slugShown: string;
  performanceIds: number[];
  performanceCodes: number[];
}

export interface PageCheck {
  /** The page resolved, when it has no error of its own. */
  event: SiteEvent | null;
  keys: PageKeys | null;
  /** Placeholders left from `new event`: a problem at or below one is not reported again. */
  placeholders: Diagnostic[];
  diagnostics: Diagnostic[];
}

/**
 * One event page on its own: its schema, its references, its timestamps. With the file's `text`,
 * the walk for placeholders is skipped when no "TODO:" can be in it (nor an escape spelling one).
 */
export function checkEventSource(file: string, data: unknown, look: Lookups, text?: string): PageCheck {
  const diagnostics: Diagnostic[] = [];
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    diagnostics.push(error(file, [], `must hold one ${formatOf(file) === "yaml" ? "YAML mapping" : "JSON object"} (an event page {id, title, ...}), found ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}`));
    return { event: null, keys: null, placeholders: [], diagnostics };
  }
  const placeholders = text === undefined || /TODO:|\\[ux]/.test(text) ? findPlaceholders(file, data) : [];
  const strict = parseWith(eventSchema, data, file, diagnostics);
  const src: PartialEvent = strict ?? (lenientEventSchema.parse(data) as PartialEvent);
  const fileSlug = stemOf(path.basename(file));
  if (src.slug === undefined && !SLUG.test(fileSlug)) {
    diagnostics.push(error(file, ["slug"], `is not given and the file name "${fileSlug}" is not a valid slug (lowercase words of a-z and 0-9 joined by single hyphens); rename the file or add "slug"`));
    return { event: null, keys: null, placeholders, diagnostics: withPlaceholders(placeholders, diagnostics) };
  }
  const slug = src.slug ?? fileSlug;
  const keys: PageKeys = {
    slug,
    slugShown: src.slug === undefined ? `"${slug}" (taken from the file name)` : `"${slug}"`,
    performanceIds: src.performances?.map((p) => (p ? p.id : NaN)) ?? [],
    performanceCodes: src.performances?.map((p) => (p ? p.ticketing_code : NaN)) ?? [],
  };
  if (src.id !== undefined) keys.id = src.id;
  const event = checkEvent(file, src, strict !== null, slug, look, diagnostics);
  return { event: placeholders.length > 0 ? null : event, keys, placeholders, diagnostics: withPlaceholders(placeholders, diagnostics) };
}

/** A placeholder is reported as one, not as the wrong type or timestamp it also is. */
function withPlaceholders(placeholders: Diagnostic[], found: Diagnostic[]): Diagnostic[] {
  return placeholders.length === 0 ? found : [...placeholders, ...found.filter((d) => !coveredBy(placeholders, d))];
}

/** A page as the checks across pages read it. */
export interface PageForChecks {
  file: string;
  keys: PageKeys | null;
  placeholders: Diagnostic[];
}

/**
 * The rules across pages: page ids, slugs, performance ids and ticketing codes are unique. Pages
 * come in file-name order, so "already used in" names the same file however the pages were built.
 * `pages` is read once, and a second time only to name the places of a performance id or code
 * used twice (a large build reads the keys back from disk: see emit/summary-store.ts).
 */
export function checkAcrossPages(pages: () => Iterable<PageForChecks>, settings: SettingsCheck): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const pageIds = new UniqueIndex<number>("page id", diagnostics);
  const catalogue = settings.catalogue;
  if (catalogue) {
    pageIds.add(catalogue.parent.id, { file: settings.catalogueFile, path: ["parent", "id"] });
    if (catalogue.parent.home) pageIds.add(catalogue.parent.home.id, { file: settings.catalogueFile, path: ["parent", "home", "id"] });
  }
  const slugs = new UniqueIndex<string>("slug", diagnostics);
  const performanceIds = new Values();
  const performanceCodes = new Values();
  const placeholders = new Map<string, Diagnostic[]>();
  for (const { file, keys, placeholders: found } of pages()) {
    if (found.length > 0) placeholders.set(file, found);
    if (!keys) continue;
    if (keys.id !== undefined) pageIds.add(keys.id, { file, path: ["id"] });
    slugs.add(keys.slug, { file, path: ["slug"] }, keys.slugShown);
    performanceIds.push(keys.performanceIds);
    performanceCodes.push(keys.performanceCodes);
  }
  uniquePerformanceKeys(pages, performanceIds.twice(), "performanceIds", "performance id", "id", diagnostics);
  uniquePerformanceKeys(pages, performanceCodes.twice(), "performanceCodes", "performance ticketing code", "ticketing_code", diagnostics);
  return placeholders.size === 0 ? diagnostics : diagnostics.filter((d) => !coveredBy(placeholders.get(d.file) ?? [], d));
}

/**
 * A catalogue has about ten performances a page: the values are gathered in a typed array and
 * sorted to find the few taken twice, and only those are indexed with their places (a map of
 * every value would be the largest thing the build holds).
 */
class Values {
  private values = new Float64Array(1024);
  private count = 0;

  push(values: readonly number[]): void {
    if (this.count + values.length > this.values.length) {
      const bigger = new Float64Array(Math.max(this.values.length * 2, this.count + values.length));
      bigger.set(this.values.subarray(0, this.count));
      this.values = bigger;
    }
    for (const v of values) this.values[this.count++] = v;
  }

  /** The values given more than once (NaN, a performance left out, is none). */
  twice(): Set<number> {
    const sorted = this.values.subarray(0, this.count).sort();
    const twice = new Set<number>();
    for (let j = 1; j < sorted.length; j++) if (sorted[j] === sorted[j - 1]) twice.add(sorted[j]!);
    return twice;
  }
}

/** Reports each use of a value taken twice after its first, naming the first. */
function uniquePerformanceKeys(
  pages: () => Iterable<PageForChecks>,
  twice: Set<number>,
  which: "performanceIds" | "performanceCodes",
  what: string,
  key: string,
  diagnostics: Diagnostic[],
): void {
  if (twice.size === 0) return;
  const index = new UniqueIndex<number>(what, diagnostics);
  for (const { file, keys } of pages()) {
    keys?.[which].forEach((v, n) => {
      if (twice.has(v)) index.add(v, { file, path: ["performances", n, key] });
    });
  }
}

/**
 * The whole check in one call, on content loaded with every event file (tests and tools; the
 * build runs the same steps page by page, see emit/build-pages.ts).
 */
export function validateContent(loaded: LoadedContent, now: Instant = { epochMs: 0, micro: 0 }): { value: Site | null; diagnostics: Diagnostic[] } {
  const settings = validateSettings(loaded);
  const diagnostics = [...settings.diagnostics];
  const pages = loaded.events.map(({ file, data }) => ({ file, ...checkEventSource(file, data, settings.look) }));
  for (const p of pages) diagnostics.push(...p.diagnostics);
  diagnostics.push(...checkAcrossPages(() => pages, settings));
  if (hasErrors(diagnostics) || !settings.settings) return { value: null, diagnostics };
  const events = pages.flatMap((p) => (p.event ? [summarize(settings.settings!, p.event, now)] : [])).sort((a, b) => a.id - b.id);
  return { value: { ...settings.settings, events }, diagnostics };
}
