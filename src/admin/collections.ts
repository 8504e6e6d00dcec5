// The admin's collections: the event pages (one folder collection, JSON and YAML pages alike) and one file
// collection per settings or list file, their fields generated from the content schemas.
import path from "node:path";
import type { IdList } from "../content/common.js";
import { catalogueSchema } from "../content/catalogue.js";
import { eventSchema } from "../content/event.js";
import { LIST_FILES, type SettingsName } from "./content-files.js";
import { fieldsOf, nextId, type DecapField, type FieldOptions } from "./fields.js";
import { GROUP } from "./form-view.js";
import { PAGE_STATUS } from "./page-status.js";

/** A Decap collection (config.yml's `collections` items). */
export type DecapCollection = { name: string; label: string; [option: string]: unknown };

/** The extensions of event pages, the one a new page is written with first. */
export type PageExtension = "json" | "yaml" | "yml";

/** Joins a path in the repository (forward slashes, no leading `./`). */
const inRepo = (prefix: string, name: string) => path.posix.join(prefix || ".", name);

const formatOf = (collection: string) => `build-catalogue:${collection}`;

const extensionOf = (file: string) => path.extname(file).slice(1);

/**
 * The event pages. A new page's file name is its slug (the page's address): Decap makes it from
 * the title with the config's slug rules (ASCII, accents cleaned, "-" between words), so the file
 * name is the slug the build derives; a `slug` key given in the form overrides it, as in any file.
 */
/**
 * The event form in an editor's order, as Wagtail's page editor has it: the status, the content,
 * the performances, the images, promotion and schedule, then what an editor never types
 * (Advanced: the ids the admin proposes, the first publication its Publish sets). A new key of a
 * file goes where the form shows it.
 */
export const EVENT_FORM_ORDER = [
  "live", "title", "sub_title", "venue", "program", "genre", "accessibility", "on_sale", "ticket_button_text", "custom_label", "is_education_event",
  "description", "additional_information", "faqs",
  "performances",
  "thumbnail", "hero_image",
  "slug", "seo_title", "search_description", "show_in_menus", "go_live_at", "expire_at",
  "id", "event", "first_published_at",
] as const;
/** The keys of the Advanced section: the last of the form's order, in a folded box whose keys are the page's own in the file (form-view.ts). */
const ADVANCED = new Set<string>(["id", "event", "first_published_at"]);

function eventFields(options: FieldOptions): DecapField[] {
  const rank = (name: string) => (EVENT_FORM_ORDER as readonly string[]).indexOf(name);
  const fields = fieldsOf(eventSchema, options).sort((a, b) => rank(a.name) - rank(b.name));
  const advanced: DecapField = {
    name: "advanced",
    label: "Advanced",
    widget: "object",
    collapsed: true,
    hint: "The page's ids and first publication: filled in by the admin; change them only to match another system.",
    [GROUP]: true,
    fields: fields.filter((f) => ADVANCED.has(f.name)),
  };
  return [...fields.filter((f) => !ADVANCED.has(f.name)), advanced];
}

/**
 * The event pages, JSON and YAML together: the extension lists the folder's pages of every
 * format (list-every-page.ts) and reads and writes each in its own; `extension` is a new page's.
 */
function eventCollection(prefix: string, options: FieldOptions, newPage: PageExtension): DecapCollection {
  return {
    name: "events",
    label: "Events",
    label_singular: "Event",
    description: `The event pages: one file per page in ${inRepo(prefix, "events")}/ (JSON or YAML), named by its slug; a new page is a .${newPage} file, as most pages are.`,
    folder: inRepo(prefix, "events"),
    extension: newPage,
    format: formatOf("events"),
    create: true,
    delete: true,
    slug: "{{slug}}",
    identifier_field: "title",
    summary: `{{title}} · {{${PAGE_STATUS}}} ({{filename}})`,
    // Decap sorts by a path into each page's data: its first performance's date and time as written.
    sortable_fields: ["title", { field: "performances.0.datetime", label: "First performance" }, { field: "advanced.first_published_at", label: "First published" }, "venue"],
    view_filters: viewFilters(options.venues),
    fields: eventFields(options),
  };
}

/** The list's filters: by status (as the admin read each page), on sale or not, and by venue. */
function viewFilters(venues: FieldOptions["venues"]) {
  return [
    ...["Draft", "Scheduled", "Live", "Expired"].map((status) => ({ label: status, field: PAGE_STATUS, pattern: `^${status}` })),
    { label: "On sale", field: "on_sale", pattern: true },
    { label: "Not on sale", field: "on_sale", pattern: false },
    ...venues.map((v) => ({ label: `At ${v.name}`, field: "venue", pattern: `^${v.id}$` })),
  ];
}

/** A list file's only field: its items, each a form of the list's item schema, a new item's id the next free one of its kind. */
function itemsField(list: IdList, options: FieldOptions): DecapField {
  const { label, singular, idKind, item } = LIST_FILES[list];
  const fields = fieldsOf(item, options).map((f) => {
    if (f.name !== "id") return f;
    const { value_type: _type, min: _min, max: _max, ...id } = f;
    return { ...id, ...nextId(idKind) };
  });
  const shown = fields.some((f) => f.name === "name") ? "name" : "title";
  return { name: "items", label, widget: "list", label_singular: singular, summary: `{{fields.${shown}}}`, fields };
}

/** One file collection holding one file. */
function fileCollection(name: SettingsName, file: string, prefix: string, fields: DecapField[], label: string, description: string): DecapCollection {
  return {
    name,
    label,
    description,
    extension: extensionOf(file),
    format: formatOf(name),
    files: [{ name, label, file: inRepo(prefix, file), fields }],
  };
}

/** Every collection, for the settings files found (content-files.ts) under `prefix` in the repository; a new event page is written as a `newPage` file. */
export function collectionsOf(files: Record<SettingsName, string | null>, prefix: string, options: FieldOptions, newPage: PageExtension): DecapCollection[] {
  const out = [eventCollection(prefix, options, newPage)];
  out.push(fileCollection("catalogue", files.catalogue!, prefix, fieldsOf(catalogueSchema, options), "Catalogue settings", "Site-wide settings: URLs, time zone, the events index page, ticketing."));
  for (const list of Object.keys(LIST_FILES) as IdList[]) {
    const file = files[list];
    if (file === null) continue;
    const { label, defaulted } = LIST_FILES[list];
    const replaces = defaulted ? ` It replaces the default ${label.toLowerCase()} (it does not add to them).` : "";
    out.push(fileCollection(list, file, prefix, [itemsField(list, options)], label, `The ${label.toLowerCase()} of ${file}.${replaces}`));
  }
  return out;
}
