// events/<file>.json: one event page (content format, section 3).
import { z } from "zod";
import { blockSchema } from "./blocks.js";
import { htmlFragment, id, idOf, longText, newId, newTicketingCode, nonEmpty, schemaReference, slug, timestampText, widgetHint } from "./common.js";
import { defaultsIdSchema } from "./lists.js";

export const performanceSchema = z.strictObject({
  id: newId("performance").describe("Performance id, unique across the catalogue."),
  ticketing_code: newTicketingCode("performance_ticketing").describe("The performance's code in the ticketing system, unique across the catalogue."),
  datetime: widgetHint(timestampText, "datetime").describe("When it starts: YYYY-MM-DDTHH:mm, the wall time at its venue (or with an offset, such as 2026-05-12T19:30+10:00)."),
  venue: idOf("venues").optional().describe("A venue id, when not the event's venue."),
});

export const eventSchema = z.strictObject({
  id: newId("page").describe("Page id, unique across the event pages, the parent page and its home page."),
  slug: slug.optional().describe("Lowercase words of a-z and 0-9 joined by hyphens; default: the file name."),
  title: nonEmpty.describe("The page title."),
  live: widgetHint(z.boolean(), "publication").default(true).describe("false: a draft, kept in content/ and left out of the API (Wagtail's live). Default: true."),
  go_live_at: widgetHint(timestampText, "datetime")
    .nullable()
    .optional()
    .describe("Go-live date: the page is left out of the API before this instant (a timestamp in the catalogue's time zone, or with an offset)."),
  expire_at: widgetHint(timestampText, "datetime")
    .nullable()
    .optional()
    .describe("Expiry date: the page is left out of the API from this instant (a timestamp in the catalogue's time zone, or with an offset)."),
  first_published_at: timestampText
    .optional()
    .describe("When the page was first published: a timestamp in the catalogue's time zone (or with an offset). Default: go_live_at; a published page without go_live_at needs it."),
  on_sale: z.boolean().describe("Whether tickets are on sale."),
  event: z.strictObject({ id: newId("event"), ticketing_code: newTicketingCode("event_ticketing") }).describe("The underlying event record: {id, ticketing_code}."),
  venue: idOf("venues").describe("A venue id from venues.json."),
  program: idOf("programs").nullable().default(null).describe("A program id from programs.json, or null."),
  genre: z
    .array(defaultsIdSchema("genres"))
    .default([])
    .describe("Genre ids: of genres.json, or without one the 13 default genres (1 = Theatre, 2 = Ballet & Dance, ...; see docs/content-format.md)."),
  accessibility: z
    .array(defaultsIdSchema("accessibility"))
    .default([])
    .describe("Accessibility value ids: of accessibility.json, or without one the 5 defaults (1 = Wheelchair Access, ...; see docs/content-format.md)."),
  thumbnail: z.strictObject({ image: idOf("images"), alt: z.string().optional() }).describe("{image, alt?}: an image id from images.json; alt defaults to the image's."),
  performances: z.array(performanceSchema).describe("The performances, possibly none: [{id, ticketing_code, datetime, venue?}]."),
  show_in_menus: z.boolean().default(false),
  seo_title: z.string().default(""),
  search_description: longText.default(""),
  ticket_button_text: z.string().optional().describe("Default: the catalogue's ticket_button_text."),
  custom_label: z.string().nullable().default(null).describe("A badge such as \"Selling fast\", or null."),
  is_education_event: z.boolean().default(false),
  // The fuller rendering: giving any of these makes the detail carry the whole second table.
  sub_title: z.string().optional().describe("Fuller rendering: a subtitle."),
  hero_image: idOf("images").nullable().optional().describe("Fuller rendering: an image id, or null."),
  description: z.array(blockSchema).optional().describe("Fuller rendering: blocks {type, value, id?} of type richtext, embed, quote, image_carousel, credits or logo_wall."),
  additional_information: z
    .array(z.strictObject({ id, title: z.string(), content: htmlFragment }))
    .optional()
    .describe("Fuller rendering: [{id, title, content}], content an HTML fragment without script."),
  faqs: z.array(id).optional().describe("Fuller rendering: FAQ ids."),
  $schema: schemaReference,
});

export const FULLER_KEYS = ["sub_title", "hero_image", "description", "additional_information", "faqs"] as const;

export type EventSource = z.infer<typeof eventSchema>;
export type PerformanceSource = z.infer<typeof performanceSchema>;

/**
 * The same page read leniently: each key that fits its schema is kept, each that does not is
 * dropped (its error is reported by the strict schema). It lets the checks across files run on
 * a page with a typo, so one run reports every error.
 */
export const lenientEventSchema = z.object(
  Object.fromEntries(
    Object.entries(eventSchema.shape).map(([key, schema]) => {
      if (key === "performances") return [key, z.array(performanceSchema.nullable().catch(null)).catch([])];
      if (key === "description") return [key, z.array(blockSchema.nullable().catch(null)).optional().catch(undefined)];
      return [key, (schema as z.ZodType).optional().catch(undefined)];
    }),
  ),
);
