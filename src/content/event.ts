// events/<file>.json: one event page (content format, section 3).
import { z } from "zod";
import { blockSchema } from "./blocks.js";
import { htmlFragment, id, nonEmpty, slug, ticketingCode, timestampText } from "./common.js";

export const performanceSchema = z.strictObject({
  id,
  ticketing_code: ticketingCode,
  datetime: timestampText,
  venue: id.optional(),
});

export const eventSchema = z.strictObject({
  // The editor's JSON Schema (for completion and checks while typing); the build ignores it.
  $schema: z.string().optional(),
  id,
  slug: slug.optional(),
  title: nonEmpty,
  first_published_at: timestampText,
  on_sale: z.boolean(),
  event: z.strictObject({ id, ticketing_code: ticketingCode }),
  venue: id,
  program: id.nullable().default(null),
  genre: z.array(id).default([]),
  accessibility: z.array(id).default([]),
  thumbnail: z.strictObject({ image: id, alt: z.string().optional() }),
  performances: z.array(performanceSchema),
  show_in_menus: z.boolean().default(false),
  seo_title: z.string().default(""),
  search_description: z.string().default(""),
  ticket_button_text: z.string().optional(),
  custom_label: z.string().nullable().default(null),
  is_education_event: z.boolean().default(false),
  // The fuller rendering: giving any of these makes the detail carry the whole second table.
  sub_title: z.string().optional(),
  hero_image: id.nullable().optional(),
  description: z.array(blockSchema).optional(),
  additional_information: z
    .array(z.strictObject({ id, title: z.string(), content: htmlFragment }))
    .optional(),
  faqs: z.array(id).optional(),
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
