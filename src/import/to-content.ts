// The documents read turned into the files of content/ (path → text), with notes on what the API
// did not publish and the import had to make up or choose.
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES } from "../content/lists.js";
import type { ImagesPlan } from "./content-images.js";
import { eventSource } from "./content-events.js";
import { accessibilitySources, catalogueSource, genreSources, programSources, venueSources, type SiteUrls } from "./content-settings.js";
import type { Zones } from "./infer-zones.js";
import type { PagesRead } from "./read-pages.js";
import { checkFileName, checkSlug } from "./safe-names.js";

export interface ContentPlan {
  /** Relative path → the file's text; all but images.json (imagesFileText). */
  files: Map<string, string>;
  counts: { events: number; venues: number; programs: number; images: number };
  notes: string[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** images.json, written last: a size the API does not give may come from an original downloaded after the plan. */
export const IMAGES_FILE = "images.json";

export const imagesFileText = (records: ImagesPlan["records"]) => json(records);

export function planContent(pages: PagesRead, urls: SiteUrls, zones: Zones, images: ImagesPlan, imageTypes: readonly string[]): ContentPlan {
  const notes: string[] = [];
  const files = new Map<string, string>();
  const details = pages.events.map((e) => e.detail);
  const catalogue = catalogueSource(pages, urls, zones.catalogue, { types: imageTypes, formats: images.formats }, notes);
  files.set("catalogue.json", json(catalogue));
  const venues = venueSources(details, (id) => zones.venues.get(id) ?? zones.catalogue, zones.catalogue, notes);
  files.set("venues.json", json(venues));
  const programs = programSources(details);
  files.set("programs.json", json(programs));
  const genres = genreSources(details);
  if (genres) {
    files.set("genres.json", json(genres));
    notes.push(`genres.json written: the pages name genres that are not the API document's 13 (the file keeps those of the ${DEFAULT_GENRES.length} the pages do not use)`);
  }
  const accessibility = accessibilitySources(details);
  if (accessibility) {
    files.set("accessibility.json", json(accessibility));
    notes.push(`accessibility.json written: the pages name values that are not the API document's ${DEFAULT_ACCESSIBILITY.length} (the file keeps those the pages do not use)`);
  }

  const standIns: string[] = [];
  // Names as a file system that ignores case and Unicode normalization (macOS, Windows) compares them.
  const taken = new Set<string>();
  const key = (name: string) => name.normalize("NFC").toLowerCase();
  for (const d of details) {
    const document = `/api/v2/pages/${d.id}/`;
    // Checked as read (read-pages.ts); again here, where the slug becomes a path.
    checkSlug(d.meta.slug, `${document}: meta.slug`);
    const { source, standInEvent } = eventSource(d, {
      ticketButtonText: catalogue.ticket_button_text ?? "Buy tickets",
      thumbnail: images.thumbnails.get(d.id)!,
      zoneOf: (id) => zones.venues.get(id) ?? zones.catalogue,
    });
    // Two pages with one slug (under different parents) cannot share a file: the second names its
    // slug, in a file named with its id too (and a further suffix, should a page's slug be that name).
    let stem = d.meta.slug;
    if (taken.has(key(stem))) {
      stem = `${d.meta.slug}-${d.id}`;
      for (let n = 2; taken.has(key(stem)); n++) stem = `${d.meta.slug}-${d.id}-${n}`;
      Object.assign(source, { slug: d.meta.slug });
    }
    taken.add(key(stem));
    checkFileName(`${stem}.json`, `${document}: meta.slug`, d.meta.slug);
    const name = `events/${stem}.json`;
    const { id, slug, ...rest } = source;
    const ordered = slug === undefined ? source : { id, slug, ...rest };
    files.set(name, json(ordered));
    if (standInEvent) standIns.push(name);
  }
  if (standIns.length) {
    notes.push(
      `${standIns.length} page${standIns.length === 1 ? "" : "s"} without performances in the shorter rendering: the API publishes no event record for ${standIns.length === 1 ? "it" : "them"}, so \`event\` is a stand-in ({id, ticketing_code} = the page id; not published until a performance is added): ${standIns.join(", ")}`,
    );
  }
  return {
    files,
    counts: { events: details.length, venues: venues.length, programs: programs.length, images: images.records.length },
    notes: [...zones.notes, ...notes, ...images.notes],
  };
}
