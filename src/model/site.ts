// The validated catalogue: every reference resolved, every timestamp an instant. Enrich reads only this.
import type { CatalogueSource } from "../content/catalogue.js";
import type { EventSource, PerformanceSource } from "../content/event.js";
import type { NamedSource, VenueSource } from "../content/lists.js";
import type { KeyPath } from "./diagnostics.js";
import type { SiteImage } from "./image.js";
import type { RichTextReference } from "./rich-text.js";
import type { Instant } from "../runtime/time/instant.js";

export interface SiteVenue extends VenueSource {
  /** The venue's own zone, or the catalogue's. */
  zone: string;
}

export interface SitePerformance {
  source: PerformanceSource;
  venue: SiteVenue;
  start: Instant;
}

/** When a page is in the API (Wagtail's live, go_live_at and expire_at), each instant resolved. */
export interface Publication {
  /** False: a draft, never in the API. */
  live: boolean;
  goLiveAt: Instant | null;
  expireAt: Instant | null;
}

export interface SiteEvent {
  file: string;
  source: EventSource;
  slug: string;
  /** The page's own, else its go-live; null only for a draft that gives neither (it is never published). */
  firstPublished: Instant | null;
  publication: Publication;
  /** In ascending start, ties by id. */
  performances: SitePerformance[];
  /** The event gives a key of the fuller rendering. */
  fuller: boolean;
  /** What its rich text names by id (pages, documents, images), each with the text's key path. */
  references: ReferenceAt[];
}

/** An event page in the API at the build's now: it has a first publication. */
export type PublishedEvent = SiteEvent & { firstPublished: Instant };

/** A reference of a rich text, and the key path of that text. */
export interface ReferenceAt {
  reference: Exclude<RichTextReference, { kind: "media" }>;
  path: KeyPath;
}

export interface SiteHome {
  id: number;
  title: string;
  type: string;
  slug: string;
  firstPublished: Instant | null;
  show_in_menus: boolean;
  seo_title: string;
  search_description: string;
}

export interface SiteParent {
  id: number;
  title: string;
  url: string;
  slug: string;
  firstPublished: Instant | null;
  show_in_menus: boolean;
  seo_title: string;
  search_description: string;
  home: SiteHome | null;
}

/** Everything but the event pages: what each page is checked and enriched against. */
export interface SiteSettings {
  catalogue: CatalogueSource;
  parent: SiteParent;
  venues: Map<number, SiteVenue>;
  programs: Map<number, NamedSource>;
  genres: Map<number, NamedSource>;
  accessibility: Map<number, NamedSource>;
  /** With each original's format once the build has read content/images/ (steps/check-images.ts). */
  images: Map<number, SiteImage>;
}

/**
 * What the checks across pages, the lists, the query index, the warnings and the clock need of
 * one event page, kept once the page itself is written: the build holds this, never the pages.
 */
export interface PageSummary {
  file: string;
  id: number;
  slug: string;
  title: string;
  show_in_menus: boolean;
  seo_title: string;
  search_description: string;
  /** ISO 8601 in the catalogue's zone, as the API shows it. */
  first_published_at: string;
  on_sale: boolean;
  is_education_event: boolean;
  custom_label: string | null;
  /** The page's own, or the catalogue's. */
  ticket_button_text: string;
  /** The thumbnail's image, and whether the page gives the thumbnail an alt of its own. */
  thumbnail: number;
  ownThumbnailAlt: boolean;
  /** Every image the page shows. */
  images: number[];
  /** The pages its rich text links to by id, each with the text's key path (absent when none). */
  pageLinks?: [id: number, path: KeyPath][];
  /** The page's earliest performance start not before now, and what changes then. */
  next: { instant: Instant; changes: PageChange[] } | null;
}

/** What changes of a page at an instant: a performance's is_past (and with the last, the page's in_past), or the page leaves the API. */
export type PageChange = { performance: number; endsPage: boolean } | { expires: true };

/** A valid page the API leaves out at the build's now: a draft, one scheduled to go live, or one expired. */
export interface UnpublishedPage {
  file: string;
  id: number;
  slug: string;
  status: "draft" | "scheduled" | "expired";
  /** The go-live of a scheduled page, the expiry of an expired one. */
  at: Instant | null;
  /** The images it shows: an image a draft uses is not an unused one. */
  images: number[];
}

/** The validated catalogue: settings, and a summary of each event page. */
export interface Site extends SiteSettings {
  /** In ascending page id: an array, or read back from disk on each pass (see cache/summary-store.ts). */
  events: EventSummaries;
}

/** The summaries in ascending page id, as many passes as wanted (an array is one). */
export interface EventSummaries extends Iterable<PageSummary> {
  readonly length: number;
  /** Kept on disk: each page's id, and its summary read (parsed again) only when asked for. */
  lazily?(): Iterable<[id: number, summary: () => PageSummary]>;
}

/** The pages' ids in ascending order, without reading the summaries kept on disk. */
export function* idsOf(events: EventSummaries): Generator<number> {
  if (events.lazily) for (const [id] of events.lazily()) yield id;
  else for (const e of events) yield e.id;
}

/** Each page's id and its summary on demand (read from disk only when asked for), in ascending id. */
export function lazily(events: EventSummaries): Iterable<[id: number, summary: () => PageSummary]> {
  if (events.lazily) return events.lazily();
  return (function* () {
    for (const e of events) yield [e.id, () => e] as [number, () => PageSummary];
  })();
}
