// The admin's Decap CMS configuration, generated from the content schemas: for the example content
// (a copy), every key of every zod schema is a field of the same name (the keys are read from the
// schemas here, so a key added to a schema without a field fails), required as the schema
// requires it, no default written for a defaulted key, relations pointing at collections and
// fields that exist, the defaults as options where a site has no list of its own, patterns that
// compile and accept every value of the example content, the performances' wall-time picker, and
// the whole config accepted by Decap's own validation (decap-cms-core's validateConfig).
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { EVENT_FORM_ORDER } from "../src/admin/collections.js";
import { fileFields, GROUP, UNWRAPS } from "../src/admin/form-view.js";
import { adminConfig, adminConfigYaml, editConfig, editConfigYaml, type DecapConfig } from "../src/admin/config.js";
import type { DecapField } from "../src/admin/fields.js";
import { BLOCK_TYPES } from "../src/content/blocks.js";
import { catalogueSchema } from "../src/content/catalogue.js";
import { SLUG, WIDGET } from "../src/content/common.js";
import { eventSchema } from "../src/content/event.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imageSchema, namedSchema, venueSchema } from "../src/content/lists.js";
import { decapValidateConfig, type ValidateConfig } from "./helpers/decap-validate.js";
import { copyContent, removeDir, ROOT, tempDir } from "./helpers/cli.js";

// ---- The keys the zod schemas define, read from the schemas themselves ----

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[]; discriminator?: string; values?: unknown[]; defaultValue?: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

interface ZodKey {
  optional: boolean;
  defaulted: boolean;
  description?: string;
  /** The type under the wrappers. */
  type: string;
}

/** A key's schema under its wrappers: whether it may be left out, whether it has a default, its description, its metadata. */
function peel(schema: z.ZodType): { core: z.ZodType; key: ZodKey; meta: Record<string, unknown> } {
  let s = schema;
  let optional = false;
  let defaulted = false;
  let description: string | undefined;
  let meta: Record<string, unknown> = {};
  for (;;) {
    const m = (z.globalRegistry.get(s) ?? {}) as Record<string, unknown>;
    meta = { ...m, ...meta };
    description ??= typeof m.description === "string" ? m.description : undefined;
    const def = defOf(s);
    if (def.type === "optional") optional = true;
    if (def.type === "default") defaulted = optional = true;
    if (def.innerType) s = def.innerType;
    else if (def.type === "pipe" && def.in) s = def.in;
    else break;
  }
  return { core: s, key: { optional, defaulted, type: defOf(s).type, ...(description ? { description } : {}) }, meta };
}

/**
 * Every key path of an object schema: `performances[].venue`, blocks as `description[quote].value.title`.
 * A value a custom widget edits whole (an image's focal point, marked in the schema) is one key.
 */
function zodKeys(schema: z.ZodType, prefix = ""): Map<string, ZodKey> {
  const out = new Map<string, ZodKey>();
  for (const [name, value] of Object.entries(defOf(peel(schema).core).shape!)) {
    if (name === "$schema") continue;
    const here = `${prefix}${name}`;
    const { core, key, meta } = peel(value);
    out.set(here, key);
    if (meta[WIDGET]) continue;
    const def = defOf(core);
    if (def.type === "object") for (const [k, v] of zodKeys(core, `${here}.`)) out.set(k, v);
    if (def.type !== "array") continue;
    const element = peel(def.element!).core;
    const edef = defOf(element);
    if (edef.type === "object") for (const [k, v] of zodKeys(element, `${here}[].`)) out.set(k, v);
    if (edef.discriminator) {
      for (const option of edef.options!) {
        const type = defOf(defOf(option).shape![edef.discriminator]!).values![0];
        for (const [k, v] of zodKeys(option, `${here}[${String(type)}].`)) if (!k.endsWith(`].${edef.discriminator}`)) out.set(k, v);
      }
    }
  }
  // The discriminator is the typed list's typeKey, not a field of each type.
  for (const k of [...out.keys()]) if (/\[[a-z_]+\]\.type$/.test(k)) out.delete(k);
  return out;
}

// ---- The fields of the config, by the same paths ----

