// The next free id of each kind (one more than the largest used), from the content's values: the
// event pages, catalogue.json (its parent and home pages' ids) and the list files. Read leniently:
// a value that is not what it should be counts for nothing (the build reports it). No node:
// modules: the edit server reads the files (next-ids.ts), the deployed admin the entries it has
// loaded (next-id-widget.ts).
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES } from "../content/lists.js";

export const ID_KINDS = ["page", "event", "event_ticketing", "performance", "performance_ticketing", "image", "venue", "program", "genre", "accessibility"] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type NextIds = Record<IdKind, number>;

/** The values the ids are read from; each list or catalogue in every format it exists in (the build refuses two, but each counts here). */
export interface IdSources {
  pages: unknown[];
  catalogue: unknown[];
  images: unknown[];
  venues: unknown[];
  programs: unknown[];
  /** None: the site has the default genres (accessibility values). */
  genres: unknown[];
  accessibility: unknown[];
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** A value read leniently as a list: anything else is none (keep-content.ts reads lists so too). */
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** One more than the largest id of `values` (1 when there is none). */
function nextOf(values: Iterable<unknown>): number {
  let max = 0;
  for (const v of values) if (isId(v) && v > max) max = v;
  return max + 1;
}

/** The ids of a list file's items (a top-level array of objects with `id`). */
const listIds = (files: unknown[]): unknown[] => files.flatMap((f) => asArray(f).map((item) => asObject(item).id));

/** The next free id of each kind, from the content's values. */
export function nextIdsOf(sources: IdSources): NextIds {
  const pages = sources.pages.map(asObject);
  const parents = sources.catalogue.map((c) => asObject(asObject(c).parent));
  const performances = pages.flatMap((p) => asArray(p.performances).map(asObject));
  const events = pages.map((p) => asObject(p.event));
  return {
    page: nextOf([...pages.map((p) => p.id), ...parents.flatMap((p) => [p.id, asObject(p.home).id])]),
    event: nextOf(events.map((e) => e.id)),
    event_ticketing: nextOf(events.map((e) => e.ticketing_code)),
    performance: nextOf(performances.map((p) => p.id)),
    performance_ticketing: nextOf(performances.map((p) => p.ticketing_code)),
    image: nextOf(listIds(sources.images)),
    venue: nextOf(listIds(sources.venues)),
    program: nextOf(listIds(sources.programs)),
    // Without a file of its own, the site has the default genres and accessibility values (content/lists.ts).
    genre: nextOf(sources.genres.length > 0 ? listIds(sources.genres) : DEFAULT_GENRES.map((g) => g.id)),
    accessibility: nextOf(sources.accessibility.length > 0 ? listIds(sources.accessibility) : DEFAULT_ACCESSIBILITY.map((a) => a.id)),
  };
}
