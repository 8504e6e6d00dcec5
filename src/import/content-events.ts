// One event page's source from its detail, as an editor keeps it: defaults left out, times as
// wall times at the venue (an offset only where the wall time is ambiguous), block ids kept.
import type { z } from "zod";
import type { eventSchema } from "../content/event.js";
import { formatOffset, formatWall } from "../runtime/time/instant.js";
import { resolveWall, toZone } from "../runtime/time/time-zone.js";
import type { EventDetailRead } from "./read-shapes.js";
import { readInstant } from "./time-zones.js";

export type EventFileSource = z.input<typeof eventSchema>;

export interface EventContext {
  /** The catalogue's ticket_button_text: a page with the same leaves it out. */
  ticketButtonText: string;
  thumbnail: { image: number; alt?: string };
  zoneOf: (venueId: number) => string;
}

/** The performance's start as a wall time in its venue's zone; with the offset only where that wall time is lived twice. */
export function wallTimeText(datetime: string, zone: string): string {
  const read = readInstant(datetime);
  if (!read) return datetime;
  const instant = { epochMs: read.epochMs, micro: read.micro };
  const { wall, offsetSeconds } = toZone(instant, zone);
  const back = resolveWall(wall, zone);
  const text = formatWall(wall);
  return back.ok && back.instant.epochMs === instant.epochMs ? text : text + formatOffset(offsetSeconds);
}

type Json = unknown;
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The object without the keys whose value is the schema's default. */
function withoutDefaults(value: Json, defaults: Record<string, Json>, inner: Record<string, (v: Json) => Json> = {}): Json {
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k in defaults && same(v, defaults[k])) continue;
    out[k] = inner[k] ? inner[k]!(v) : v;
  }
  return out;
}

const each = (f: (v: Json) => Json) => (v: Json) => (Array.isArray(v) ? v.map(f) : v);

/** A block's value without what the content schema fills in (src/content/blocks.ts). */
const BLOCK_VALUE: Record<string, (v: Json) => Json> = {
  richtext: (v) => withoutDefaults(v, { text_size: "standard", buttons: [] }),
  quote: (v) => withoutDefaults(v, { title: "" }, { quote: (q) => withoutDefaults(q, { stars: "", citation: "" }) }),
  image_carousel: (v) => withoutDefaults(v, { title: "" }, { figures: each((f) => withoutDefaults(f, { video: null, caption: "" })) }),
  credits: (v) => withoutDefaults(v, { title: "" }),
  logo_wall: (v) =>
    withoutDefaults(v, {}, {
      groups: each((g) => withoutDefaults(g, { title: "", section_size: "full_standard" }, { logos: each((l) => withoutDefaults(l, { additional_text: "", link: "" })) })),
    }),
};

export function eventSource(d: EventDetailRead, ctx: EventContext): { source: EventFileSource; standInEvent: boolean } {
  const first = d.performances[0];
  const record = first ? first.event : d.event && d.ticketing_code !== undefined ? { id: d.event.id, ticketing_code: d.ticketing_code } : null;
  const s: Record<string, unknown> = {
    id: d.id,
    title: d.title,
    first_published_at: d.meta.first_published_at,
    on_sale: d.on_sale,
    // The API publishes no event record for a page without performances in the shorter rendering.
    event: record ? { id: record.id, ticketing_code: record.ticketing_code } : { id: d.id, ticketing_code: d.id },
    venue: d.venue.id,
  };
  if (d.program) s.program = d.program.id;
  if (d.genre.length) s.genre = d.genre.map((g) => g.id);
  if (d.accessibility.length) s.accessibility = d.accessibility.map((a) => a.id);
  s.thumbnail = ctx.thumbnail;
  if (d.meta.show_in_menus) s.show_in_menus = true;
  if (d.meta.seo_title) s.seo_title = d.meta.seo_title;
  if (d.meta.search_description) s.search_description = d.meta.search_description;
  if (d.ticket_button_text !== ctx.ticketButtonText) s.ticket_button_text = d.ticket_button_text;
  if (d.custom_label !== null) s.custom_label = d.custom_label;
  if (d.is_education_event) s.is_education_event = true;
  const fuller = d.sub_title !== undefined || d.description !== undefined || d.hero_image !== undefined;
  if (fuller) {
    if (d.sub_title) s.sub_title = d.sub_title;
    if (d.hero_image) s.hero_image = d.hero_image.id;
    if (d.description?.length) s.description = d.description.map((b) => ({ type: b.type, value: BLOCK_VALUE[b.type]?.(b.value) ?? b.value, id: b.id }));
    if (d.additional_information?.length) s.additional_information = d.additional_information.map((a) => ({ id: a.id, title: a.title, content: a.content }));
    if (d.faqs?.length) s.faqs = d.faqs.map((f) => f.id);
    // A fuller page whose fuller fields are all empty still says it is one.
    if (!["sub_title", "hero_image", "description", "additional_information", "faqs"].some((k) => k in s)) s.sub_title = "";
  }
  s.performances = d.performances.map((p) => {
    const perf: Record<string, unknown> = { id: p.id, ticketing_code: p.ticketing_code, datetime: wallTimeText(p.datetime, ctx.zoneOf(p.venue.id)) };
    if (p.venue.id !== d.venue.id) perf.venue = p.venue.id;
    return perf;
  });
  return { source: s as EventFileSource, standInEvent: record === null };
}
