// Decap CMS field configs of the content files, as the admin's config gives them (the keys, which
// are required, lists and typed blocks; labels and widgets' options aside), in the order of
// docs/content-format.md: for the tests of the formats that keep a file's layout.
import type { DecapField } from "../../src/admin/keep-layout.js";

const f = (name: string, widget = "string", more: Partial<DecapField> = {}): DecapField => ({ name, widget, ...more });
const opt = (name: string, widget = "string", more: Partial<DecapField> = {}): DecapField => f(name, widget, { required: false, ...more });
const object = (name: string, fields: DecapField[], required = true): DecapField => f(name, "object", { fields, required });
const list = (name: string, fields: DecapField[], required = true): DecapField => f(name, "list", { fields, required });
const ids = (name: string): DecapField => f(name, "list", { required: false, field: f("id", "number") });
/** A typed block: `{type, value, id?}`. */
const block = (type: string, value: DecapField): DecapField => f(type, "object", { fields: [value, opt("id")] });

const performance = [f("id", "next-id"), f("ticketing_code", "number"), f("datetime"), opt("venue", "relation")];

const description = f("description", "list", {
  required: false,
  typeKey: "type",
  types: [
    block("richtext", object("value", [f("text", "html"), opt("text_size", "select"), list("buttons", [f("text"), f("link")], false)])),
    block("embed", f("value")),
    block("quote", object("value", [opt("title"), object("quote", [opt("stars"), f("quote", "text"), opt("citation")])])),
    block("image_carousel", object("value", [opt("title"), list("figures", [f("image", "image-chooser"), opt("video"), opt("caption")])])),
    block("credits", object("value", [opt("title"), list("credit_list", [f("role"), f("credit")])])),
    block("logo_wall", object("value", [list("groups", [opt("title"), opt("section_size", "select"), list("logos", [opt("additional_text"), opt("link"), f("logo", "image-chooser")])])])),
  ],
});

export const EVENT_FIELDS: DecapField[] = [
  opt("$schema", "hidden"),
  f("id", "next-id"),
  opt("slug"),
  f("title"),
  f("first_published_at"),
  f("on_sale", "boolean"),
  object("event", [f("id", "number"), f("ticketing_code", "number")]),
  f("venue", "relation"),
  opt("program", "relation"),
  ids("genre"),
  ids("accessibility"),
  object("thumbnail", [f("image", "image-chooser"), opt("alt")]),
  list("performances", performance),
  opt("show_in_menus", "boolean"),
  opt("seo_title"),
  opt("search_description", "text"),
  opt("ticket_button_text"),
  opt("custom_label"),
  opt("is_education_event", "boolean"),
  opt("sub_title"),
  opt("hero_image", "image-chooser"),
  description,
  list("additional_information", [f("id", "number"), f("title"), f("content", "html")], false),
  ids("faqs"),
];

const page = (more: DecapField[]) => [f("id", "next-id"), f("title"), ...more, opt("first_published_at"), opt("show_in_menus", "boolean"), opt("seo_title"), opt("search_description")];

export const CATALOGUE_FIELDS: DecapField[] = [
  opt("$schema", "hidden"),
  f("base_url"),
  f("site_url"),
  f("cdn_url"),
  opt("time_zone"),
  object("parent", [...page([f("url"), opt("slug")]), object("home", page([opt("type"), opt("slug")]), false)]),
  object("ticketing", [f("url"), f("gateway_path"), f("purchase_page"), f("waitlist_page")]),
  opt("ticket_button_text"),
  opt("image_type"),
  f("cors_origins", "list", { required: false }),
  opt("cache_control"),
];

const items = (fields: DecapField[]): DecapField[] => [list("items", fields)];
const named = items([f("id", "next-id"), f("name")]);

/** The fields of each settings or list file, by its name without the extension. */
export const FILE_FIELDS: Record<string, DecapField[]> = {
  catalogue: CATALOGUE_FIELDS,
  venues: items([f("id", "next-id"), f("name"), f("ticketing_code"), opt("time_zone")]),
  programs: named,
  genres: named,
  accessibility: named,
  images: items([
    f("id", "next-id"),
    f("title"),
    f("file", "image-file"),
    opt("alt"),
    opt("focal_point", "focal-point"),
    opt("width", "number"),
    opt("height", "number"),
    opt("rendition_key"),
  ]),
};
