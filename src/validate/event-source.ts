// One event page on its own: its schema, its references, its timestamps, its HTML, the
// placeholders left from `new event`; and the keys it holds that must be unique across pages.
import { SLUG } from "../content/common.js";
import { eventSchema, lenientEventSchema } from "../content/event.js";
import { error, type Diagnostic } from "../model/diagnostics.js";
import type { PageKeys } from "../model/page.js";
import type { SiteEvent } from "../model/site.js";
import { baseName, formatOf, stemOf } from "../load/source-names.js";
import { checkEvent, type Lookups, type PartialEvent } from "./check-event.js";
import { parseWith } from "./parse-sources.js";
import { coveredBy, findPlaceholders } from "./placeholders.js";

export interface PageCheck {
  /** The page resolved, when it has no error of its own. */
  event: SiteEvent | null;
  keys: PageKeys | null;
  /** Placeholders left from `new event`: a problem at or below one is not reported again. */
  placeholders: Diagnostic[];
  diagnostics: Diagnostic[];
}

/**
 * One event page on its own: its schema, its references, its timestamps. With the file's `text`,
 * the walk for placeholders is skipped when no "TODO:" can be in it (nor an escape spelling one).
 */
export function checkEventSource(file: string, data: unknown, look: Lookups, text?: string): PageCheck {
  const diagnostics: Diagnostic[] = [];
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    diagnostics.push(error(file, [], `must hold one ${formatOf(file) === "yaml" ? "YAML mapping" : "JSON object"} (an event page {id, title, ...}), found ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}`));
    return { event: null, keys: null, placeholders: [], diagnostics };
  }
  const placeholders = text === undefined || /TODO:|\\[ux]/.test(text) ? findPlaceholders(file, data) : [];
  const strict = parseWith(eventSchema, data, file, diagnostics, [], look.compileAfter);
  const src: PartialEvent = strict ?? (lenientEventSchema.parse(data) as PartialEvent);
  const fileSlug = stemOf(baseName(file));
  if (src.slug === undefined && !SLUG.test(fileSlug)) {
    diagnostics.push(error(file, ["slug"], `is not given and the file name "${fileSlug}" is not a valid slug (lowercase words of a-z and 0-9 joined by single hyphens); rename the file or add "slug"`));
    return { event: null, keys: null, placeholders, diagnostics: withPlaceholders(placeholders, diagnostics) };
  }
  const slug = src.slug ?? fileSlug;
  const keys: PageKeys = {
    slug,
    slugShown: src.slug === undefined ? `"${slug}" (taken from the file name)` : `"${slug}"`,
    performanceIds: src.performances?.map((p) => (p ? p.id : NaN)) ?? [],
    performanceCodes: src.performances?.map((p) => (p ? p.ticketing_code : NaN)) ?? [],
  };
  if (src.id !== undefined) keys.id = src.id;
  const event = checkEvent(file, src, strict !== null, slug, look, diagnostics);
  return { event: placeholders.length > 0 ? null : event, keys, placeholders, diagnostics: withPlaceholders(placeholders, diagnostics) };
}

/** A placeholder is reported as one, not as the wrong type or timestamp it also is. */
function withPlaceholders(placeholders: Diagnostic[], found: Diagnostic[]): Diagnostic[] {
  return placeholders.length === 0 ? found : [...placeholders, ...found.filter((d) => !coveredBy(placeholders, d))];
}
