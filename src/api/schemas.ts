// The API's response shapes (events-catalogue-api.md, sections 2 and 4; content format, sections 5
// and 7) as zod schemas. Key order matters to byte-exact output: the shapes list keys in the API's order.
import { z } from "zod";
import { EMBED, LINK } from "../content/common.js";

const int = z.int();
const str = z.string();
const url = z.string().regex(/^https?:\/\/\S+$/);
const pageUrl = z.string().regex(/^https?:\/\/\S+\/api\/v2\/pages\/\d+\/$/);
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/);
const named = z.strictObject({ id: int, name: str });

export const parentReferenceSchema = z.strictObject({
  id: int,
  meta: z.strictObject({ type: z.literal("events.AllEventsPage"), detail_url: pageUrl, html_url: url }),
  title: str,
});

/** The first keys of an event page's meta, in both forms (list item and detail). */
const eventMetaHead = {
  type: z.literal("events.EventPage"),
  detail_url: pageUrl,
  html_url: url,
  slug: str,
};

export const listItemSchema = z.strictObject({
  id: int,
  meta: z.strictObject({ ...eventMetaHead, first_published_at: timestamp }),
  title: str,
});

export const listSchema = z.strictObject({
  meta: z.strictObject({ total_count: int }),
  items: z.array(listItemSchema),
});

const ticketingLink = z.string().regex(/^https?:\/\/\S+\?E=N&QL=S\d+\|V[A-Z0-9]+\|P\d+\|G~\S*$/);

export const performanceSchema = z.strictObject({
  id: int,
  ticketing_code: int,
  event: z.strictObject({ id: int, ticketing_code: int }),
  venue: z.strictObject({ id: int, ticketing_code: str }),
  formatted_datetime: z.strictObject({
    date: z.string().regex(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4}$/),
    time: z.string().regex(/^(0\d|1[0-2]):[0-5]\d (am|pm)$/),
  }),
  datetime: timestamp,
  purchase_link: ticketingLink,
  waitlist_link: ticketingLink,
  is_past: z.boolean(),
});

export const eventDetailSchema = z.strictObject({
  id: int,
  meta: z.strictObject({
    ...eventMetaHead,
    show_in_menus: z.boolean(),
    seo_title: str,
    search_description: str,
    first_published_at: timestamp,
    alias_of: z.null(),
    parent: parentReferenceSchema,
  }),
  title: str,
  url: z.string().regex(/^\/.*\/$/),
  on_sale: z.boolean(),
  event_type_list: z.null(),
  genre: z.array(named),
  accessibility: z.array(named),
  venue: named,
  program: named.nullable(),
  thumbnail: z.strictObject({
    url: z.string().regex(/^https?:\/\/\S+\/media\/images\/.+\.[0-9a-f]{8}\.fill-550x375\.\w+$/),
    width: z.literal(550),
    height: z.literal(375),
    alt: str,
  }),
  date_range: str,
  performances: z.array(performanceSchema),
  ticket_button_text: str,
  label: z.null(),
  custom_label: str.nullable(),
  in_past: z.boolean(),
  is_education_event: z.boolean(),
});

// Letter case spelled out rather than a flag, so the pattern means the same in JSON Schema (OpenAPI).
const blockId = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
/** Every link a block publishes is held to the content's safe schemes (content/common.ts), here too. */
const link = z.string().regex(LINK);

/** The value of each block type (the API document, 2.6), keys in its order. */
const BLOCK_VALUES = {
  richtext: z.strictObject({ text: str, text_size: str, buttons: z.array(z.strictObject({ text: str, link })) }),
  embed: z.string().regex(EMBED),
  quote: z.strictObject({ title: str, quote: z.strictObject({ stars: str, quote: str, citation: str }) }),
  image_carousel: z.strictObject({ title: str, figures: z.array(z.strictObject({ image: int, video: link.nullable(), caption: str })) }),
  credits: z.strictObject({ title: str, credit_list: z.array(z.strictObject({ role: str, credit: str })) }),
  logo_wall: z.strictObject({
    groups: z.array(z.strictObject({ title: str, section_size: str, logos: z.array(z.strictObject({ additional_text: str, link, logo: int })) })),
  }),
};

const blockOf = <T extends keyof typeof BLOCK_VALUES>(type: T) => z.strictObject({ type: z.literal(type), value: BLOCK_VALUES[type], id: blockId });

