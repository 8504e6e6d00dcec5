// Validate stage: schemas first, then the rules across files (unique ids and slugs, references,
// timestamps), collecting every error. The settings files are checked once; event pages one at a
// time as the build reaches them (so a large catalogue is never held whole), each recorded for
// the checks across files in a few numbers.
import path from "node:path";
import { catalogueSchema, type CatalogueSource } from "../content/catalogue.js";
import { SLUG } from "../content/common.js";
import { eventSchema, lenientEventSchema } from "../content/event.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imageSchema, namedSchema, venueSchema, type NamedSource } from "../content/lists.js";
import { error, hasErrors, type Diagnostic } from "../diagnostics.js";
import type { LoadedContent, SourceFile } from "../load/load-content.js";
import { checkEvent, checkTimestamp, type Lookups, type PartialEvent } from "./check-event.js";
import { parseArrayFile, parseWith } from "./parse-sources.js";
import type { Site, SiteEvent, SiteParent, SiteSettings, SiteVenue } from "./site.js";
import { NumberIndex, UniqueIndex } from "./unique.js";
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
  return {
    id: p.id, title: p.title, url: p.url, slug, firstPublished,
    show_in_menus: p.show_in_menus, seo_title: p.seo_title, search_description: p.search_description,
    home: p.home ?? null,
  };
}

const ID_PATH = Object.freeze(["id"]);
const SLUG_PATH = Object.freeze(["slug"]);

/** What the checks across files need of one event page's file (a broken page's too, as far as it goes). */
export interface PageKeys {
  id?: number;
  slug: string;
  slugFromFile: boolean;
  /** By position in `performances`; null where an entry is broken. */
  performanceIds: (number | null)[];
  performanceCodes: (number | null)[];
}

/** The keys of a page that passed its own checks: what a cached page gives back. */
export type EventKeys = PageKeys & { id: number; performanceIds: number[]; performanceCodes: number[] };

export interface CheckedPage {
  /** The page resolved, when it passed every check of its own. */
  event: SiteEvent | null;
  /** Its keys for the checks across files; null when even its slug is unknown. */
  keys: PageKeys | null;
}

/**
 * The settings, checked once, and everything an event page is checked against. Checking a page
 * (checkPage) touches nothing shared, so pages may be checked on several threads; the checks
 * across files (register) run on one, in file-name order, so messages name the same "first" file.
 */
export class ContentValidator {
  readonly diagnostics: Diagnostic[] = [];
  /** The settings, resolved; null when a settings file has errors (event pages are still checked). */
  readonly settings: SiteSettings | null;
  private readonly look: Lookups;
  private readonly pageIds: UniqueIndex<number>;
  private readonly slugs: UniqueIndex<string>;
  private readonly performanceIds: NumberIndex;
  private readonly performanceCodes: NumberIndex;
  private readonly catalogueFile: string;

  constructor(loaded: Omit<LoadedContent, "events">) {
    const diagnostics = this.diagnostics;
    const catalogue = loaded.catalogue ? parseWith(catalogueSchema, loaded.catalogue.data, loaded.catalogue.file, diagnostics) : null;
    this.catalogueFile = loaded.catalogue?.file ?? "catalogue.json";
    const zone = catalogue?.time_zone ?? "Australia/Sydney";
    const parent = catalogue ? checkParent(catalogue, this.catalogueFile, diagnostics) : null;

    const venues = listFile(loaded.venues, venueSchema, "venues {id, name, ticketing_code, time_zone?}", [], diagnostics);
    const programs = listFile(loaded.programs, namedSchema, "programs {id, name}", [], diagnostics);
    const genres = listFile(loaded.genres, namedSchema, "genres {id, name}", DEFAULT_GENRES as NamedSource[], diagnostics);
    const accessibility = listFile(loaded.accessibility, namedSchema, "accessibility values {id, name}", DEFAULT_ACCESSIBILITY as NamedSource[], diagnostics);
    const images = listFile(loaded.images, imageSchema, "images {id, title, file, alt?, focal_point?}", [], diagnostics);
    const siteVenues = new Map<number, SiteVenue>();
    for (const [venueId, v] of venues.map) siteVenues.set(venueId, { ...v, zone: v.time_zone ?? zone });

    this.look = {
      catalogueZone: zone, venues: siteVenues, programs: programs.map, genres: genres.map,
      accessibility: accessibility.map, images: images.map,
      broken: { venues: venues.broken, programs: programs.broken, genres: genres.broken, accessibility: accessibility.broken, images: images.broken },
    };
    // Without venues.json (already reported) every venue reference is unknowable: report none as dangling.
    if (!loaded.venues) this.look.broken.venues = "all";

    this.pageIds = new UniqueIndex<number>("page id", diagnostics);
    if (catalogue) {
      this.pageIds.add(catalogue.parent.id, { file: this.catalogueFile, path: ["parent", "id"] });
      if (catalogue.parent.home) this.pageIds.add(catalogue.parent.home.id, { file: this.catalogueFile, path: ["parent", "home", "id"] });
    }
    this.slugs = new UniqueIndex<string>("slug", diagnostics);
    this.performanceIds = new NumberIndex("performance id", "id");
    this.performanceCodes = new NumberIndex("performance ticketing code", "ticketing_code");
    this.settings = hasErrors(diagnostics) || !catalogue || !parent
      ? null
      : { catalogue, parent, venues: siteVenues, programs: programs.map, genres: genres.map, accessibility: accessibility.map, images: images.map };
  }

