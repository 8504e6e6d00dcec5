// The message for a reference to an id the catalogue does not define: which ids it does define,
// and where to add one. Genres and accessibility values are named by their names too, since their
// list may be the defaults no file of the site's shows, and a genres.json (or accessibility.json)
// replaces the defaults rather than adding to them: the one mistake that breaks every other page.
import { DEFAULTED_LISTS, type NamedSource } from "../content/lists.js";

export type ReferenceKind = "venues" | "programs" | "genres" | "accessibility" | "images";

const NOUN: Record<ReferenceKind, string> = { venues: "venue", programs: "program", genres: "genre", accessibility: "accessibility value", images: "image" };

/** The most ids a message lists: every default (13 genres) fits; a site's longer list is cut. */
const SHOWN = 20;

export function unknownReference(
  kind: ReferenceKind,
  refId: number,
  known: Map<number, unknown>,
  file: string,
  /** True when the list is the defaults (the site has no file of its own for it). */
  defaults: boolean,
): string {
  const ids = [...known.keys()].sort((a, b) => a - b);
  const head = `no ${NOUN[kind]} has id ${refId}`;
  if (kind !== "genres" && kind !== "accessibility") {
    const list = ids.length > 12 ? `${ids.slice(0, 12).join(", ")}, ...` : ids.join(", ");
    return `${head}; add it to ${file} or use a known id (${list || "none defined"})`;
  }
  const named = ids.slice(0, SHOWN).map((i) => `${i} = ${(known.get(i) as NamedSource).name}`);
  const list = `${named.join(", ")}${ids.length > SHOWN ? `, ... (${ids.length - SHOWN} more in ${file})` : ""}`;
  // `build-catalogue new <kind>` writes the defaults as the site's own file.
  const { plural } = DEFAULTED_LISTS[kind];
  if (defaults) {
    return (
      `${head}; with no ${file}, the ${plural} are the ${ids.length} defaults: ${list}. ` +
      `Use one of these ids; or, to have others, write ${file}: it replaces the defaults (it does not add to them), ` +
      `so start it from them with "build-catalogue new ${kind}" and add yours to it`
    );
  }
  return `${head}; ${file} (which replaces the default ${plural}) defines ${list || "none"}: add it to ${file} or use one of these ids`;
}
