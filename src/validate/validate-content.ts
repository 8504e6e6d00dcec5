// Validate stage: schemas first, then the rules across files (unique ids and slugs, references,
// timestamps), collecting every error. Returns the resolved Site only when there is none.
import path from "node:path";
import { catalogueSchema, type CatalogueSource } from "../content/catalogue.js";
import { SLUG } from "../content/common.js";
import { eventSchema, lenientEventSchema } from "../content/event.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imageSchema, namedSchema, venueSchema, type NamedSource } from "../content/lists.js";
import { error, hasErrors, type Diagnostic } from "../diagnostics.js";
import type { LoadedContent, SourceFile } from "../load/load-content.js";
import { formatOf, stemOf } from "../load/source-file.js";
import { checkEvent, checkTimestamp, type Lookups, type PartialEvent } from "./check-event.js";
import { parseArrayFile, parseWith } from "./parse-sources.js";
import { coveredBy, findPlaceholders } from "./placeholders.js";
import type { Site, SiteEvent, SiteParent, SiteVenue } from "./site.js";
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

export function validateContent(loaded: LoadedContent): { value: Site | null; diagnostics: Diagnostic[] } {
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

  const pageIds = new UniqueIndex<number>("page id", diagnostics);
  if (catalogue) {
    pageIds.add(catalogue.parent.id, { file: catalogueFile, path: ["parent", "id"] });
    if (catalogue.parent.home) pageIds.add(catalogue.parent.home.id, { file: catalogueFile, path: ["parent", "home", "id"] });
  }
  const slugs = new UniqueIndex<string>("slug", diagnostics);
  const performanceIds = new UniqueIndex<number>("performance id", diagnostics);
  const performanceCodes = new UniqueIndex<number>("performance ticketing code", diagnostics);

  const events: SiteEvent[] = [];
  for (const { file, data } of loaded.events) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      diagnostics.push(error(file, [], `must hold one ${formatOf(file) === "yaml" ? "YAML mapping" : "JSON object"} (an event page {id, title, ...}), found ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}`));
      continue;
    }
    const before = diagnostics.length;
    const placeholders = findPlaceholders(file, data);
    const strict = parseWith(eventSchema, data, file, diagnostics);
    const src: PartialEvent = strict ?? (lenientEventSchema.parse(data) as PartialEvent);
    const fileSlug = stemOf(path.basename(file));
    if (src.slug === undefined && !SLUG.test(fileSlug)) {
      diagnostics.push(error(file, ["slug"], `is not given and the file name "${fileSlug}" is not a valid slug (lowercase words of a-z and 0-9 joined by single hyphens); rename the file or add "slug"`));
      continue;
    }
    const slug = src.slug ?? fileSlug;
    if (src.id !== undefined) pageIds.add(src.id, { file, path: ["id"] });
    slugs.add(slug, { file, path: ["slug"] }, src.slug === undefined ? `"${slug}" (taken from the file name)` : `"${slug}"`);
    src.performances?.forEach((p, i) => {
      if (!p) return;
      performanceIds.add(p.id, { file, path: ["performances", i, "id"] });
      performanceCodes.add(p.ticketing_code, { file, path: ["performances", i, "ticketing_code"] });
    });
    const checked = checkEvent(file, src, strict !== null, slug, look, diagnostics);
    if (placeholders.length > 0) {
      // A placeholder is reported as one, not as the wrong type or timestamp it also is.
      const found = diagnostics.splice(before);
      diagnostics.push(...placeholders, ...found.filter((d) => !coveredBy(placeholders, d)));
    } else if (checked) events.push(checked);
  }

  if (hasErrors(diagnostics) || !catalogue || !parent) return { value: null, diagnostics };
  events.sort((a, b) => a.source.id - b.source.id);
  return {
    value: { catalogue, parent, venues: siteVenues, programs: programs.map, genres: genres.map, accessibility: accessibility.map, images: images.map, events },
    diagnostics,
  };
}
