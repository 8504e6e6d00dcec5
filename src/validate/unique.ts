// Reports values that must be unique (ids, slugs, codes), naming where each was first seen.
import { error, formatKeyPath, type Diagnostic, type KeyPath } from "../diagnostics.js";

export interface Place {
  file: string;
  path: KeyPath;
}

export class UniqueIndex<K> {
  private readonly seen = new Map<K, Place>();
  constructor(
    private readonly what: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Records the value; returns false (and reports) when it was already taken. */
  add(key: K, place: Place, shown: string = String(key)): boolean {
    const first = this.seen.get(key);
    if (!first) {
      this.seen.set(key, place);
      return true;
    }
    const where = first.file === place.file ? `at ${formatKeyPath(first.path)}` : `in ${first.file}${first.path.length ? ` at ${formatKeyPath(first.path)}` : ""}`;
    this.diagnostics.push(
      error(place.file, place.path, `duplicate ${this.what} ${shown}: already used ${where}; each ${this.what} must be unique`),
    );
    return false;
  }

  has(key: K): boolean {
    return this.seen.has(key);
  }
}
