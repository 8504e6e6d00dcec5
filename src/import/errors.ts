// The errors that end an import: each says what happened, why, and what to do; the CLI prints them.

/** The import could not read or write the catalogue: exit 1, nothing written. */
export class ImportFailed extends Error {
  override name = "ImportFailed";
}

/**
 * The API answered what the import will not read or write (a name that would leave --content,
 * a URL it does not fetch, a body too large or nested too deep): it ends the import whatever was
 * being read, even an original or the images endpoint, whose other failures are only noted.
 */
export class AnswerRefused extends ImportFailed {
  override name = "AnswerRefused";
}

/**
 * A host the import gave up on (its name does not resolve, it refuses connections): this request
 * failed, or was not sent, because of it.
 */
export class HostUnreachable extends ImportFailed {
  override name = "HostUnreachable";
  constructor(readonly host: string, readonly code: string, message: string) {
    super(message);
  }
}

/** Ctrl-C (or the caller's signal) stopped the import: nothing written. */
export class ImportInterrupted extends Error {
  override name = "ImportInterrupted";
  constructor() {
    super("the import was interrupted");
  }
}
