// catalogue.json: the site-wide settings (content format, section 2).
import { z } from "zod";
import { httpUrl, id, longText, nonEmpty, schemaReference, sitePath, slug, timeZone, timestampText } from "./common.js";

/** The page above the parent: the site's root page (`/`), published with a detail of its own. */
/** The zone a catalogue without `time_zone` is in. */
export const DEFAULT_TIME_ZONE = "Australia/Sydney";

export const homePageSchema = z.strictObject({
  id,
  title: nonEmpty,
  type: z.string().regex(/^\w+\.\w+$/, { error: "must be a page type such as \"wagtailcore.Page\"" }).default("wagtailcore.Page"),
  slug: slug.default("home"),
  first_published_at: timestampText.nullable().default(null),
  show_in_menus: z.boolean().default(false),
  seo_title: z.string().default(""),
  search_description: longText.default(""),
});

export const parentPageSchema = z.strictObject({
  id,
  title: nonEmpty,
  url: sitePath,
  slug: slug.optional(),
  first_published_at: timestampText.nullable().default(null),
  show_in_menus: z.boolean().default(false),
  seo_title: z.string().default(""),
  search_description: longText.default(""),
  home: homePageSchema.optional(),
});

export const ticketingSchema = z.strictObject({
  url: httpUrl,
  gateway_path: z.string().regex(/^\/\S*$/, { error: "must be a path starting with \"/\"" }),
  purchase_page: z.string().regex(/^\S+$/, { error: "must be a page path without spaces, such as \"/seatplan\"" }),
  waitlist_page: z.string().regex(/^\S+$/, { error: "must be a page path without spaces, such as \"/waitlist\"" }),
});

/** Wagtail's own image formats, which a site keeps unless it registers others. */
export const DEFAULT_IMAGE_FORMATS: readonly string[] = ["fullwidth", "left", "right"];

export const catalogueSchema = z.strictObject({
  base_url: httpUrl.describe("The absolute http(s) URL of the API, such as https://api.example.org."),
  site_url: httpUrl.describe("The absolute URL of the public web site."),
  cdn_url: httpUrl.describe("The absolute URL images are served from."),
  time_zone: timeZone.default(DEFAULT_TIME_ZONE).describe("The site's IANA time zone: first_published_at values are written in it."),
  parent: parentPageSchema.describe("The events.AllEventsPage every event page sits under: {id, title, url, ...}."),
  ticketing: ticketingSchema.describe("The ticketing system: {url, gateway_path, purchase_page, waitlist_page}."),
  ticket_button_text: z.string().default("Buy tickets").describe("For events that give none."),
  image_type: z.string().regex(/^\w+\.\w+$/, { error: "must be a type such as \"wagtailimages.Image\"" }).default("wagtailimages.Image"),
  image_formats: z
    .array(z.string().regex(/^[A-Za-z0-9_-]+$/, { error: "must be an image format's name such as \"fullwidth\" (letters, digits, \"-\" and \"_\")" }))
    .default(() => [...DEFAULT_IMAGE_FORMATS])
    .describe("The formats an image placed in rich text may name (<embed ... format=\"left\"/>): the names of the image formats the Wagtail site registers. Default: Wagtail's fullwidth, left and right."),
  // Hosting settings (not part of the live API, which sends neither header): off by default.
  cors_origins: z
    .array(z.string().regex(/^(\*|https?:\/\/[^/\s]+)$/, { error: "must be \"*\" or an origin such as \"https://www.example.org\" (scheme and host, no path)" }))
    .default([]),
  cache_control: z.string().regex(/^[\x20-\x7e]+$/, { error: "must be a Cache-Control value such as \"public, max-age=300\"" }).nullable().default(null),
  $schema: schemaReference,
});

export type CatalogueSource = z.infer<typeof catalogueSchema>;
