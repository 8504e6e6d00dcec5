// The settings and list files of a content folder as the admin edits them: which file each is on
// disk (.json, .yaml or .yml), and what each list holds; and the format of a new event page.
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { IdKind, IdList } from "../content/common.js";
import { DEFAULTED_LISTS, imageSchema, namedSchema, venueSchema } from "../content/lists.js";
import { SETTINGS_FILES } from "../load/load-content.js";
import { SOURCE_EXTENSIONS } from "../load/source-names.js";
import { shapeOf } from "./zod-read.js";

export type SettingsName = (typeof SETTINGS_FILES)[number];

/** A list file (a top-level array): what its items are, and what a new item's id is. */
export interface ListFile {
  label: string;
  singular: string;
  idKind: IdKind;
  item: z.ZodType;
  /** A list with defaults (genres, accessibility) is a collection only when the site keeps a file of its own. */
  defaulted: boolean;
}

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const defaulted = (list: keyof typeof DEFAULTED_LISTS): ListFile => {
  const { noun, plural } = DEFAULTED_LISTS[list];
  return { label: title(plural), singular: title(noun), idKind: list === "genres" ? "genre" : "accessibility", item: namedSchema, defaulted: true };
};

export const LIST_FILES: Record<IdList, ListFile> = {
  venues: { label: "Venues", singular: "Venue", idKind: "venue", item: venueSchema, defaulted: false },
  programs: { label: "Programs", singular: "Program", idKind: "program", item: namedSchema, defaulted: false },
  images: { label: "Images", singular: "Image", idKind: "image", item: imageSchema, defaulted: false },
  genres: defaulted("genres"),
  accessibility: defaulted("accessibility"),
};

/** The key that names a list's item for people: its `name`, or an image's `title`. */
export function displayKeyOf(list: IdList): string {
  const shape = shapeOf(LIST_FILES[list].item) ?? {};
  const key = ["name", "title"].find((k) => k in shape);
  if (!key) throw new Error(`the items of ${list} have neither a name nor a title`);
  return key;
}

const isFile = (file: string) => {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Each settings file's name in the content folder: the one on disk (the first of .json, .yaml,
 * .yml: two for one thing are the build's error to report), `<name>.json` when there is none, or
 * null for a defaulted list without a file of its own.
 */
export function findSettingsFiles(contentDir: string): Record<SettingsName, string | null> {
  const found = {} as Record<SettingsName, string | null>;
  for (const name of SETTINGS_FILES) {
    const onDisk = SOURCE_EXTENSIONS.map((ext) => `${name}${ext}`).find((file) => isFile(path.join(contentDir, file)));
    const isDefaulted = name !== "catalogue" && LIST_FILES[name].defaulted;
    found[name] = onDisk ?? (isDefaulted ? null : `${name}.json`);
  }
  return found;
}

/**
 * The extension a new event page is written with: the one most pages of events/ have (the first
 * of .json, .yaml, .yml on a tie, .json with none), so a site kept in YAML stays in YAML.
 */
export function newPageExtension(contentDir: string): "json" | "yaml" | "yml" {
  let names: string[] = [];
  try {
    names = readdirSync(path.join(contentDir, "events"));
  } catch {
    // No events/ yet: the first page is JSON.
  }
  const count = (ext: string) => names.filter((n) => n.endsWith(ext)).length;
  const most = SOURCE_EXTENSIONS.reduce((best, ext) => (count(ext) > count(best) ? ext : best));
  return most.slice(1) as "json" | "yaml" | "yml";
}
