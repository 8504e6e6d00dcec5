// What the plan hands the writer, and what the writer tells of what it wrote: types only.

/**
 * A reused page's item in a list or the query index: the writer copies it from the file the
 * previous build wrote (`from`, read in ascending page id) when found there, else writes `make()`.
 */
export interface PreviousItem {
  item: number;
  from: PreviousFile;
  make: () => string;
}

/** A file of the previous output a rebuild copies items from: its path, how its items are laid out, and how many come first that are never copied. */
export interface PreviousFile {
  path: string;
  layout: "list" | "index";
  skip: number;
}

/**
 * The bytes of a file of this output written before (`file`, relative to the output folder), less
 * `skipStart` bytes at its start and `skipEnd` at its end: the writer copies them from what it
 * wrote; with nothing written (a check), it writes `make()` instead.
 */
export interface WrittenRange {
  file: string;
  skipStart: number;
  skipEnd: number;
  make: () => Iterable<string>;
}

/** A piece of a file planned in pieces: text, bytes, an item to copy, or a range of a file written before. */
export type Piece = string | Uint8Array | PreviousItem | WrittenRange;

/** A planned file: its bytes, or (for a document that grows with the catalogue) its pieces, never whole. */
export type OutputFile = { path: string; bytes: Buffer; pieces?: undefined } | { path: string; pieces: Iterable<Piece>; bytes?: undefined };

/** What the writer saw go by: enough to check each host's limits without reading files back. */
export interface OutputTally {
  files: number;
  largest: { path: string; bytes: number };
  /** The text of the rule files at the top of the output (`_redirects`, `_headers`, `vercel.json`), by path. */
  ruleFiles: Map<string, string>;
}
