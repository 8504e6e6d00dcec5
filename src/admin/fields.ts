// The admin's form fields, generated from the content schemas (src/content/), never written by
// hand: each key of a schema is a Decap field named after it, labelled in plain English, hinted
// with the schema's description, required when the schema requires it, with the schema's patterns
// and bounds. What a type alone does not say (which list an id names, the kind of a new id, an
// HTML fragment, a free text or a venue's wall time) the schemas say in their metadata
// (content/common.ts). Defaults are never written: the build applies the content format's.
import type { z } from "zod";
import { ID_KIND, REFERS_TO, WIDGET, type IdKind, type IdList } from "../content/common.js";
import { DEFAULTED_LISTS } from "../content/lists.js";
import { displayKeyOf } from "./content-files.js";
import { UNWRAPS, type Unwraps } from "./form-view.js";
import { labelOf, singularOf } from "./labels.js";
import { elementOf, literalOf, numberOf, originMeta, patternsOf, readKey, shapeOf, unionOf, type KeyRead } from "./zod-read.js";

/** A Decap CMS field (config.yml's `fields` items). */
export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  [option: string]: unknown;
}

export interface FieldOptions {
  /** The lists that have a collection (their relation fields point there); a defaulted list without one is a select over its defaults. */
  lists: ReadonlySet<IdList>;
  /** The catalogue's time zone: a page's go-live and expiry are its wall times, and its status is shown in it. */
  timeZone: string;
  /** The venues, for the event list's filters. */
  venues: { id: number; name: string }[];
  /** The build's --now, when `edit` was given one: the admin shows statuses and first publishes at it, not at the computer's time. */
  now?: string;
}

/** What the schema's keys write and Decap does not edit: `$schema` (for editors of the files). */
const NOT_IN_FORM = new Set(["$schema"]);

/** A performance's time as its venue's clocks show it: picked and written as typed, never through the browser's time zone. */
export const WALL_TIME = {
  format: "YYYY-MM-DDTHH:mm",
  date_format: "YYYY-MM-DD",
  time_format: "HH:mm",
  picker_utc: false,
} as const;
const WALL_TIME_HINT = "Pick the time its venue's clocks show: it is written as picked, never converted from this computer's time zone.";

/** The fields of an object schema, one per key, in the schema's order. */
export function fieldsOf(schema: z.ZodType, options: FieldOptions): DecapField[] {
  const shape = shapeOf(readKey(schema).core);
  if (!shape) throw new Error("fieldsOf: not an object schema");
  return Object.entries(shape)
    .filter(([key]) => !NOT_IN_FORM.has(key))
    .map(([key, value]) => fieldOf(key, value, options));
}

/** The field of one key. */
export function fieldOf(key: string, schema: z.ZodType, options: FieldOptions): DecapField {
  const read = readKey(schema);
  const { widget, ...rest } = widgetOf(key, read, options);
  const timeHint = key === "datetime" ? WALL_TIME_HINT : `Pick the time the catalogue's clocks show (${options.timeZone}): it is written as picked.`;
  const hint = [read.description, widget === "datetime" ? timeHint : undefined].filter(Boolean).join(" ");
  // A required toggle has no "not set": its off state is the value (Decap would refuse a toggle left off as missing).
  const toggleOff = widget === "boolean" && !read.optional ? { default: false } : {};
  // A required list that may be empty (an event's performances): Decap refuses an empty required
  // list, so the form calls it optional, and its default [] keeps the key in the file (the format
  // drops only optional keys without a default, keep-layout-shape.ts).
  const mayBeEmpty = widget === "list" && !read.optional && !((read.core as { _zod?: { bag?: { minimum?: number } } })._zod?.bag?.minimum ?? 0);
  const required = !read.optional && !mayBeEmpty;
  return { name: key, label: labelOf(key), widget, required, ...(hint ? { hint } : {}), ...toggleOff, ...(mayBeEmpty ? { default: [] } : {}), ...rest };
}

type Widget = { widget: string; [option: string]: unknown };

/** The widget of a key and its options. */
function widgetOf(key: string, read: KeyRead, options: FieldOptions): Widget {
  const { meta, core, type } = read;
  if (typeof meta[REFERS_TO] === "string") return referenceTo(meta[REFERS_TO] as IdList, false, options);
  if (typeof meta[ID_KIND] === "string") return nextId(meta[ID_KIND] as IdKind);
  if (meta.contentMediaType === "text/html") return { widget: "html" };
  const hinted = meta[WIDGET];
  if (hinted === "datetime") return { widget: "datetime", ...WALL_TIME };
  if (hinted === "focal-point") return { widget: "focal-point" };
  if (hinted === "publication") return { widget: "publication", time_zone: options.timeZone, ...(options.now ? { now: options.now } : {}) };
  switch (type) {
    case "object":
      return { widget: "object", fields: fieldsOf(core, options) };
    case "array":
      return listOf(key, core, options);
    case "string":
      return { widget: typeof hinted === "string" ? hinted : "string", ...patternOf(read) };
    case "number":
      return numberWidget(core);
    case "boolean":
      return { widget: "boolean" };
    default:
      throw new Error(`no form field for the ${type} of "${key}"`);
  }
}

