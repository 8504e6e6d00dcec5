// The validated catalogue: every reference resolved, every timestamp an instant. Enrich reads only this.
import type { CatalogueSource } from "../content/catalogue.js";
import type { EventSource, PerformanceSource } from "../content/event.js";
import type { ImageSource, NamedSource, VenueSource } from "../content/lists.js";
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

export interface SiteEvent {
  file: string;
  source: EventSource;
  slug: string;
  firstPublished: Instant;
  /** In ascending start, ties by id. */
  performances: SitePerformance[];
  /** The event gives a key of the fuller rendering. */
  fuller: boolean;
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

export interface Site {
  catalogue: CatalogueSource;
  parent: SiteParent;
  venues: Map<number, SiteVenue>;
  programs: Map<number, NamedSource>;
  genres: Map<number, NamedSource>;
  accessibility: Map<number, NamedSource>;
  images: Map<number, ImageSource>;
  /** In ascending page id. */
  events: SiteEvent[];
}
