// Errors that end a command: caught in one place (the CLI), which turns them into exit codes.
import type { Diagnostic } from "./model/diagnostics.js";

/** The command line or options are wrong: exit 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The build could not finish (content errors, or writing failed): exit 1. */
export class BuildFailed extends Error {
  override name = "BuildFailed";
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[] = [],
  ) {
    super(message);
  }
}
