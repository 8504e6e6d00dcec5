// catalogue.json and the lists (venues, programs, genres, accessibility) from the pages read: the
// URLs the documents are written with, the parent and home pages, the ticketing links parsed,
// and every list only where it says more than the content format's defaults.
import type { z } from "zod";
import { DEFAULT_IMAGE_FORMATS, type catalogueSchema } from "../content/catalogue.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, type NamedSource } from "../content/lists.js";
import { mostCommon } from "./most-common.js";
import type { PagesRead } from "./read-pages.js";
import type { EventDetailRead } from "./read-shapes.js";

export type CatalogueFileSource = z.input<typeof catalogueSchema>;

const DEFAULT_IMAGE_TYPE = "wagtailimages.Image";
const LINK = /^(https?:\/\/[^/?#]+)(\/[^?#]*)\?E=N&QL=S[^|]*\|V[^|]*\|P[^|]*\|G~(.*)$/;

/** The part of each URL before `marker`, most common first. */
function prefixBefore(urls: readonly string[], marker: RegExp): string | undefined {
  return mostCommon(urls.flatMap((u) => {
    const m = marker.exec(u);
    return m ? [u.slice(0, m.index)] : [];
  }));
}

export interface SiteUrls {
  base: string;
  site: string;
  cdn: string;
  parentUrl: string;
}

export function siteUrls(pages: PagesRead, readBase: string): SiteUrls {
  const details = pages.events.map((e) => e.detail);
  const site = mostCommon(details.flatMap((d) => (d.meta.html_url.endsWith(d.url) ? [d.meta.html_url.slice(0, d.meta.html_url.length - d.url.length)] : [])));
  const parentUrl = mostCommon(details.flatMap((d) => (d.url.endsWith(`/${d.meta.slug}/`) ? [d.url.slice(0, d.url.length - d.meta.slug.length - 1)] : [])));
  const base = prefixBefore([...details.map((d) => d.meta.detail_url), pages.parent?.page.meta.detail_url ?? ""], /\/api\/v2\/pages\/\d+\/$/) ?? readBase;
  const siteUrl = site ?? (pages.home ? pages.home.page.meta.html_url.replace(/\/$/, "") : readBase);
  const cdn =
    prefixBefore([...details.map((d) => d.thumbnail.url), ...details.flatMap((d) => (d.hero_image ? [d.hero_image.meta.download_url] : []))], /\/media\/(images|original_images)\//) ?? siteUrl;
  return { base, site: siteUrl, cdn, parentUrl: parentUrl ?? "/" };
}

export function catalogueSource(pages: PagesRead, urls: SiteUrls, zone: string, images: { types: readonly string[]; formats: readonly string[] }, notes: string[]): CatalogueFileSource {
  const details = pages.events.map((e) => e.detail);
  const parentPage = pages.parent?.page;
  const parent: Record<string, unknown> = { id: parentPage?.id ?? 0, title: parentPage?.title ?? "", url: urls.parentUrl };
  if (parentPage) {
    const m = parentPage.meta;
    if (m.slug !== urls.parentUrl.split("/").filter(Boolean).pop()) parent.slug = m.slug;
    if (m.first_published_at !== null) parent.first_published_at = m.first_published_at;
    if (m.show_in_menus) parent.show_in_menus = true;
    if (m.seo_title) parent.seo_title = m.seo_title;
    if (m.search_description) parent.search_description = m.search_description;
  }
  const homePage = pages.home?.page;
  if (homePage) {
    const m = homePage.meta;
    const home: Record<string, unknown> = { id: homePage.id, title: homePage.title };
    if (m.type !== "wagtailcore.Page") home.type = m.type;
    if (m.slug !== "home") home.slug = m.slug;
    if (m.first_published_at !== null) home.first_published_at = m.first_published_at;
    if (m.show_in_menus) home.show_in_menus = true;
    if (m.seo_title) home.seo_title = m.seo_title;
    if (m.search_description) home.search_description = m.search_description;
    parent.home = home;
  }
  const catalogue: Record<string, unknown> = { base_url: urls.base, site_url: urls.site, cdn_url: urls.cdn, time_zone: zone, parent, ticketing: ticketing(details, notes) };
  catalogue.ticket_button_text = mostCommon(details.map((d) => d.ticket_button_text)) ?? "Buy tickets";
  const imageType = mostCommon(images.types);
  if (imageType && imageType !== DEFAULT_IMAGE_TYPE) catalogue.image_type = imageType;
  // The site's image formats are not in the API: those its rich text names, besides Wagtail's own.
  const more = images.formats.filter((f) => !DEFAULT_IMAGE_FORMATS.includes(f));
  if (more.length > 0) {
    catalogue.image_formats = [...DEFAULT_IMAGE_FORMATS, ...more];
    notes.push(`the rich text places images in formats beyond Wagtail's own (${more.join(", ")}): catalogue.json's image_formats names them with Wagtail's three; make it the list of formats the site registers`);
  }
  return catalogue as CatalogueFileSource;
}

function ticketing(details: readonly EventDetailRead[], notes: string[]): Record<string, string> {
  for (const d of details) for (const p of d.performances) {
    const buy = LINK.exec(p.purchase_link);
    const wait = LINK.exec(p.waitlist_link);
    if (buy && wait) return { url: buy[1]!, gateway_path: buy[2]!, purchase_page: buy[3]!, waitlist_page: wait[3]! };
  }
  notes.push("no performance has ticketing links the import can read: catalogue.json's ticketing is a stand-in (https://tickets.example.org); write the real one");
  return { url: "https://tickets.example.org", gateway_path: "/gateway", purchase_page: "/seatplan", waitlist_page: "/waitlist" };
}

export interface VenueFileSource {
  id: number;
  name: string;
  ticketing_code: string;
  time_zone?: string;
}

/** Venues with the names the pages give and the codes the performances give; a zone only where it is not the catalogue's. */
export function venueSources(details: readonly EventDetailRead[], zoneOf: (id: number) => string, catalogueZone: string, notes: string[]): VenueFileSource[] {
  const names = new Map<number, string>();
  const codes = new Map<number, string>();
  for (const d of details) {
    if (!names.has(d.venue.id)) names.set(d.venue.id, d.venue.name);
    for (const p of d.performances) if (!codes.has(p.venue.id)) codes.set(p.venue.id, p.venue.ticketing_code);
  }
  const ids = [...new Set([...names.keys(), ...codes.keys()])].sort((a, b) => a - b);
  const unnamed = ids.filter((id) => !names.has(id));
  const uncoded = ids.filter((id) => !codes.has(id));
  if (unnamed.length) notes.push(`venue${unnamed.length === 1 ? "" : "s"} ${unnamed.join(", ")}: only performances name ${unnamed.length === 1 ? "it" : "them"}, so the API gives no name: written "Venue <id>"; write the real name`);
  if (uncoded.length) notes.push(`venue${uncoded.length === 1 ? "" : "s"} ${uncoded.join(", ")}: no performance there, so the API gives no ticketing code: written "UNKNOWN"; write the real code`);
  return ids.map((id) => {
    const v: VenueFileSource = { id, name: names.get(id) ?? `Venue ${id}`, ticketing_code: codes.get(id) ?? "UNKNOWN" };
    const zone = zoneOf(id);
    if (zone !== catalogueZone) v.time_zone = zone;
    return v;
  });
}

/** Programs, genres or accessibility values as the pages name them, by id. */
function namedOf(values: readonly { id: number; name: string }[]): NamedSource[] {
  const byId = new Map<number, string>();
  for (const v of values) if (!byId.has(v.id)) byId.set(v.id, v.name);
  return [...byId].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name }));
}

export function programSources(details: readonly EventDetailRead[]): NamedSource[] {
  return namedOf(details.flatMap((d) => (d.program ? [d.program] : [])));
}

/**
 * The list to write, or null when every value the pages use is the API document's default. A
 * list written replaces the defaults whole, so it keeps the defaults the pages do not use.
 */
export function namedListSource(used: readonly { id: number; name: string }[], defaults: readonly NamedSource[]): NamedSource[] | null {
  const seen = namedOf(used);
  const fallback = new Map(defaults.map((d) => [d.id, d.name]));
  if (seen.every((s) => fallback.get(s.id) === s.name)) return null;
  for (const s of seen) fallback.set(s.id, s.name);
  return [...fallback].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name }));
}

export const genreSources = (details: readonly EventDetailRead[]) => namedListSource(details.flatMap((d) => d.genre), DEFAULT_GENRES);
export const accessibilitySources = (details: readonly EventDetailRead[]) => namedListSource(details.flatMap((d) => d.accessibility), DEFAULT_ACCESSIBILITY);
