// Load stage: finds the files of content/ and reads each as JSON, reporting every problem.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { readJsonFile } from "./read-json.js";

export interface SourceFile {
  /** The file as printed in messages, e.g. `content/events/hamlet.json`. */
  file: string;
  data: unknown;
}

/** An event page's file, found but not yet read: pages are read one at a time as the build goes. */
export interface EventFile {
  file: string;
  absolute: string;
}

export interface LoadedContent {
  catalogue: SourceFile | null;
  venues: SourceFile | null;
  programs: SourceFile | null;
  genres: SourceFile | null;
  accessibility: SourceFile | null;
  images: SourceFile | null;
  /** In file-name order. */
  events: EventFile[];
}

const SETTINGS_FILES = ["catalogue", "venues", "programs", "genres", "accessibility", "images"] as const;
const REQUIRED = new Set(["catalogue", "venues"]);
const WHAT: Record<string, string> = {
  catalogue: "the site-wide settings (base_url, site_url, cdn_url, parent, ticketing)",
  venues: "the venues, an array of {id, name, ticketing_code, time_zone?}",
};

/** The path shown to editors: as they named the content folder, with forward slashes. */
export function displayPath(contentArg: string, ...parts: string[]): string {
  return path.join(contentArg, ...parts).split(path.sep).join("/");
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

export async function loadContent(
  contentDir: string,
  contentArg: string,
): Promise<{ value: LoadedContent; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const value: LoadedContent = {
    catalogue: null, venues: null, programs: null, genres: null, accessibility: null, images: null, events: [],
  };
  if (!(await isDirectory(contentDir))) {
    diagnostics.push(error(displayPath(contentArg), [], "the content folder does not exist; create it, or point --content at the folder that holds catalogue.json"));
    return { value, diagnostics };
  }
  const topLevel = await readdir(contentDir, { withFileTypes: true });
  const known = new Set<string>(SETTINGS_FILES.map((n) => `${n}.json`));
  for (const entry of topLevel) {
    if (entry.isFile() && entry.name.endsWith(".json") && !known.has(entry.name)) {
      diagnostics.push(warning(displayPath(contentArg, entry.name), [], `is not a file build-catalogue reads, so it is ignored; the files are ${[...known].join(", ")} and events/*.json`));
    }
  }
  await Promise.all(
    SETTINGS_FILES.map(async (name) => {
      const file = displayPath(contentArg, `${name}.json`);
      const absolute = path.join(contentDir, `${name}.json`);
      const exists = topLevel.some((e) => e.name === `${name}.json` && e.isFile());
      if (!exists) {
        if (REQUIRED.has(name)) diagnostics.push(error(file, [], `is missing; create it with ${WHAT[name]}`));
        return;
      }
      const read = readJsonFile(absolute, file);
      if (read.ok) value[name] = { file, data: read.data };
      else diagnostics.push(read.diagnostic);
    }),
  );

  const eventsDir = path.join(contentDir, "events");
  const eventsShown = `${displayPath(contentArg, "events")}/`;
  if (!(await isDirectory(eventsDir))) {
    diagnostics.push(error(eventsShown, [], "the events folder is missing; create it with one JSON file per event page"));
    return { value, diagnostics };
  }
  const entries = (await readdir(eventsDir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const eventFiles: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isFile() && entry.name.endsWith(".json")) eventFiles.push(entry.name);
    else diagnostics.push(warning(displayPath(contentArg, "events", entry.name), [], "is not a .json file, so it is ignored"));
  }
  if (eventFiles.length === 0) {
    diagnostics.push(error(eventsShown, [], "holds no event pages; add at least one events/<slug>.json"));
  }
  value.events = eventFiles.map((name) => ({ file: displayPath(contentArg, "events", name), absolute: path.join(eventsDir, name) }));
  return { value, diagnostics };
}
