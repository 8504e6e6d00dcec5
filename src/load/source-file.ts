// A content file as read: its name, its value, and its text (kept to find positions on demand).
import { error, type Diagnostic } from "../model/diagnostics.js";
import type { KeyPathPlacer } from "./read-yaml-fast.js";

export type SourceFormat = "json" | "yaml";

export interface SourceFile {
  /** The file as printed in messages, e.g. `content/events/hamlet.json`. */
  file: string;
  data: unknown;
  /** The text as parsed (a byte-order mark removed); positions are offsets into it. */
  text: string;
  format: SourceFormat;
  /** Where its key paths point, from what the parser kept as it read the file (YAML's fast path); null when that does not serve. */
  placer?: () => KeyPathPlacer | null;
}

/** The extensions a content file may have, in the order one is preferred when two exist. */
export const SOURCE_EXTENSIONS = [".json", ".yaml", ".yml"] as const;

export function formatOf(name: string): SourceFormat | null {
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".yaml") || name.endsWith(".yml")) return "yaml";
  return null;
}

/** `hamlet.yaml` → `hamlet`. */
export function stemOf(name: string): string {
  return name.replace(/\.(json|ya?ml)$/, "");
}

/** The error of a file that could not be read at all. */
export function unreadable(file: string, e: unknown): Diagnostic {
  return error(file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}
