// Reports values that must be unique (ids, slugs, codes), naming where each was first seen.
import { error, formatKeyPath, type Diagnostic, type KeyPath } from "../model/diagnostics.js";

export interface Place {
  file: string;
  path: KeyPath;
}

/** `at slug` in the same file, `in content/events/hamlet.json at slug` in another. */
function whereIs(other: Place, from: Place): string {
  return other.file === from.file ? `at ${formatKeyPath(other.path)}` : `in ${other.file}${other.path.length ? ` at ${formatKeyPath(other.path)}` : ""}`;
}

export class UniqueIndex<K> {
  private readonly seen = new Map<K, Place & { shown: string }>();
  /** Values whose first place has been reported too. */
  private readonly reportedFirst = new Set<K>();
  constructor(
    private readonly what: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /**
   * Records the value; returns false (and reports) when it was already taken. A value used twice is
   * reported at every place that holds it, the first included: a copied file is marked, not only
   * the original it was copied from (whichever sorts first).
   */
  add(key: K, place: Place, shown: string = String(key)): boolean {
    const first = this.seen.get(key);
    if (!first) {
      this.seen.set(key, { ...place, shown });
      return true;
    }
    const rule = `each ${this.what} must be unique`;
    if (!this.reportedFirst.has(key)) {
      this.reportedFirst.add(key);
      this.diagnostics.push(error(first.file, first.path, `duplicate ${this.what} ${first.shown}: also used ${whereIs(place, first)}; ${rule}`));
    }
    this.diagnostics.push(error(place.file, place.path, `duplicate ${this.what} ${shown}: already used ${whereIs(first, place)}; ${rule}`));
    return false;
  }

  has(key: K): boolean {
    return this.seen.has(key);
  }
}