const block = z.discriminatedUnion("type", [
  blockOf("richtext"),
  blockOf("embed"),
  blockOf("quote"),
  blockOf("image_carousel"),
  blockOf("credits"),
  blockOf("logo_wall"),
]);

export const fullerEventDetailSchema = eventDetailSchema.extend({
  sub_title: str,
  hero_image: z
    .strictObject({
      id: int,
      meta: z.strictObject({ type: z.string().regex(/^\w+\.\w*Image$/), detail_url: url, download_url: url }),
      title: str,
    })
    .nullable(),
  hero_video: z.null(),
  description: z.array(block),
  duration: z.null(),
  additional_cta_text: z.null(),
  additional_cta_link: z.null(),
  additional_information: z.array(z.strictObject({ id: int, title: str, content: str })),
  faqs: z.array(z.strictObject({ id: int, meta: z.strictObject({ type: z.literal("events.EventFaqs") }) })),
  event: z.strictObject({ id: int, meta: z.strictObject({ type: z.literal("events.Event") }) }),
  related_events: z.array(z.never()),
  ticketing_code: int,
  education_category: z.array(z.never()),
  extra_tab_title: z.null(),
  extra_tab_content: z.array(z.never()),
});

/** A page with no fields of its own, as Wagtail details a wagtailcore.Page: the parent and the home page. */
function plainPageDetailSchema<T extends z.ZodType, P extends z.ZodType>(type: T, parent: P) {
  return z.strictObject({
    id: int,
    meta: z.strictObject({
      type,
      detail_url: pageUrl,
      html_url: url,
      slug: str,
      show_in_menus: z.boolean(),
      seo_title: str,
      search_description: str,
      first_published_at: timestamp.nullable(),
      alias_of: z.null(),
      parent,
    }),
    title: str,
  });
}

export const parentDetailSchema = plainPageDetailSchema(
  z.literal("events.AllEventsPage"),
  z.strictObject({ id: int, meta: z.strictObject({ type: str, detail_url: pageUrl, html_url: url }), title: str }).nullable(),
);

/** The home page: the site's root. */
export const homeDetailSchema = plainPageDetailSchema(z.string().regex(/^\w+\.\w+$/), z.null());

/** `/api/v2/pages/`: every page (home, parent, event pages) as Wagtail lists them by default. */
export const pageListSchema = z.strictObject({
  meta: z.strictObject({ total_count: int }),
  items: z.array(
    z.strictObject({
      id: int,
      meta: z.strictObject({ type: z.string().regex(/^\w+\.\w+$/), detail_url: pageUrl, html_url: url, slug: str, first_published_at: timestamp.nullable() }),
      title: str,
    }),
  ),
});

/** An image's meta, as Wagtail's ImagesAPIViewSet writes it (`type` is the catalogue's image_type). */
const imageMeta = {
  type: z.string().regex(/^\w+\.\w*Image$/),
  detail_url: z.string().regex(/^https?:\/\/\S+\/api\/v2\/images\/\d+\/$/),
  tags: z.array(str),
  download_url: z.string().regex(/^https?:\/\/\S+\/media\/original_images\/\S+$/),
};

/** `/api/v2/images/<id>/`: an image and its original's size in pixels. */
export const imageDetailSchema = z.strictObject({
  id: int,
  meta: z.strictObject(imageMeta),
  title: str,
  width: int.positive(),
  height: int.positive(),
});

/** `/api/v2/images/`: every image, in ascending id. */
export const imageListSchema = z.strictObject({
  meta: z.strictObject({ total_count: int }),
  items: z.array(z.strictObject({ id: int, meta: z.strictObject(imageMeta), title: str })),
});

/** 404 (an unknown id or address), 400 (a query the catalogue cannot answer). */
export const messageBodySchema = z.strictObject({ message: str });

/** 405: `{"detail": "Method \"POST\" not allowed."}`, as Django REST framework answers. */
export const methodNotAllowedSchema = z.strictObject({ detail: str });

/** OPTIONS: the view's description. */
export const optionsBodySchema = z.strictObject({
  name: str,
  description: str,
  renders: z.array(str),
  parses: z.array(str),
});

export type EventListItem = z.infer<typeof listItemSchema>;
export type EventList = z.infer<typeof listSchema>;
export type EventDetail = z.infer<typeof eventDetailSchema> | z.infer<typeof fullerEventDetailSchema>;
export type ParentDetail = z.infer<typeof parentDetailSchema>;
