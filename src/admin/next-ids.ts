// GET /api/admin/next-ids: the next free id of each kind (next-free-ids.ts), read from the content
// files on disk as they are now, for the admin to propose in a new entry. Read leniently (a file
// that does not parse counts for nothing: the build reports it) and within bounds: no file through
// a link, none past the build's size cap, at most MAX_EVENT_FILES pages.
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { readSourceFileSync } from "../load/read-source.js";
import { formatOf, SOURCE_EXTENSIONS } from "../load/source-names.js";
import { nextIdsOf, type NextIds } from "./next-free-ids.js";

/** The most event pages read: far past any catalogue's, so that no folder keeps a request busy for long. */
const MAX_EVENT_FILES = 100_000;
/** Files read between two turns of the event loop: the server answers other requests meanwhile. */
const FILES_A_TURN = 200;

/** A content file's value, or undefined when it is missing, refused (a link, too large) or does not parse. */
function readValue(absolute: string): unknown {
  const { source } = readSourceFileSync(absolute, absolute);
  return source?.data;
}

/** The values of a top-level file, in each format it exists in (the build refuses two, but each counts here). */
function topFile(contentDir: string, name: string): unknown[] {
  return SOURCE_EXTENSIONS.map((ext) => readValue(path.join(contentDir, `${name}${ext}`))).filter((v) => v !== undefined);
}

/** The event pages' values: the regular files of events/ with a content extension, dot-files aside. */
async function eventPages(contentDir: string): Promise<unknown[]> {
  const dir = path.join(contentDir, "events");
  // A link in place of the folder leads out of the content folder: the build refuses it, and nothing is read through it.
  if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith(".") && formatOf(e.name) !== null)
      .map((e) => e.name)
      .slice(0, MAX_EVENT_FILES);
  } catch {
    return [];
  }
  const pages: unknown[] = [];
  for (let i = 0; i < names.length; i++) {
    if (i > 0 && i % FILES_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const value = readValue(path.join(dir, names[i]!));
    if (value !== undefined) pages.push(value);
  }
  return pages;
}

/** The next free id of each kind, from the files in `contentDir` (a folder that does not exist has none). */
export async function nextIds(contentDir: string): Promise<NextIds> {
  const top = (name: string) => topFile(contentDir, name);
  return nextIdsOf({
    pages: await eventPages(contentDir),
    catalogue: top("catalogue"), images: top("images"), venues: top("venues"), programs: top("programs"), genres: top("genres"), accessibility: top("accessibility"),
  });
}
