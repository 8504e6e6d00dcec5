// A content file as read: its name, its value, and its text (kept to find positions on demand);
// what its name says (format, stem). No node: modules: the admin's check in the browser uses it.
/** Where a key path points in a file's text, as an offset (read-yaml-fast.ts makes one as it reads). */
export type KeyPathPlacer = (path: readonly (string | number)[]) => number;

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

/** The content folder's files as read: the settings (null when absent) and the event pages. */
export interface LoadedContent {
  catalogue: SourceFile | null;
  venues: SourceFile | null;
  programs: SourceFile | null;
  genres: SourceFile | null;
  accessibility: SourceFile | null;
  images: SourceFile | null;
  events: SourceFile[];
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
  const windows = (globalThis as { process?: { platform?: string } }).process?.platform === "win32";
  return file.slice(Math.max(file.lastIndexOf("/"), windows ? file.lastIndexOf("\\") : -1) + 1);
}
