// One event page in the API's two forms: the detail (2.1, both tables) and the list item (2.8).
import type { Instant } from "../runtime/time/instant.js";
import { isoformat } from "../runtime/time/format-dates.js";
import type { PageSummary, PublishedEvent, SiteEvent, SiteSettings } from "../model/site.js";
import { descriptionBlocks } from "./blocks.js";
import { heroImage, thumbnail } from "./images.js";
import { dateRange, inPast, performances } from "./performances.js";
import { pageDetailUrl, pageUrl, parentReference } from "./parent-page.js";
import { pageNextChange } from "./next-change.js";

export function eventListItem(site: SiteSettings, page: Pick<PageSummary, "id" | "slug" | "title" | "first_published_at">) {
  const c = site.catalogue;
  return {
    id: page.id,
    meta: {
      type: "events.EventPage",
      detail_url: pageDetailUrl(c.base_url, page.id),
      html_url: c.site_url + pageUrl(site, page.slug),
      slug: page.slug,
      first_published_at: page.first_published_at,
    },
    title: page.title,
  };
}

/** What the build keeps of a page once its documents are written (see PageSummary); `expiresAt`: when it leaves the API, if set. */
export function summarize(site: SiteSettings, event: PublishedEvent, now: Instant, expiresAt: Instant | null): PageSummary {
  const src = event.source;
  const pageLinks: PageSummary["pageLinks"] = [];
  for (const { reference, path } of event.references) if (reference.kind === "page") pageLinks.push([reference.id, path]);
  const summary: PageSummary = {
    file: event.file,
    id: src.id,
    slug: event.slug,
    title: src.title,
    show_in_menus: src.show_in_menus,
    seo_title: src.seo_title,
    search_description: src.search_description,
    first_published_at: isoformat(event.firstPublished, site.catalogue.time_zone),
    on_sale: src.on_sale,
    is_education_event: src.is_education_event,
    custom_label: src.custom_label,
    ticket_button_text: src.ticket_button_text ?? site.catalogue.ticket_button_text,
    thumbnail: src.thumbnail.image,
    ownThumbnailAlt: src.thumbnail.alt !== undefined,
    images: imagesOf(event),
    next: pageNextChange(event, now, expiresAt),
  };
  if (pageLinks.length > 0) summary.pageLinks = pageLinks;
  return summary;
}

/** Every image the page shows, once each. */
export function imagesOf(event: SiteEvent): number[] {
  const src = event.source;
  const images = [src.thumbnail.image];
  if (src.hero_image != null) images.push(src.hero_image);
  for (const block of src.description ?? []) {
    if (block.type === "image_carousel") block.value.figures.forEach((f) => images.push(f.image));
    if (block.type === "logo_wall") block.value.groups.forEach((g) => g.logos.forEach((l) => images.push(l.logo)));
  }
  for (const { reference } of event.references) if (reference.kind === "image") images.push(reference.id);
  return [...new Set(images)];
}

export function eventDetail(site: SiteSettings, event: PublishedEvent, now: Instant) {
  const c = site.catalogue;
  const src = event.source;
  const image = (imageId: number) => site.images.get(imageId)!;
  const named = (map: Map<number, { id: number; name: string }>, refId: number) => {
    const n = map.get(refId)!;
    return { id: n.id, name: n.name };
  };
  const venue = site.venues.get(src.venue)!;
  const item = eventListItem(site, { id: src.id, slug: event.slug, title: src.title, first_published_at: isoformat(event.firstPublished, c.time_zone) });
  const basic = {
    id: src.id,
    meta: {
      type: item.meta.type,
      detail_url: item.meta.detail_url,
      html_url: item.meta.html_url,
      slug: event.slug,
      show_in_menus: src.show_in_menus,
      seo_title: src.seo_title,
      search_description: src.search_description,
      first_published_at: item.meta.first_published_at,
      alias_of: null,
      parent: parentReference(site),
    },
    title: src.title,
    url: pageUrl(site, event.slug),
    on_sale: src.on_sale,
    event_type_list: null,
    genre: src.genre.map((g) => named(site.genres, g)),
    accessibility: src.accessibility.map((a) => named(site.accessibility, a)),
    venue: { id: venue.id, name: venue.name },
    program: src.program === null ? null : named(site.programs, src.program),
    thumbnail: thumbnail(image(src.thumbnail.image), src.thumbnail.alt, c.cdn_url),
    date_range: dateRange(event),
    performances: performances(event, c.ticketing, now),
    ticket_button_text: src.ticket_button_text ?? c.ticket_button_text,
    label: null,
    custom_label: src.custom_label,
    in_past: inPast(event, now),
    is_education_event: src.is_education_event,
  };
  if (!event.fuller) return basic;
  return {
    ...basic,
    sub_title: src.sub_title ?? "",
    hero_image: src.hero_image == null ? null : heroImage(image(src.hero_image), c.image_type, c.base_url, c.cdn_url),
    hero_video: null,
    description: descriptionBlocks(src.id, src.description ?? []),
    duration: null,
    additional_cta_text: null,
    additional_cta_link: null,
    additional_information: (src.additional_information ?? []).map((a) => ({ id: a.id, title: a.title, content: a.content })),
    faqs: (src.faqs ?? []).map((faq) => ({ id: faq, meta: { type: "events.EventFaqs" } })),
    event: { id: src.event.id, meta: { type: "events.Event" } },
    related_events: [],
    ticketing_code: src.event.ticketing_code,
    education_category: [],
    extra_tab_title: null,
    extra_tab_content: [],
  };
}
