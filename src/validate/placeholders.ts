// Placeholders: the values `build-catalogue new event` writes where only an editor knows the
// answer. Each is a string "TODO: <what to write>"; the build refuses it, saying what to write,
// instead of the type error the key would otherwise get.
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";

export const PLACEHOLDER_PREFIX = "TODO: ";

/** The placeholder text that asks for `what`. */
export const placeholder = (what: string) => `${PLACEHOLDER_PREFIX}${what}`;

/** Every placeholder in a source, with its key path, as errors. */
export function findPlaceholders(file: string, data: unknown, at: KeyPath = []): Diagnostic[] {
  if (typeof data === "string") {
    return data.startsWith(PLACEHOLDER_PREFIX)
      ? [error(file, at, `still the placeholder from "build-catalogue new event": write ${data.slice(PLACEHOLDER_PREFIX.length)}`)]
      : [];
  }
  if (Array.isArray(data)) return data.flatMap((item, i) => findPlaceholders(file, item, [...at, i]));
  if (data !== null && typeof data === "object") {
    return Object.entries(data).flatMap(([key, value]) => findPlaceholders(file, value, [...at, key]));
  }
  return [];
}

/** Whether a diagnostic is about a placeholder's key (or below it), already reported as one. */
export function coveredBy(placeholders: readonly Diagnostic[], d: Diagnostic): boolean {
  return placeholders.some((p) => p.file === d.file && p.path.length <= d.path.length && p.path.every((k, i) => d.path[i] === k));
}
