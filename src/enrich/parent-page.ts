// The parent page (events.AllEventsPage): its own detail (content format, section 7) and the
// reference to it that every event page's meta carries.
import { isoformat } from "../time/format-dates.js";
import type { SiteSettings as Site } from "../validate/site.js";

export const PARENT_TYPE = "events.AllEventsPage";

export function pageDetailUrl(baseUrl: string, pageId: number): string {
  return `${baseUrl}/api/v2/pages/${pageId}/`;
}

export function parentReference(site: Site) {
  const c = site.catalogue;
  return {
    id: site.parent.id,
    meta: { type: PARENT_TYPE, detail_url: pageDetailUrl(c.base_url, site.parent.id), html_url: c.site_url + site.parent.url },
    title: site.parent.title,
  };
}

export function parentDetail(site: Site) {
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