function configFields(fields: DecapField[], prefix = "", out = new Map<string, DecapField>()): Map<string, DecapField> {
  for (const f of fields) {
    const here = `${prefix}${f.name}`;
    out.set(here, f);
    if (f.widget === "object" && Array.isArray(f.fields)) configFields(f.fields as DecapField[], `${here}.`, out);
    if (f.widget === "list" && Array.isArray(f.fields)) configFields(f.fields as DecapField[], `${here}[].`, out);
    if (f.widget === "list" && Array.isArray(f.types)) for (const t of f.types as DecapField[]) configFields(t.fields as DecapField[], `${here}[${t.name}].`, out);
  }
  return out;
}

type Collection = DecapConfig["collections"][number];
const collection = (config: DecapConfig, name: string): Collection => {
  const c = config.collections.find((x) => x.name === name);
  if (!c) throw new Error(`no collection ${name}`);
  return c;
};
const fileOf = (c: Collection) => (c.files as { name: string; file: string; fields: DecapField[] }[])[0]!;
/** The event form's fields as the file lays its keys out (form-view.ts): the schema's keys, one a field. */
const eventFileFields = (config: DecapConfig) => fileFields(collection(config, "events").fields) as DecapField[];
const itemFields = (config: DecapConfig, name: string) => ((fileOf(collection(config, name)).fields[0]!.fields as DecapField[]));

/** What each collection's forms edit, and the schema they come from. */
function formsOf(config: DecapConfig): [string, DecapField[], z.ZodType][] {
  return [
    ["events", eventFileFields(config), eventSchema],
    ["catalogue", fileOf(collection(config, "catalogue")).fields, catalogueSchema],
    ["venues", itemFields(config, "venues"), venueSchema],
    ["programs", itemFields(config, "programs"), namedSchema],
    ["images", itemFields(config, "images"), imageSchema],
  ];
}

let work = "";
let content = "";
let config: DecapConfig;
let validate: ValidateConfig;
beforeAll(async () => {
  work = tempDir("bc-admin-config-");
  content = copyContent(path.join(ROOT, "content"), work);
  config = editConfig(content);
  validate = await decapValidateConfig();
});
afterAll(() => removeDir(work));

describe("the fields follow the zod schemas", () => {
  it("has a field for every key of every schema, of the same name, and no other", () => {
    for (const [name, fields, schema] of formsOf(config)) {
      expect([...configFields(fields).keys()].sort(), name).toEqual([...zodKeys(schema).keys()].sort());
    }
  });

  it("requires what the schema requires; optional and defaulted keys are not required, and no default is written", () => {
    for (const [name, fields, schema] of formsOf(config)) {
      const byPath = configFields(fields);
      for (const [key, expected] of zodKeys(schema)) {
        const field = byPath.get(key)!;
        // A required list that may be empty (Decap refuses an empty required list): not required
        // in the form, and its default [] keeps the key in the file.
        const mayBeEmpty = field.widget === "list" && !expected.optional && Array.isArray(field.default);
        expect(field.required, `${name}: ${key}`).toBe(!expected.optional && !mayBeEmpty);
        if (expected.defaulted) expect(field, `${name}: ${key}`).not.toHaveProperty("default");
        // A required toggle's off state is its value (Decap refuses a toggle never touched as missing).
        if ("default" in field && !mayBeEmpty) expect([field.widget, field.required, field.default], `${name}: ${key}`).toEqual(["boolean", true, false]);
        if (mayBeEmpty) expect(field.default).toEqual([]);
      }
    }
    expect(configFields(eventFileFields(config)).get("on_sale")).toMatchObject({ widget: "boolean", required: true, default: false });
    expect(configFields(eventFileFields(config)).get("performances")).toMatchObject({ widget: "list", required: false, default: [] });
  });

  it("labels each key in plain English and hints it with the schema's description", () => {
    const fields = configFields(eventFileFields(config));
    expect(fields.get("first_published_at")!.label).toBe("First published at");
    expect(fields.get("seo_title")!.label).toBe("SEO title");
    expect(fields.get("ticket_button_text")!.label).toBe("Ticket button text");
    for (const [name, f, schema] of formsOf(config)) {
      const byPath = configFields(f);
      for (const [key, { description }] of zodKeys(schema)) {
        const field = byPath.get(key)!;
        expect(field.label, `${name}: ${key}`).toMatch(/^[A-Z]/);
        if (description) expect(field.hint, `${name}: ${key}`).toContain(description);
        else expect(field.hint, `${name}: ${key}`).toBeUndefined();
      }
    }
  });

  it("leaves $schema out of the forms", () => {
    for (const [, fields] of formsOf(config)) expect([...configFields(fields).keys()].some((k) => k.includes("$schema"))).toBe(false);
  });

  it("gives whole numbers value_type int and the schema's bounds", () => {
    const images = configFields(itemFields(config, "images"));
    expect(images.get("width")).toMatchObject({ widget: "number", value_type: "int", min: 1, required: false });
    const events = configFields(eventFileFields(config));
    expect(events.get("faqs")!.field).toMatchObject({ widget: "number", value_type: "int", min: 1 });
    expect(events.get("additional_information[].id")).toMatchObject({ widget: "number", value_type: "int", min: 1 });
    const catalogue = configFields(fileOf(collection(config, "catalogue")).fields);
    expect(catalogue.get("parent.id")).toMatchObject({ widget: "number", value_type: "int", min: 1 });
  });
});