/** A new id of its kind: the next free one is proposed (the `next-id` widget). */
export const nextId = (kind: IdKind): Widget => ({ widget: "next-id", id_kind: kind });

function numberWidget(core: z.ZodType): Widget {
  const { integer, min, max } = numberOf(core);
  return { widget: "number", value_type: integer ? "int" : "float", ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/**
 * The pattern a string must match, with the schema's own message: a regular expression of the
 * schema, or a JSON Schema `pattern` its metadata gives (a timestamp's grammar). Decap takes one.
 */
function patternOf({ core, meta }: KeyRead): { pattern?: [string, string] } {
  const [first] = patternsOf(core);
  if (first) {
    if (first.pattern.flags) throw new Error(`a pattern with flags (/${first.pattern.source}/${first.pattern.flags}) cannot be written in Decap's config`);
    return { pattern: [first.pattern.source, first.message] };
  }
  if (typeof meta.pattern === "string") {
    const { description } = originMeta(core, "pattern") ?? {};
    const said = typeof description === "string" ? `must be ${description.charAt(0).toLowerCase()}${description.slice(1)}` : `must match ${meta.pattern}`;
    return { pattern: [meta.pattern, said] };
  }
  return {};
}

/**
 * An id of a list: a relation to the list's collection (`items.*.id`, shown by name), an image's
 * the image chooser (its pictures), or, for genres and accessibility values without a file of their own, a select over the defaults.
 */
export function referenceTo(list: IdList, multiple: boolean, { lists }: FieldOptions): Widget {
  const many = multiple ? { multiple: true } : {};
  if (!lists.has(list)) {
    if (!(list in DEFAULTED_LISTS)) throw new Error(`no collection for ${list}`);
    const defaults = DEFAULTED_LISTS[list as keyof typeof DEFAULTED_LISTS].items;
    return { widget: "select", ...many, options: defaults.map((d) => ({ label: d.name, value: d.id })) };
  }
  // An image is chosen by its picture, or uploaded in the chooser (the image-chooser widget).
  if (list === "images") return { widget: "image-chooser", ...many };
  const shown = `items.*.${displayKeyOf(list)}`;
  return { widget: "relation", collection: list, file: list, value_field: "items.*.id", search_fields: [shown], display_fields: [shown], ...many };
}

/** The keys a list item's summary names, the first the item has. */
const SUMMARY_KEYS = ["title", "name", "datetime", "role", "text", "caption"];

/**
 * An array: ids of a list (a relation or select of many), objects (a list of forms), blocks of
 * several types (a typed list, its discriminator the type key), or values (a list of one field).
 */
function listOf(key: string, core: z.ZodType, options: FieldOptions): Widget {
  const element = elementOf(core)!;
  const item = readKey(element);
  if (typeof item.meta[REFERS_TO] === "string") return referenceTo(item.meta[REFERS_TO] as IdList, true, options);
  const singular = singularOf(labelOf(key));
  if (item.type === "object") {
    const fields = fieldsOf(item.core, options);
    const summary = SUMMARY_KEYS.find((k) => fields.some((f) => f.name === k));
    // A performance's time in words ("Sat 12 Sep 2026, 7:30 pm"), as written: no zone is applied to a wall time.
    const shown = summary === "datetime" ? "{{fields.datetime | date('ddd D MMM YYYY, h:mm a')}}" : `{{fields.${summary}}}`;
    return { widget: "list", label_singular: singular, ...(summary ? { summary: shown } : {}), fields };
  }
  const union = unionOf(item.core);
  if (union) return typedList(union, options);
  const { name: _, label: __, ...field } = fieldOf(key, element, options);
  return { widget: "list", label_singular: singular, field: { name: key, label: singular, ...field } };
}

/**
 * A block's fields with its value's beside its own keys, when the value is an object whose keys
 * are none of the block's (form-view.ts): "Text", not "Value > Text". A value of one field (a
 * string) is not a box, and stays.
 */
function unwrapped(fields: DecapField[], discriminator: string): { fields: DecapField[]; [UNWRAPS]?: Unwraps } {
  const value = fields.find((f) => f.name === "value");
  const inner = Array.isArray(value?.fields) ? (value.fields as DecapField[]) : null;
  const own = fields.filter((f) => f !== value);
  if (!value || !inner || inner.some((f) => f.name === discriminator || own.some((o) => o.name === f.name))) return { fields };
  const { fields: _fields, ...field } = value;
  return { fields: [...inner, ...own], [UNWRAPS]: { key: "value", fields: inner.map((f) => f.name), field } };
}

/** Blocks `{type, value, id?}`: one type per option of the union, its fields the option's keys but the type. */
function typedList({ discriminator, options: variants }: { discriminator: string; options: z.ZodType[] }, options: FieldOptions): Widget {
  const types = variants.map((variant) => {
    const shape = shapeOf(variant)!;
    const name = String(literalOf(readKey(shape[discriminator]!).core));
    const fields = Object.entries(shape)
      .filter(([k]) => k !== discriminator)
      .map(([k, v]) => fieldOf(k, v, options));
    return { name, label: labelOf(name), widget: "object", ...unwrapped(fields, discriminator) };
  });
  return { widget: "list", typeKey: discriminator, types };
}