  /** Whether any error was found so far: the build stops producing files, but goes on checking. */
  get failed(): boolean {
    return this.settings === null || hasErrors(this.diagnostics);
  }

  /** Checks one event page's data on its own, reporting into `diagnostics`. */
  checkPage(file: string, data: unknown, diagnostics: Diagnostic[]): CheckedPage {
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      diagnostics.push(error(file, [], `must hold one JSON object (an event page {id, title, ...}), found ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}`));
      return { event: null, keys: null };
    }
    const strict = parseWith(eventSchema, data, file, diagnostics);
    const src: PartialEvent = strict ?? (lenientEventSchema.parse(data) as PartialEvent);
    const fileSlug = path.basename(file, ".json");
    if (src.slug === undefined && !SLUG.test(fileSlug)) {
      diagnostics.push(error(file, ["slug"], `is not given and the file name "${fileSlug}" is not a valid slug (lowercase words of a-z and 0-9 joined by single hyphens); rename the file or add "slug"`));
      return { event: null, keys: null };
    }
    const slug = src.slug ?? fileSlug;
    const keys: PageKeys = {
      ...(src.id !== undefined ? { id: src.id } : {}),
      slug,
      slugFromFile: src.slug === undefined,
      // Positions matter for messages: a broken performance keeps its index.
      performanceIds: (src.performances ?? []).map((p) => (p ? p.id : null)),
      performanceCodes: (src.performances ?? []).map((p) => (p ? p.ticketing_code : null)),
    };
    return { event: checkEvent(file, src, strict !== null, slug, this.look, diagnostics), keys };
  }

  /** Records a page for the checks across files; pages must come in file-name order. */
  register(file: string, keys: PageKeys): void {
    // One place object per file for both keys: a large catalogue keeps one per page.
    if (keys.id !== undefined) this.pageIds.add(keys.id, { file, path: ID_PATH });
    this.slugs.add(keys.slug, { file, path: SLUG_PATH }, keys.slugFromFile ? `"${keys.slug}" (taken from the file name)` : `"${keys.slug}"`);
    const fileNo = this.performanceIds.file(file);
    this.performanceCodes.file(file);
    keys.performanceIds.forEach((v, i) => v !== null && this.performanceIds.add(v, fileNo, i));
    keys.performanceCodes.forEach((v, i) => v !== null && this.performanceCodes.add(v, fileNo, i));
  }

  /** Checks a page and records it: the two steps in one, for a single thread. */
  event(file: string, data: unknown): CheckedPage {
    const page = this.checkPage(file, data, this.diagnostics);
    if (page.keys) this.register(file, page.keys);
    return page;
  }

  /** Ends the checks across files; every diagnostic of the content, sorted later by the caller. */
  finish(): Diagnostic[] {
    this.performanceIds.report(this.diagnostics);
    this.performanceCodes.report(this.diagnostics);
    return this.diagnostics;
  }
}

/** The whole catalogue at once (for callers that hold it): the settings and every page, resolved. */
export function validateContent(loaded: Omit<LoadedContent, "events"> & { events: SourceFile[] }): { value: Site | null; diagnostics: Diagnostic[] } {
  const validator = new ContentValidator(loaded);
  const events: SiteEvent[] = [];
  for (const { file, data } of loaded.events) {
    const { event } = validator.event(file, data);
    if (event) events.push(event);
  }
  const diagnostics = validator.finish();
  if (hasErrors(diagnostics) || !validator.settings) return { value: null, diagnostics };
  events.sort((a, b) => a.source.id - b.source.id);
  return { value: { ...validator.settings, events }, diagnostics };
}
