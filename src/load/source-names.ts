// A content file as read: its name, its value, and its text (kept to find positions on demand);
// what its name says (format, stem). No node: modules: the admin's check in the browser uses it.
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

/** The last segment of a file name as the build prints it ("/" between folders; "\\" too on Windows). */
export function baseName(file: string): string {
  const windows = typeof process === "object" && process?.platform === "win32";
  return file.slice(Math.max(file.lastIndexOf("/"), windows ? file.lastIndexOf("\\") : -1) + 1);
}
