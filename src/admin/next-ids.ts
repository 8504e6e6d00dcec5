// GET /api/admin/next-ids: the next free id of each kind (one more than the largest used), read
// from the content files on disk as they are now, for the admin to propose in a new entry. Read
// leniently (a file that does not parse counts for nothing: the build reports it) and within
// bounds: no file through a link, none past the build's size cap, at most MAX_EVENT_FILES pages.
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES } from "../content/lists.js";
import { readSourceFileSync } from "../load/read-source.js";
import { formatOf, SOURCE_EXTENSIONS } from "../load/source-names.js";

export const ID_KINDS = ["page", "event", "event_ticketing", "performance", "performance_ticketing", "image", "venue", "program", "genre", "accessibility"] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type NextIds = Record<IdKind, number>;

/** The most event pages read: far past any catalogue's, so that no folder keeps a request busy for long. */
const MAX_EVENT_FILES = 100_000;
/** Files read between two turns of the event loop: the server answers other requests meanwhile. */
const FILES_A_TURN = 200;

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** A value read leniently as a list: anything else is none (keep-content.ts reads lists so too). */
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

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

/** One more than the largest id of `values` (1 when there is none). */
function nextOf(values: Iterable<unknown>): number {
  let max = 0;
  for (const v of values) if (isId(v) && v > max) max = v;
  return max + 1;
}

/** The ids of a list file's items (a top-level array of objects with `id`). */
const listIds = (files: unknown[]): unknown[] => files.flatMap((f) => asArray(f).map((item) => asObject(item).id));

/** The next free id of each kind, from the files in `contentDir` (a folder that does not exist has none). */
export async function nextIds(contentDir: string): Promise<NextIds> {
  const pages = (await eventPages(contentDir)).map(asObject);
  const parents = topFile(contentDir, "catalogue").map((c) => asObject(asObject(c).parent));
  const performances = pages.flatMap((p) => asArray(p.performances).map(asObject));
  const events = pages.map((p) => asObject(p.event));
  const genres = topFile(contentDir, "genres");
  const accessibility = topFile(contentDir, "accessibility");
  return {
    page: nextOf([...pages.map((p) => p.id), ...parents.flatMap((p) => [p.id, asObject(p.home).id])]),
    event: nextOf(events.map((e) => e.id)),
    event_ticketing: nextOf(events.map((e) => e.ticketing_code)),
    performance: nextOf(performances.map((p) => p.id)),
    performance_ticketing: nextOf(performances.map((p) => p.ticketing_code)),
    image: nextOf(listIds(topFile(contentDir, "images"))),
    venue: nextOf(listIds(topFile(contentDir, "venues"))),
    program: nextOf(listIds(topFile(contentDir, "programs"))),
    // Without a file of its own, the site has the default genres and accessibility values (content/lists.ts).
    genre: nextOf(genres.length > 0 ? listIds(genres) : DEFAULT_GENRES.map((g) => g.id)),
    accessibility: nextOf(accessibility.length > 0 ? listIds(accessibility) : DEFAULT_ACCESSIBILITY.map((a) => a.id)),
  };
}
