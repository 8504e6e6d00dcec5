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

/** What the checks across files need of one event page: all a cached page gives back. */
export interface EventKeys {
  id: number;
  slug: string;
  slugFromFile: boolean;
  performanceIds: number[];
  performanceCodes: number[];
}

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

  /** Checks one event page's data; returns it resolved when it has no error of its own. */
  event(file: string, data: unknown): { event: SiteEvent | null; keys: EventKeys | null } {
    const diagnostics = this.diagnostics;
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
    const keys: EventKeys = {
      id: src.id as number,
      slug: src.slug ?? fileSlug,
      slugFromFile: src.slug === undefined,
      performanceIds: [],
      performanceCodes: [],
    };
    // Positions matter for messages: a null (broken) performance keeps its index.
    const ids: (number | null)[] = (src.performances ?? []).map((p) => (p ? p.id : null));
    const codes: (number | null)[] = (src.performances ?? []).map((p) => (p ? p.ticketing_code : null));
    this.register(file, src.id, keys.slug, keys.slugFromFile, ids, codes);
    const checked = checkEvent(file, src, strict !== null, keys.slug, this.look, diagnostics);
    keys.performanceIds = ids as number[];
    keys.performanceCodes = codes as number[];
    return { event: checked, keys: checked ? keys : null };
  }

  /** Records a page whose own checks passed in an earlier build (same file, same settings). */
  known(file: string, keys: EventKeys): void {
    this.register(file, keys.id, keys.slug, keys.slugFromFile, keys.performanceIds, keys.performanceCodes);
  }

  private register(file: string, pageId: number | undefined, slug: string, fromFile: boolean, ids: readonly (number | null)[], codes: readonly (number | null)[]): void {
    if (pageId !== undefined) this.pageIds.add(pageId, { file, path: ["id"] });
    this.slugs.add(slug, { file, path: ["slug"] }, fromFile ? `"${slug}" (taken from the file name)` : `"${slug}"`);
    const fileNo = this.performanceIds.file(file);
    this.performanceCodes.file(file);
    ids.forEach((v, i) => v !== null && this.performanceIds.add(v, fileNo, i));
    codes.forEach((v, i) => v !== null && this.performanceCodes.add(v, fileNo, i));
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
