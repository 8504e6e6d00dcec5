// What the import needs of each document it reads (loose zod shapes: a field it does not use may
// be anything, and whatever the content format cannot say shows up later, in the proof).
import { z } from "zod";
import { formatKeyPath } from "../model/diagnostics.js";
import { ImportFailed } from "./errors.js";

const int = z.int();
const str = z.string();
const named = z.looseObject({ id: int, name: str });

export const listPageShape = z.looseObject({
  meta: z.looseObject({ total_count: int.nonnegative() }),
  items: z.array(z.looseObject({ id: int, meta: z.looseObject({ slug: str.optional(), first_published_at: str.nullable().optional() }), title: str })),
});

const pageReference = z.looseObject({ id: int, meta: z.looseObject({ type: str, html_url: str.optional() }), title: str });

const pageMeta = {
  type: str,
  detail_url: str,
  html_url: str,
  slug: str,
  show_in_menus: z.boolean(),
  seo_title: str,
  search_description: str,
  first_published_at: str.nullable(),
  parent: pageReference.nullable(),
};

export const performanceShape = z.looseObject({
  id: int,
  ticketing_code: int,
  event: z.looseObject({ id: int, ticketing_code: int }),
  venue: z.looseObject({ id: int, ticketing_code: str }),
  formatted_datetime: z.looseObject({ date: str, time: str }),
  datetime: str,
  purchase_link: str,
  waitlist_link: str,
});

export const imageReferenceShape = z.looseObject({ id: int, meta: z.looseObject({ type: str, download_url: str }), title: str });

export const eventDetailShape = z.looseObject({
  id: int,
  meta: z.looseObject(pageMeta),
  title: str,
  url: str,
  on_sale: z.boolean(),
  genre: z.array(named),
  accessibility: z.array(named),
  venue: named,
  program: named.nullable(),
  thumbnail: z.looseObject({ url: str, alt: str }),
  performances: z.array(performanceShape),
  ticket_button_text: str,
  custom_label: str.nullable(),
  is_education_event: z.boolean(),
  // The fuller rendering (second table of the API document).
  sub_title: str.optional(),
  hero_image: imageReferenceShape.nullable().optional(),
  description: z.array(z.looseObject({ type: str, value: z.unknown(), id: str })).optional(),
  additional_information: z.array(z.looseObject({ id: int, title: str, content: str })).optional(),
  faqs: z.array(z.looseObject({ id: int })).optional(),
  event: z.looseObject({ id: int }).optional(),
  ticketing_code: int.optional(),
});

export const plainPageShape = z.looseObject({ id: int, meta: z.looseObject(pageMeta), title: str });

export const imageListShape = z.looseObject({
  meta: z.looseObject({ total_count: int.nonnegative() }),
  items: z.array(z.looseObject({ id: int, meta: z.looseObject({ type: str, download_url: str.optional() }), title: str })),
});

export const imageDetailShape = z.looseObject({
  id: int,
  meta: z.looseObject({ type: str, download_url: str }),
  title: str,
  width: int.optional(),
  height: int.optional(),
});

export type ListPage = z.infer<typeof listPageShape>;
export type EventDetailRead = z.infer<typeof eventDetailShape>;
export type PerformanceRead = z.infer<typeof performanceShape>;
export type PlainPageRead = z.infer<typeof plainPageShape>;
export type ImageListRead = z.infer<typeof imageListShape>;
export type ImageDetailRead = z.infer<typeof imageDetailShape>;

/** The value in its shape, or an error naming the document and the first keys that do not fit. */
export function readAs<S extends z.ZodType>(shape: S, value: unknown, document: string, what: string): z.infer<S> {
  const parsed = shape.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.length ? formatKeyPath(i.path as (string | number)[]) : "the document"}: ${i.message}`);
  throw new ImportFailed(
    `${document} is not ${what} (${issues.join("; ")}${parsed.error.issues.length > 3 ? "; ..." : ""}): the import reads the event pages of a Wagtail API v2 as the API document describes them`,
  );
}
