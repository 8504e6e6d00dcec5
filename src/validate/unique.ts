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

/**
 * Unique numbers by the million (performance ids and codes) in two typed arrays rather than a map
 * of places: the check is one native sort at the end, and only a catalogue that has a duplicate
 * pays for finding where each was first seen. Messages are those of UniqueIndex.
 */
export class NumberIndex {
  // Fixed-size blocks rather than one growing array: nothing is copied, nothing over-allocated.
  private static readonly BLOCK = 65_536;
  private readonly keys: Float64Array[] = [];
  private readonly places: Float64Array[] = [];
  private count = 0;
  private readonly files: string[] = [];
  private readonly fileNumbers = new Map<string, number>();

  constructor(
    private readonly what: string,
    /** The key under `performances[i]` each value comes from. */
    private readonly key: string,
  ) {}

  /** The number standing for a file in add(). */
  file(name: string): number {
    let n = this.fileNumbers.get(name);
    if (n === undefined) {
      n = this.files.push(name) - 1;
      this.fileNumbers.set(name, n);
    }
    return n;
  }

  add(value: number, fileNo: number, index: number): void {
    const block = Math.floor(this.count / NumberIndex.BLOCK);
    if (block === this.keys.length) {
      this.keys.push(new Float64Array(NumberIndex.BLOCK));
      this.places.push(new Float64Array(NumberIndex.BLOCK));
    }
    const at = this.count % NumberIndex.BLOCK;
    this.keys[block]![at] = value;
    this.places[block]![at] = fileNo * 1_048_576 + index;
    this.count++;
  }

  private keyAt(i: number): number {
    return this.keys[Math.floor(i / NumberIndex.BLOCK)]![i % NumberIndex.BLOCK]!;
  }

  private place(packed: number): Place {
    return { file: this.files[Math.floor(packed / 1_048_576)]!, path: ["performances", packed % 1_048_576, this.key] };
  }

  /** Reports every value given twice, naming where it was first seen. */
  report(diagnostics: Diagnostic[]): void {
    const sorted = new Float64Array(this.count);
    this.keys.forEach((block, b) => sorted.set(block.subarray(0, Math.min(NumberIndex.BLOCK, this.count - b * NumberIndex.BLOCK)), b * NumberIndex.BLOCK));
    sorted.sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    if (repeated.size === 0) return;
    const index = new UniqueIndex<number>(this.what, diagnostics);
    for (let i = 0; i < this.count; i++) {
      const value = this.keyAt(i);
      if (repeated.has(value)) index.add(value, this.place(this.places[Math.floor(i / NumberIndex.BLOCK)]![i % NumberIndex.BLOCK]!));
    }
  }
}
