// Load stage: finds the files of content/ (each .json, .yaml or .yml) and reads them, reporting
// every problem, two files for one thing included.
import type { Dirent } from "node:fs";
import { lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { notRegular, refusal } from "../io/regular-file.js";
import { error, warning, type Diagnostic } from "../model/diagnostics.js";
import { readSourceFileSync } from "./read-source.js";
import { formatOf, SOURCE_EXTENSIONS, stemOf, type LoadedContent, type SourceFile } from "./source-names.js";

export type { LoadedContent, SourceFile } from "./source-names.js";


export const SETTINGS_FILES = ["catalogue", "venues", "programs", "genres", "accessibility", "images"] as const;
const REQUIRED = new Set(["catalogue", "venues"]);
const WHAT: Record<string, string> = {
  catalogue: "the site-wide settings (base_url, site_url, cdn_url, parent, ticketing)",
  venues: "the venues, an array of {id, name, ticketing_code, time_zone?}",
};

/** The path shown to editors: as they named the content folder, with forward slashes. */
export function displayPath(contentArg: string, ...parts: string[]): string {
  return path.join(contentArg, ...parts).split(path.sep).join("/");
}

export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** An event file found in content/events/, by the name messages give it and where it is. */
export interface EventFile {
  file: string;
  absolute: string;
}

export interface Loaded {
  value: LoadedContent;
  /** Every event file, in file-name order (read into value.events unless asked not to). */
  eventFiles: EventFile[];
  diagnostics: Diagnostic[];
  /** False when content/ or content/events/ is missing: no event file was looked for. */
  eventsFolderRead: boolean;
  /** False when content/ is missing, or refused (a link): nothing in it was looked at. */
  contentFolderRead: boolean;
}

/**
 * Reads the settings files and finds the event files; reads those too unless `readEvents` is
 * false (the build reads each page as it builds it, so no catalogue is ever held whole).
 */
export async function loadContent(contentDir: string, contentArg: string, readEvents = true): Promise<Loaded> {
  const diagnostics: Diagnostic[] = [];
  const value: LoadedContent = {
    catalogue: null, venues: null, programs: null, genres: null, accessibility: null, images: null, events: [],
  };
  // The folder itself, not through a link (the folders above it are the machine's to arrange): a
  // content folder committed as a link would lead the build anywhere. Where it leads is not named.
  const folder = await lstat(contentDir).catch(() => null);
  if (folder?.isSymbolicLink()) {
    diagnostics.push(error(displayPath(contentArg), [], `the content folder ${refusal("a symbolic link", true)}, or point --content at the folder itself`));
    return { value, eventFiles: [], diagnostics, eventsFolderRead: false, contentFolderRead: false };
  }
  if (!folder?.isDirectory()) {
    diagnostics.push(error(displayPath(contentArg), [], "the content folder does not exist; point --content at the folder that holds catalogue.json, or start a new site with build-catalogue init"));
    return { value, eventFiles: [], diagnostics, eventsFolderRead: false, contentFolderRead: false };
  }
  const topLevel = await readdir(contentDir, { withFileTypes: true });
  readSettingsFiles(contentDir, contentArg, topLevel, value, diagnostics);
  const found = await findEventFiles(contentDir, contentArg, topLevel, diagnostics);
  if (found === null) return { value, eventFiles: [], diagnostics, eventsFolderRead: false, contentFolderRead: true };
  if (readEvents) {
    for (const f of found) {
      const read = readSourceFileSync(f.absolute, f.file);
      if (read.source) value.events.push(read.source);
      diagnostics.push(...read.diagnostics);
    }
  }
  return { value, eventFiles: found, diagnostics, eventsFolderRead: true, contentFolderRead: true };
}

/** Reads the settings files into `value` (a file of another name at the top is a warning); a required one missing is an error. */
function readSettingsFiles(contentDir: string, contentArg: string, topLevel: readonly Dirent[], value: LoadedContent, diagnostics: Diagnostic[]): void {
  const known = new Set<string>(SETTINGS_FILES);
  for (const entry of topLevel) {
    if (entry.isFile() && formatOf(entry.name) && !known.has(stemOf(entry.name))) {
      diagnostics.push(warning(displayPath(contentArg, entry.name), [], `is not a file build-catalogue reads, so it is ignored; the files are ${SETTINGS_FILES.map((n) => `${n}.json`).join(", ")} (or .yaml) and events/*.json`));
    }
  }
  for (const name of SETTINGS_FILES) {
    // Anything of the name but a folder: a link or a pipe is refused below, not taken for missing.
    const present = SOURCE_EXTENSIONS.map((ext) => `${name}${ext}`).filter((n) => topLevel.some((e) => e.name === n && !e.isDirectory()));
    if (present.length === 0) {
      if (REQUIRED.has(name)) diagnostics.push(error(displayPath(contentArg, `${name}.json`), [], `is missing; create it (or ${name}.yaml) with ${WHAT[name]}`));
      continue;
    }
    const chosen = present[0]!;
    for (const other of present.slice(1)) diagnostics.push(twice(displayPath(contentArg, other), chosen, other));
    const what = notRegular(topLevel.find((e) => e.name === chosen)!);
    if (what !== null) {
      diagnostics.push(error(displayPath(contentArg, chosen), [], refusal(what)));
      continue;
    }
    const read = readSourceFileSync(path.join(contentDir, chosen), displayPath(contentArg, chosen));
    if (read.source) value[name] = read.source;
    diagnostics.push(...read.diagnostics);
  }
}

/** The event files of content/events/, in file-name order; null when the folder is missing or refused (an error says which). */
async function findEventFiles(contentDir: string, contentArg: string, topLevel: readonly Dirent[], diagnostics: Diagnostic[]): Promise<EventFile[] | null> {
  const eventsDir = path.join(contentDir, "events");
  const eventsShown = `${displayPath(contentArg, "events")}/`;
  // A catalogue needs an event page: say how to start one (the command writes the folder too).
  const startOne = `run build-catalogue new event <slug>${contentArg === "content" ? "" : ` --content ${contentArg}`} to start one, or write events/<slug>.json (or .yaml) yourself`;
  const eventsEntry = topLevel.find((e) => e.name === "events");
  const eventsWhat = eventsEntry ? notRegular(eventsEntry) : null;
  if (eventsWhat !== null && eventsWhat !== "a folder") {
    // Not listed, so nothing of where a link leads is read or named.
    diagnostics.push(error(eventsShown, [], `the events folder ${refusal(eventsWhat, true)}`));
    return null;
  }
  if (!eventsEntry?.isDirectory()) {
    diagnostics.push(error(eventsShown, [], `the events folder is missing, and a catalogue needs at least one event page; ${startOne}`));
    return null;
  }
  const eventFiles = await eventFileNames(eventsDir, contentArg, diagnostics);
  if (eventFiles.length === 0) {
    diagnostics.push(error(eventsShown, [], `holds no event pages, and a catalogue needs at least one; ${startOne}`));
  }
  // A name from readdir has no separator: joined by concatenation, its paths are two references to
  // shared prefixes and the name (path.join built each from several pieces, which a large
  // catalogue held to the end).
  const filePrefix = `${displayPath(contentArg, "events")}/`;
  const absolutePrefix = `${eventsDir}${path.sep}`;
  return eventFiles.map((name) => ({ file: `${filePrefix}${name}`, absolute: `${absolutePrefix}${name}` }));
}

/** The names of the event files in the events folder, sorted: one per page (a page written in two formats is an error), what is not a page left out. */
async function eventFileNames(eventsDir: string, contentArg: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const entries = (await readdir(eventsDir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const eventFiles: string[] = [];
  const byStem = new Map<string, string>();
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const what = notRegular(entry);
    // A link or a pipe among the pages is never opened, whatever its name: an error, so that it is not mistaken for a page that was read.
    if (what !== null && what !== "a folder") {
      diagnostics.push(error(displayPath(contentArg, "events", entry.name), [], refusal(what)));
      continue;
    }
    if (!entry.isFile() || !formatOf(entry.name)) {
      diagnostics.push(warning(displayPath(contentArg, "events", entry.name), [], "is not a .json, .yaml or .yml file, so it is ignored"));
      continue;
    }
    // hamlet.json and hamlet.yaml are one page written twice: read the preferred one only.
    const first = byStem.get(stemOf(entry.name));
    if (first === undefined) byStem.set(stemOf(entry.name), entry.name);
    else diagnostics.push(twice(displayPath(contentArg, "events", entry.name), first, entry.name));
  }
  for (const name of byStem.values()) eventFiles.push(name);
  return eventFiles.sort((a, b) => (a < b ? -1 : 1));
}

/** The files of a run, by the name messages give them: where positions are looked up. */
export function sourcesOf(content: LoadedContent): Map<string, SourceFile> {
  const all = [content.catalogue, content.venues, content.programs, content.genres, content.accessibility, content.images, ...content.events];
  return new Map(all.filter((s): s is SourceFile => s !== null).map((s) => [s.file, s]));
}

function twice(file: string, kept: string, other: string): Diagnostic {
  return error(file, [], `both ${kept} and ${other} exist: one file written twice in two formats, and only one can count; keep one and delete the other`);
}
