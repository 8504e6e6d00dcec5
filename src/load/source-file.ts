// A content file as read: its name, its value, and its text (kept to find positions on demand).
import { pastCap, RefusedFile } from "../io/regular-file.js";
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

/** The error of a file that could not be read at all, or that the build will not read (io/regular-file.ts). */
export function unreadable(file: string, e: unknown): Diagnostic {
  if (e instanceof RefusedFile) return error(file, [], e.message);
  return error(file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}

/**
 * The largest content file the build reads: far past any an editor keeps (an event page is a few
 * kB, images.json for 10,000 images about 2 MiB), and far below what a string can hold.
 */
export const MAX_CONTENT_FILE_BYTES = 64 * 1024 * 1024;

export function contentFileTooLarge(size: number): string {
  const shown = pastCap(size, MAX_CONTENT_FILE_BYTES);
  return `is ${shown.size}, more than the ${shown.cap} a content file may be (an event page is a few kB): a file this large is not one editors keep; check what it holds`;
}
