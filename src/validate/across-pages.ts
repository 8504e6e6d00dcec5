// The rules across pages: page ids, slugs, performance ids and ticketing codes are unique.
import type { Diagnostic } from "../model/diagnostics.js";
import { coveredBy } from "./placeholders.js";
import type { SettingsCheck } from "./settings.js";
import type { PageKeys } from "../model/page.js";
import { UniqueIndex } from "./unique.js";

/** A page as the checks across pages read it. */
export interface PageForChecks {
  file: string;
  keys: PageKeys | null;
  placeholders: Diagnostic[];
}

/**
 * The rules across pages: page ids, slugs, performance ids and ticketing codes are unique. Pages
 * come in file-name order, so "already used in" names the same file however the pages were built.
 * `pages` is read once, and a second time only to name the places of a performance id or code
 * used twice (a large build reads the keys back from disk: see emit/summary-store.ts).
 */
export function checkAcrossPages(pages: () => Iterable<PageForChecks>, settings: SettingsCheck): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const pageIds = new UniqueIndex<number>("page id", diagnostics);
  const catalogue = settings.catalogue;
  if (catalogue) {
    pageIds.add(catalogue.parent.id, { file: settings.catalogueFile, path: ["parent", "id"] });
    if (catalogue.parent.home) pageIds.add(catalogue.parent.home.id, { file: settings.catalogueFile, path: ["parent", "home", "id"] });
  }
  const slugs = new UniqueIndex<string>("slug", diagnostics);
  const performanceIds = new Values();
  const performanceCodes = new Values();
  const placeholders = new Map<string, Diagnostic[]>();
  for (const { file, keys, placeholders: found } of pages()) {
    if (found.length > 0) placeholders.set(file, found);
    if (!keys) continue;
    if (keys.id !== undefined) pageIds.add(keys.id, { file, path: ["id"] });
    slugs.add(keys.slug, { file, path: ["slug"] }, keys.slugShown);
    performanceIds.push(keys.performanceIds);
    performanceCodes.push(keys.performanceCodes);
  }
  uniquePerformanceKeys(pages, performanceIds.twice(), "performanceIds", "performance id", "id", diagnostics);
  uniquePerformanceKeys(pages, performanceCodes.twice(), "performanceCodes", "performance ticketing code", "ticketing_code", diagnostics);
  return placeholders.size === 0 ? diagnostics : diagnostics.filter((d) => !coveredBy(placeholders.get(d.file) ?? [], d));
}

/**
 * A catalogue has about ten performances a page: the values are gathered in a typed array and
 * sorted to find the few taken twice, and only those are indexed with their places (a map of
 * every value would be the largest thing the build holds).
 */
class Values {
  private values = new Float64Array(1024);
  private count = 0;

  push(values: readonly number[]): void {
    if (this.count + values.length > this.values.length) {
      const bigger = new Float64Array(Math.max(this.values.length * 2, this.count + values.length));
      bigger.set(this.values.subarray(0, this.count));
      this.values = bigger;
    }
    for (const v of values) this.values[this.count++] = v;
  }

  /** The values given more than once (NaN, a performance left out, is none). */
  twice(): Set<number> {
    const sorted = this.values.subarray(0, this.count).sort();
    const twice = new Set<number>();
    for (let j = 1; j < sorted.length; j++) if (sorted[j] === sorted[j - 1]) twice.add(sorted[j]!);
    return twice;
  }
}

/** Reports each use of a value taken twice after its first, naming the first. */
function uniquePerformanceKeys(
  pages: () => Iterable<PageForChecks>,
  twice: Set<number>,
  which: "performanceIds" | "performanceCodes",
  what: string,
  key: string,
  diagnostics: Diagnostic[],
): void {
  if (twice.size === 0) return;
  const index = new UniqueIndex<number>(what, diagnostics);
  for (const { file, keys } of pages()) {
    keys?.[which].forEach((v, n) => {
      if (twice.has(v)) index.add(v, { file, path: ["performances", n, key] });
    });
  }
}
