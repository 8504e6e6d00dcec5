// Reads one content file, JSON or YAML by its extension, into a SourceFile and its diagnostics.
import type { Stats } from "node:fs";
import { readRegularFileSync } from "../io/regular-file.js";
import type { Diagnostic } from "../model/diagnostics.js";
import { parseJsonText } from "./read-json.js";
import { parseYamlText } from "./read-yaml.js";
import { contentFileTooLarge, MAX_CONTENT_FILE_BYTES, unreadable } from "./source-file.js";
import { formatOf, type SourceFile } from "./source-names.js";

export type ReadResult = { source: SourceFile | null; diagnostics: Diagnostic[] };

/**
 * A content file's text and its status (taken once open, before it is read): a regular file,
 * not through a link, of at most MAX_CONTENT_FILE_BYTES. Throws RefusedFile, or the system's error.
 */
export function readContentText(absolute: string): { text: string; stats: Stats } {
  const { bytes, stats } = readRegularFileSync(absolute, MAX_CONTENT_FILE_BYTES, contentFileTooLarge);
  return { text: bytes.toString("utf8"), stats };
}

/** Reads a file synchronously: files are read one at a time, and a promise costs more than the read. */
export function readSourceFileSync(absolute: string, file: string): ReadResult {
  let raw: string;
  try {
    raw = readContentText(absolute).text;
  } catch (e) {
    return { source: null, diagnostics: [unreadable(file, e)] };
  }
  return parseSource(raw, file);
}

/** Parses a file's text (a byte-order mark is dropped first) by the format its name gives. */
export function parseSource(raw: string, file: string): ReadResult {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const format = formatOf(file) ?? "json";
  const parsed = format === "json" ? parseJsonText(text, file) : parseYamlText(text, file);
  if (!parsed.ok) return { source: null, diagnostics: parsed.diagnostics };
  const source: SourceFile = { file, data: parsed.data, text, format };
  if (parsed.placer) source.placer = parsed.placer;
  return { source, diagnostics: parsed.diagnostics };
}
