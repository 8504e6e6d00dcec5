// The pages above the event pages: the parent (events.AllEventsPage), with its own detail (content
// format, section 7) and the reference every event page's meta carries, and the home page above it,
// the site's root, with a detail of its own so that every page's detail_url answers.
import { isoformat } from "../runtime/time/format-dates.js";
import type { SiteSettings } from "../model/site.js";

export const PARENT_TYPE = "events.AllEventsPage";

export function pageUrl(site: SiteSettings, slug: string): string {
  return `${site.parent.url}${slug}/`;
}

export function pageDetailUrl(baseUrl: string, pageId: number): string {
  return `${baseUrl}/api/v2/pages/${pageId}/`;
}

export function parentReference(site: SiteSettings) {
  const c = site.catalogue;
  return {
    id: site.parent.id,
    meta: { type: PARENT_TYPE, detail_url: pageDetailUrl(c.base_url, site.parent.id), html_url: c.site_url + site.parent.url },
    title: site.parent.title,
  };
}

export function parentDetail(site: SiteSettings) {
  const c = site.catalogue;
  const p = site.parent;
  const ref = parentReference(site);
  return {
    id: p.id,
    meta: {
      type: PARENT_TYPE,
      detail_url: ref.meta.detail_url,
      html_url: ref.meta.html_url,
      slug: p.slug,
      show_in_menus: p.show_in_menus,
      seo_title: p.seo_title,
      search_description: p.search_description,
      first_published_at: p.firstPublished ? isoformat(p.firstPublished, c.time_zone) : null,
      alias_of: null,
      parent: p.home
        ? {
            id: p.home.id,
            meta: { type: p.home.type, detail_url: pageDetailUrl(c.base_url, p.home.id), html_url: `${c.site_url}/` },
            title: p.home.title,
          }
        : null,
    },
    title: p.title,
  };
}

/** The home page's detail: a page with no fields of its own (as Wagtail answers for wagtailcore.Page). */
export function homeDetail(site: SiteSettings) {
  const c = site.catalogue;
  const h = site.parent.home!;
  return {
    id: h.id,
    meta: {
      type: h.type,
      detail_url: pageDetailUrl(c.base_url, h.id),
      html_url: `${c.site_url}/`,
      slug: h.slug,
      show_in_menus: h.show_in_menus,
      seo_title: h.seo_title,
      search_description: h.search_description,
      first_published_at: h.firstPublished ? isoformat(h.firstPublished, c.time_zone) : null,
      alias_of: null,
      parent: null,
    },
    title: h.title,
  };
}

/** A page as a list item (2.8): the fields Wagtail lists by default, taken from its detail. */
export function pageListItem(detail: ReturnType<typeof homeDetail> | ReturnType<typeof parentDetail>) {
  const m = detail.meta;
  return {
    id: detail.id,
    meta: { type: m.type, detail_url: m.detail_url, html_url: m.html_url, slug: m.slug, first_published_at: m.first_published_at },
    title: detail.title,
  };
}
