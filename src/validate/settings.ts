// The settings: catalogue.json and the lists every page refers to (venues, programs, genres,
// accessibility values, images), checked against their schemas and each other.
import type { z } from "zod";
import { catalogueSchema, DEFAULT_IMAGE_FORMATS, type CatalogueSource } from "../content/catalogue.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imageSchema, namedSchema, venueSchema, type NamedSource } from "../content/lists.js";
import { error, hasErrors, type Diagnostic } from "../model/diagnostics.js";
import type { SiteParent, SiteSettings, SiteVenue } from "../model/site.js";
import { baseName, type LoadedContent, type SourceFile } from "../load/source-names.js";
import { checkTimestamp, type Lookups } from "./check-event.js";
import { parseArrayFile, parseWith } from "./parse-sources.js";
import { UniqueIndex } from "./unique.js";

function listFile<S extends z.ZodType>(
  source: SourceFile | null,
  schema: S,
  what: string,
  fallback: z.infer<S>[],
  diagnostics: Diagnostic[],
  compileAfter: number,
): { map: Map<number, z.infer<S>>; broken: Set<number> | "all" } {
  const map = new Map<number, z.infer<S>>();
  if (!source) {
    for (const item of fallback) map.set((item as { id: number }).id, item);
    return { map, broken: new Set() };
  }
  const parsed = parseArrayFile(schema, source.data, source.file, what, diagnostics, compileAfter);
  const ids = new UniqueIndex<number>("id", diagnostics);
  for (const { index, value } of parsed.items) {
    const itemId = (value as { id: number }).id;
    if (ids.add(itemId, { file: source.file, path: [index, "id"] })) map.set(itemId, value);
  }
  return { map, broken: parsed.brokenIds };
}

/** `venues.yaml` when the content writes it so, else `venues.json`: where a message sends the editor. */
const nameOf = (source: SourceFile | null, name: string) => (source ? baseName(source.file) : `${name}.json`);

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
export function validateSettings(loaded: LoadedContent, compileAfter: number): SettingsCheck {
  const diagnostics: Diagnostic[] = [];
  const catalogue = loaded.catalogue ? parseWith(catalogueSchema, loaded.catalogue.data, loaded.catalogue.file, diagnostics, [], compileAfter) : null;
  const catalogueFile = loaded.catalogue?.file ?? "catalogue.json";
  const zone = catalogue?.time_zone ?? "Australia/Sydney";
  const parent = catalogue ? checkParent(catalogue, catalogueFile, diagnostics) : null;

  const venues = listFile(loaded.venues, venueSchema, "venues {id, name, ticketing_code, time_zone?}", [], diagnostics, compileAfter);
  const programs = listFile(loaded.programs, namedSchema, "programs {id, name}", [], diagnostics, compileAfter);
  const genres = listFile(loaded.genres, namedSchema, "genres {id, name}", DEFAULT_GENRES as NamedSource[], diagnostics, compileAfter);
  const accessibility = listFile(loaded.accessibility, namedSchema, "accessibility values {id, name}", DEFAULT_ACCESSIBILITY as NamedSource[], diagnostics, compileAfter);
  const images = listFile(loaded.images, imageSchema, "images {id, title, file, alt?, focal_point?}", [], diagnostics, compileAfter);
  const siteVenues = new Map<number, SiteVenue>();
  for (const [venueId, v] of venues.map) siteVenues.set(venueId, { ...v, zone: v.time_zone ?? zone });

  const look: Lookups = {
    catalogueZone: zone, imageFormats: catalogue?.image_formats ?? (loaded.catalogue ? null : DEFAULT_IMAGE_FORMATS), compileAfter, venues: siteVenues, programs: programs.map, genres: genres.map,
    accessibility: accessibility.map, images: images.map,
    broken: { venues: venues.broken, programs: programs.broken, genres: genres.broken, accessibility: accessibility.broken, images: images.broken },
    files: {
      venues: nameOf(loaded.venues, "venues"), programs: nameOf(loaded.programs, "programs"), genres: nameOf(loaded.genres, "genres"),
      accessibility: nameOf(loaded.accessibility, "accessibility"), images: nameOf(loaded.images, "images"), catalogue: nameOf(loaded.catalogue, "catalogue"),
    },
    defaults: { genres: !loaded.genres, accessibility: !loaded.accessibility },
  };
  // Without venues.json (already reported) every venue reference is unknowable: report none as dangling.
  if (!loaded.venues) look.broken.venues = "all";
  const settings =
    hasErrors(diagnostics) || !catalogue || !parent
      ? null
      : { catalogue, parent, venues: siteVenues, programs: programs.map, genres: genres.map, accessibility: accessibility.map, images: images.map };
  return { settings, catalogue, look, catalogueFile, diagnostics };
}