describe("widgets", () => {
  const events = () => configFields(eventFileFields(config));

  it("picks a performance's time as its venue's clocks show it, never through the browser's time zone", () => {
    const datetime = events().get("performances[].datetime")!;
    expect(datetime).toMatchObject({ widget: "datetime", format: "YYYY-MM-DDTHH:mm", date_format: "YYYY-MM-DD", time_format: "HH:mm", picker_utc: false, required: true });
    expect(datetime.hint).toMatch(/venue's clocks.*never converted from this computer's time zone/);
  });

  it("gives new ids the next-id widget of their kind, and other ids plain numbers", () => {
    const kinds = (fields: Map<string, DecapField>) => Object.fromEntries([...fields].filter(([, f]) => f.widget === "next-id").map(([k, f]) => [k, f.id_kind]));
    expect(kinds(events())).toEqual({ id: "page", "event.id": "event", "event.ticketing_code": "event_ticketing", "performances[].id": "performance", "performances[].ticketing_code": "performance_ticketing" });
    const lists = { venues: "venue", programs: "program", images: "image" };
    for (const [list, kind] of Object.entries(lists)) expect(kinds(configFields(itemFields(config, list))), list).toEqual({ id: kind });
    expect(kinds(configFields(fileOf(collection(config, "catalogue")).fields))).toEqual({});
  });

  it("edits HTML fragments with the html widget, free text with text", () => {
    const fields = events();
    expect(fields.get("description[richtext].value.text")!.widget).toBe("html");
    expect(fields.get("additional_information[].content")!.widget).toBe("html");
    expect(fields.get("search_description")!.widget).toBe("text");
    expect(fields.get("title")!.widget).toBe("string");
  });

  it("makes the description a typed list: one type per block type, each a value and an optional id", () => {
    const description = events().get("description")!;
    expect(description).toMatchObject({ widget: "list", typeKey: "type", required: false });
    const types = description.types as DecapField[];
    expect(types.map((t) => t.name)).toEqual(BLOCK_TYPES);
    for (const t of types) {
      expect(t.widget, t.name).toBe("object");
      expect((t.fields as DecapField[]).map((f) => [f.name, f.required]), t.name).toEqual([["value", true], ["id", false]]);
    }
    expect((types.find((t) => t.name === "embed")!.fields as DecapField[])[0]!.widget).toBe("string");
  });

  it("edits images.json's file and focal point with the image-file and focal-point widgets", () => {
    const images = configFields(itemFields(config, "images"));
    expect(images.get("file")).toMatchObject({ widget: "image-file", required: true });
    expect(images.get("focal_point")).toMatchObject({ widget: "focal-point", required: false });
    expect(images.get("rendition_key")).toMatchObject({ widget: "string", required: false });
    expect(config).toMatchObject({ media_folder: "images", public_folder: "" });
  });
});

