// The errors that end an import: each says what happened, why, and what to do; the CLI prints them.

/** The import could not read or write the catalogue: exit 1, nothing written. */
export class ImportFailed extends Error {
  override name = "ImportFailed";
}

/** Ctrl-C (or the caller's signal) stopped the import: nothing written. */
export class ImportInterrupted extends Error {
  override name = "ImportInterrupted";
  constructor() {
    super("the import was interrupted");
  }
}
