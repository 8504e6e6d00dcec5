// The catalogue's settings and lists (catalogue, venues, programs, genres, accessibility, images),
// read through the backend the admin signed in to and checked by the build's own code: the
// lookups the check before a save resolves a page's references in (venues, programs, genres,
// accessibility values, images), its time zone and its image formats. Read and checked once, and
// again after a save of one of them.
import { formatOf, type LoadedContent } from "../../load/source-names.js";
import type { SiteSettings } from "../../model/site.js";
import type { Lookups } from "../../validate/check-event.js";
import { validateSettings } from "../../validate/settings.js";
import { parseSource } from "../keep-layout-parse.js";
import { readText } from "./backend.js";

export const SETTINGS_NAMES = ["catalogue", "venues", "programs", "genres", "accessibility", "images"] as const;
export type SettingsName = (typeof SETTINGS_NAMES)[number];

/** Never compiled in the browser: a page is checked once a save. */
const NEVER = Number.MAX_SAFE_INTEGER;

/** The settings as the build's code checked them: its lookups and the site's settings. */
export interface CheckedSettings {
  look: Lookups;
  settings: SiteSettings;
}

let paths: Partial<Record<SettingsName, string>> = {};
let files: Promise<LoadedContent | null> | null = null;
/** The check of the files as last read: each save's check and each preview's render asks for it. */
let checked: { of: LoadedContent; settings: CheckedSettings | null } | null = null;

/** The settings files the admin has collections for, by name (a list the site has no file for is its defaults). */
export function knowSettingsFiles(named: Partial<Record<SettingsName, string>>): void {
  paths = named;
  forgetSettings();
}

/** Read again at the next check (a settings file was saved). */
export function forgetSettings(): void {
  files = null;
  checked = null;
}

/** The settings files as read (a list the site has no file for is null), or null when one could not be parsed; read again after a failure. */
export function settingsRead(): Promise<LoadedContent | null> {
  files ??= readSettings().then((loaded) => {
    if (loaded === null) files = null;
    return loaded;
  });
  return files;
}

/** The settings checked by the build's code, or null when they cannot be read or have errors of their own. */
export async function catalogueSettings(): Promise<CheckedSettings | null> {
  const loaded = await settingsRead();
  if (loaded === null) return null;
  // Checked again only when the files were read again.
  if (checked?.of !== loaded) checked = { of: loaded, settings: checkSettings(loaded) };
  return checked.settings;
}

function checkSettings(loaded: LoadedContent): CheckedSettings | null {
  const check = validateSettings(loaded, NEVER);
  return check.settings && !check.diagnostics.some((d) => d.severity === "error") ? { look: check.look, settings: check.settings } : null;
}

/** The lookups, or null (the check then keeps to the page's schema and its ids). */
export const catalogueLookups = async (): Promise<Lookups | null> => (await catalogueSettings())?.look ?? null;

async function readSettings(): Promise<LoadedContent | null> {
  const loaded: LoadedContent = { catalogue: null, venues: null, programs: null, genres: null, accessibility: null, images: null, events: [] };
  for (const name of SETTINGS_NAMES) {
    const path = paths[name];
    if (path === undefined) continue;
    const text = await readText(path);
    const format = formatOf(path);
    if (text === null || format === null) continue;
    try {
      loaded[name] = { file: path, data: parseSource(text, format), text, format };
    } catch {
      return null;
    }
  }
  return loaded;
}