describe("relations and selects", () => {
  it("points every relation at a collection, a file and item fields that exist", () => {
    let relations = 0;
    for (const [, fields] of formsOf(config)) {
      for (const [key, f] of configFields(fields)) {
        if (f.widget !== "relation") continue;
        relations++;
        const target = collection(config, f.collection as string);
        expect(fileOf(target).name, key).toBe(f.file);
        const items = configFields(itemFields(config, f.collection as string));
        for (const ref of [f.value_field as string, ...(f.search_fields as string[]), ...(f.display_fields as string[])]) {
          expect(ref, key).toMatch(/^items\.\*\./);
          expect(items.has(ref.slice("items.*.".length)), `${key}: ${ref}`).toBe(true);
        }
        expect(f.value_field, key).toBe("items.*.id");
      }
    }
    expect(relations).toBeGreaterThan(0);
    const events = configFields(eventFileFields(config));
    expect(events.get("venue")).toMatchObject({ widget: "relation", collection: "venues", display_fields: ["items.*.name"] });
    expect(events.get("performances[].venue")).toMatchObject({ widget: "relation", collection: "venues", required: false });
    expect(events.get("program")).toMatchObject({ widget: "relation", collection: "programs" });
    // An image is chosen by its picture (the image-chooser widget), its value the id as before.
    for (const key of ["thumbnail.image", "hero_image", "description[image_carousel].value.figures[].image", "description[logo_wall].value.groups[].logos[].logo"]) {
      expect(events.get(key), key).toEqual(expect.objectContaining({ widget: "image-chooser" }));
      expect(events.get(key), key).not.toHaveProperty("multiple");
    }
  });

  it("offers the default genres and accessibility values while the site has no file of its own", () => {
    const events = configFields(eventFileFields(config));
    expect(events.get("genre")).toMatchObject({ widget: "select", multiple: true, required: false, options: DEFAULT_GENRES.map((g) => ({ label: g.name, value: g.id })) });
    expect(events.get("accessibility")).toMatchObject({ widget: "select", multiple: true, options: DEFAULT_ACCESSIBILITY.map((g) => ({ label: g.name, value: g.id })) });
    expect(config.collections.map((c) => c.name)).not.toContain("genres");
    expect(config.collections.map((c) => c.name)).not.toContain("accessibility");
  });

  it("with genres.yaml and accessibility.json of the site's own, relates to them, and edits them", () => {
    const dir = copyContent(path.join(ROOT, "content"), work, "with-lists");
    writeFileSync(path.join(dir, "genres.yaml"), stringify([{ id: 1, name: "Drama" }]));
    writeFileSync(path.join(dir, "accessibility.json"), JSON.stringify([{ id: 1, name: "Hearing loop" }]));
    const withLists = editConfig(dir);
    const events = configFields(eventFileFields(withLists));
    expect(events.get("genre")).toMatchObject({ widget: "relation", multiple: true, collection: "genres", file: "genres", value_field: "items.*.id", search_fields: ["items.*.name"], display_fields: ["items.*.name"] });
    expect(events.get("accessibility")).toMatchObject({ widget: "relation", multiple: true, collection: "accessibility", file: "accessibility" });
    expect(collection(withLists, "genres")).toMatchObject({ extension: "yaml", format: "build-catalogue:genres", files: [{ name: "genres", file: "genres.yaml" }] });
    expect(collection(withLists, "accessibility")).toMatchObject({ extension: "json", files: [{ file: "accessibility.json" }] });
    expect(configFields(itemFields(withLists, "genres")).get("id")).toMatchObject({ widget: "next-id", id_kind: "genre" });
    expect(configFields(itemFields(withLists, "accessibility")).get("id")).toMatchObject({ widget: "next-id", id_kind: "accessibility" });
    expect(() => validate(withLists)).not.toThrow();
  });
});

