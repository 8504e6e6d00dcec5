// What the plan hands the writer, and what the writer tells of what it wrote: types only.

/** A piece of a file planned in pieces: text or bytes. */
export type Piece = string | Uint8Array;

/** A planned file: its bytes, or (for a document that grows with the catalogue) its pieces, never whole. */
export type OutputFile = { path: string; bytes: Buffer; pieces?: undefined } | { path: string; pieces: Iterable<Piece>; bytes?: undefined };

/** What the writer saw go by: enough to check each host's limits without reading files back. */
export interface OutputTally {
  files: number;
  largest: { path: string; bytes: number };
  /** The text of the rule files at the top of the output (`_redirects`, `_headers`, `vercel.json`), by path. */
  ruleFiles: Map<string, string>;
}