describe("patterns", () => {
  const patterned = (c: DecapConfig) => formsOf(c).flatMap(([name, fields]) => [...configFields(fields)].filter(([, f]) => f.pattern).map(([k, f]) => [`${name}: ${k}`, f] as const));

  it("compile as JavaScript regular expressions, each with the schema's own message", () => {
    const all = patterned(config);
    expect(all.length).toBeGreaterThan(10);
    for (const [where, f] of all) {
      const [source, message] = f.pattern as [string, string];
      expect(() => new RegExp(source), where).not.toThrow();
      expect(message, where).toMatch(/^must /);
    }
    const slug = configFields(eventFileFields(config)).get("slug")!;
    expect(slug.pattern).toEqual([SLUG.source, "must be lowercase words of a-z and 0-9 joined by single hyphens, such as \"hamlet-2026\""]);
  });

  it("accept every value of the example content, and refuse what the build refuses", () => {
    let checked = 0;
    const check = (value: unknown, fields: DecapField[], where: string) => {
      if (!value || typeof value !== "object") return;
      for (const f of fields) {
        const v = (value as Record<string, unknown>)[f.name];
        if (v === undefined || v === null) continue;
        if (typeof v === "string" && f.pattern) {
          expect(new RegExp((f.pattern as string[])[0]!).test(v), `${where}.${f.name}: ${v}`).toBe(true);
          checked++;
        }
        if (f.widget === "object" && f.fields) check(v, f.fields as DecapField[], `${where}.${f.name}`);
        if (f.widget === "list" && Array.isArray(v)) {
          for (const [i, item] of v.entries()) {
            const types = f.types as DecapField[] | undefined;
            const sub = types ? types.find((t) => t.name === (item as { type: string }).type)?.fields : f.fields;
            if (sub) check(item, sub as DecapField[], `${where}.${f.name}[${i}]`);
          }
        }
      }
    };
    const read = (file: string) => JSON.parse(readFileSync(path.join(content, file), "utf8")) as unknown;
    for (const file of readdirSync(path.join(content, "events"))) check(read(`events/${file}`), eventFileFields(config), file);
    check(read("catalogue.json"), fileOf(collection(config, "catalogue")).fields, "catalogue.json");
    for (const list of ["venues", "programs", "images"]) check({ items: read(`${list}.json`) }, fileOf(collection(config, list)).fields, `${list}.json`);
    // At least each page's first_published_at and each image's file.
    expect(checked).toBeGreaterThan(readdirSync(path.join(content, "events")).length + (read("images.json") as unknown[]).length);
    // And refuse: a slug with a capital, a link to javascript:, an image file in a folder.
    const events = configFields(eventFileFields(config));
    expect(new RegExp((events.get("slug")!.pattern as string[])[0]!).test("Hamlet")).toBe(false);
    expect(new RegExp((events.get("description[richtext].value.buttons[].link")!.pattern as string[])[0]!).test("javascript:alert(1)")).toBe(false);
    expect(new RegExp((configFields(itemFields(config, "images")).get("file")!.pattern as string[])[0]!).test("a/b.jpg")).toBe(false);
  });
});

describe("collections", () => {
  it("has one event collection over events/ (JSON and YAML pages alike), new files named by the slug", () => {
    for (const name of ["events"]) {
      expect(collection(config, name), name).toMatchObject({
        folder: "events", extension: "json", format: `build-catalogue:${name}`, create: true, delete: true, slug: "{{slug}}", identifier_field: "title",
        sortable_fields: ["title", { field: "performances.0.datetime", label: "First performance" }, { field: "advanced.first_published_at", label: "First published" }, "venue"], summary: "{{title}} · {{page_status}} ({{filename}})",
      });
      // Filters by status, sale and each venue of venues.json, by name.
      const filters = collection(config, name).view_filters as { label: string; field: string; pattern: unknown }[];
      expect(filters.slice(0, 6)).toEqual([
        { label: "Draft", field: "page_status", pattern: "^Draft" },
        { label: "Scheduled", field: "page_status", pattern: "^Scheduled" },
        { label: "Live", field: "page_status", pattern: "^Live" },
        { label: "Expired", field: "page_status", pattern: "^Expired" },
        { label: "On sale", field: "on_sale", pattern: true },
        { label: "Not on sale", field: "on_sale", pattern: false },
      ]);
      const venues = JSON.parse(readFileSync(path.join(content, "venues.json"), "utf8")) as { id: number; name: string }[];
      expect(filters.slice(6)).toEqual(venues.map((v) => ({ label: `At ${v.name}`, field: "venue", pattern: `^${v.id}$` })));
      // The form in an editor's order, every key of the schema in it; what is never typed last, in
      // Advanced: a folded box whose keys are the page's own in the file.
      const form = collection(config, name).fields as DecapField[];
      const advanced = ["id", "event", "first_published_at"];
      expect(form.map((f) => f.name)).toEqual([...EVENT_FORM_ORDER.filter((k) => !advanced.includes(k)), "advanced"]);
      expect(form.at(-1)).toMatchObject({ name: "advanced", label: "Advanced", widget: "object", collapsed: true, [GROUP]: true });
      expect((form.at(-1)!.fields as DecapField[]).map((f) => f.name)).toEqual(advanced);
      const names = fileFields(form).map((f) => f.name);
      expect(names).toEqual([...EVENT_FORM_ORDER]);
      expect(new Set(names)).toEqual(new Set(Object.keys(eventSchema.shape).filter((k) => k !== "$schema")));
      // A block's value of several fields is shown beside the block's own keys: "Text", not "Value > Text".
      const types = (form.find((f) => f.name === "description")!.types as DecapField[]);
      expect(types.find((t) => t.name === "richtext")).toMatchObject({ [UNWRAPS]: { key: "value", fields: ["text", "text_size", "buttons"], field: { label: "Value", widget: "object", required: true } } });
      expect((types.find((t) => t.name === "richtext")!.fields as DecapField[]).map((f) => f.name)).toEqual(["text", "text_size", "buttons", "id"]);
      // A value of one field (an embed's address) is not a box: it stays.
      expect(types.find((t) => t.name === "embed")).not.toHaveProperty(UNWRAPS);
      expect((types.find((t) => t.name === "embed")!.fields as DecapField[]).map((f) => f.name)).toEqual(["value", "id"]);
      // A page's status is the publication widget's, in the catalogue's zone; a performance reads as a date in words.
      const fields = collection(config, name).fields as { name: string; widget: string; time_zone?: string; summary?: string }[];
      expect(fields.find((f) => f.name === "live")).toMatchObject({ widget: "publication", time_zone: "Australia/Sydney" });
      expect(fields.find((f) => f.name === "go_live_at")).toMatchObject({ widget: "datetime", format: "YYYY-MM-DDTHH:mm", picker_utc: false });
      expect(fields.find((f) => f.name === "performances")?.summary).toBe("{{fields.datetime | date('ddd D MMM YYYY, h:mm a')}}");
    }
    expect(config.slug).toEqual({ encoding: "ascii", clean_accents: true, sanitize_replacement: "-" });
  });

  it("has one file collection per settings file, each file as it is on disk; a list file's one field is its items", () => {
    expect(config.collections.map((c) => c.name)).toEqual(["events", "catalogue", "venues", "programs", "images"]);
    for (const name of ["catalogue", "venues", "programs", "images"]) {
      const c = collection(config, name);
      expect(c, name).toMatchObject({ extension: "json", format: `build-catalogue:${name}` });
      expect(c.files as unknown[], name).toHaveLength(1);
      expect(fileOf(c), name).toMatchObject({ name, file: `${name}.json` });
    }
    for (const name of ["venues", "programs", "images"]) {
      const fields = fileOf(collection(config, name)).fields;
      expect(fields.map((f) => [f.name, f.widget]), name).toEqual([["items", "list"]]);
      expect(fields[0]!.label_singular, name).toBeTruthy();
      expect(fields[0]!.summary, name).toMatch(/^\{\{fields\.(name|title)\}\}$/);
    }
  });

  it("uses the YAML file where the site keeps one, and a settings file's .json before it exists", () => {
    const dir = copyContent(path.join(ROOT, "content"), work, "yaml-site");
    writeFileSync(path.join(dir, "venues.yml"), stringify(JSON.parse(readFileSync(path.join(dir, "venues.json"), "utf8"))));
    rmSync(path.join(dir, "venues.json"));
    renameSync(path.join(dir, "programs.json"), path.join(dir, "programs.yaml"));
    rmSync(path.join(dir, "images.json"));
    const c = editConfig(dir);
    expect(collection(c, "venues")).toMatchObject({ extension: "yml", format: "build-catalogue:venues", files: [{ file: "venues.yml" }] });
    expect(collection(c, "programs")).toMatchObject({ extension: "yaml", files: [{ file: "programs.yaml" }] });
    expect(collection(c, "images")).toMatchObject({ extension: "json", files: [{ file: "images.json" }] });
  });

  it("writes a new event page in the format most pages have: YAML for a site kept in YAML, JSON on a tie or with none", () => {
    const dir = copyContent(path.join(ROOT, "content"), work, "yaml-pages");
    const events = path.join(dir, "events");
    const pages = readdirSync(events).filter((n) => n.endsWith(".json")).sort();
    expect(collection(editConfig(dir), "events").extension).toBe("json");
    // All but ten pages in YAML, a third of them .yml: .yaml is the most of them.
    const moved = pages.slice(10);
    moved.forEach((name, i) => {
      writeFileSync(path.join(events, name.replace(/\.json$/, i % 3 === 0 ? ".yml" : ".yaml")), stringify(JSON.parse(readFileSync(path.join(events, name), "utf8"))));
      rmSync(path.join(events, name));
    });
    const yaml = moved.filter((_, i) => i % 3 !== 0).length;
    expect(yaml).toBeGreaterThan(pages.length - moved.length);
    expect(collection(editConfig(dir), "events")).toMatchObject({ extension: "yaml", format: "build-catalogue:events", folder: "events" });
    rmSync(events, { recursive: true });
    expect(collection(editConfig(dir), "events").extension).toBe("json");
  });
});

describe("the two configs", () => {
  it("edit: the proxy backend at /api/v1, paths from the content folder, saved as typed, no local_backend", () => {
    expect(config.backend).toEqual({ name: "proxy", proxy_url: "/api/v1" });
    expect(config.publish_mode).toBe("simple");
    expect(config).not.toHaveProperty("local_backend");
    expect(config.locale).toBe("en");
    for (const key of ["site_url", "display_url", "logo_url"]) expect(config).not.toHaveProperty(key);
    expect(fileOf(collection(config, "catalogue")).file).toBe("catalogue.json");
    expect(parse(editConfigYaml(content))).toEqual(JSON.parse(JSON.stringify(config)));
  });

  it("admin: the GitHub backend, the editorial workflow, paths under the content folder in the repository", () => {
    const admin = adminConfig({ contentDir: content, repo: "example-arts/events", branch: "live" });
    expect(admin.backend).toEqual({ name: "github", repo: "example-arts/events", branch: "live" });
    expect(admin.publish_mode).toBe("editorial_workflow");
    expect(admin.media_folder).toBe("content/images");
    expect(collection(admin, "events").folder).toBe("content/events");
    expect(fileOf(collection(admin, "venues")).file).toBe("content/venues.json");
    expect(adminConfig({ contentDir: content, repo: "a/b" }).backend).toEqual({ name: "github", repo: "a/b", branch: "main" });
    const nested = adminConfig({ contentDir: content, contentPath: "site/content", repo: "a/b", oauth: { baseUrl: "https://oauth.example.org", authEndpoint: "auth" } });
    expect(collection(nested, "events").folder).toBe("site/content/events");
    expect(nested.backend).toMatchObject({ base_url: "https://oauth.example.org", auth_endpoint: "auth" });
    // Apart from the backend, the workflow and the paths, the same forms as edit's.
    expect(collection(admin, "events").fields).toEqual(collection(config, "events").fields);
    expect(parse(adminConfigYaml({ contentDir: content, repo: "a/b" }))).toEqual(JSON.parse(JSON.stringify(adminConfig({ contentDir: content, repo: "a/b" }))));
  });

  it("passes Decap's own config validation, which refuses a broken one", () => {
    const admin = parse(adminConfigYaml({ contentDir: content, repo: "example-arts/events" })) as DecapConfig;
    expect(() => validate(parse(editConfigYaml(content)))).not.toThrow();
    expect(() => validate(admin)).not.toThrow();
    // The validation is real: a relation without its collection, a select without options, a pattern without its message.
    const broken = structuredClone(admin);
    const fields = broken.collections[0]!.fields as DecapField[];
    delete fields.find((f) => f.name === "venue")!.collection;
    delete fields.find((f) => f.name === "genre")!.options;
    (fields.find((f) => f.name === "slug")!.pattern as string[]).pop();
    let message = "";
    try {
      validate(broken);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/collections\[0\]\.fields\[\d+\].*collection/);
    expect(message).toMatch(/options/);
    expect(message).toMatch(/pattern/);
  });
});
