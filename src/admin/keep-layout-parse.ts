// Reading a content file's text in the admin (browser-safe): JSON, or YAML 1.2 with the core
// schema as the build reads it (src/load/read-yaml.ts), bounded in size and nesting so that a
// huge or deep file is refused with a sentence rather than freezing the page.
import { parseDocument, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from "yaml";
import { MAX_NESTING, nestedPast } from "../load/nested-past.js";

export type Format = "json" | "yaml";

/** The largest file the admin opens or writes: content files are far smaller (an event page is a few kB). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** The options the build reads YAML with: YAML 1.2, the core schema (the types JSON has), no merge keys. */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = { version: "1.2", schema: "core", uniqueKeys: false, merge: false };

/** A file the admin cannot read or write, said in a sentence an editor can act on. */
export class LayoutError extends Error {
  override name = "LayoutError";
}

const BOM = "\uFEFF";

/** The text without its byte-order mark, and the mark (kept when the file is written again). */
export function splitBom(text: string): { bom: string; body: string } {
  return text.startsWith(BOM) ? { bom: BOM, body: text.slice(1) } : { bom: "", body: text };
}

/** Refuses text past the admin's bound. */
export function checkSize(text: string, what: string): void {
  // A UTF-8 character is at most 3 bytes a UTF-16 unit: short text needs no encoding to know.
  if (text.length * 3 <= MAX_FILE_BYTES) return;
  const bytes = new TextEncoder().encode(text).byteLength;
  if (bytes > MAX_FILE_BYTES) {
    throw new LayoutError(`${what} is ${(bytes / 1048576).toFixed(1)} MB; the admin edits files of at most ${MAX_FILE_BYTES / 1048576} MB: edit it in a text editor`);
  }
}

/** The file's value; refuses text that is not one JSON value / one YAML document, or nests too deep. */
export function parseSource(text: string, format: Format): unknown {
  checkSize(text, "the file");
  const { body } = splitBom(text);
  if (body.trim() === "") throw new LayoutError(`the file is empty; it must hold one ${format === "json" ? "JSON" : "YAML"} value`);
  const value = format === "json" ? parseJson(body) : parseYaml(body).toJS({ maxAliasCount: 1000 });
  if (nestedPast(value, MAX_NESTING)) throw new LayoutError(`the file is nested deeper than ${MAX_NESTING} levels of lists and objects; the build refuses it too: remove the extra nesting in a text editor`);
  return value;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (e) {
    throw new LayoutError(`the file is not valid JSON (${(e as Error).message}); correct it in a text editor`);
  }
}

/** The YAML document (its nodes keep their places in the text, for edits in place). */
export function parseYaml(body: string): Document.Parsed {
  let doc: Document.Parsed;
  try {
    doc = parseDocument(body, { ...YAML_OPTIONS, prettyErrors: true });
  } catch (e) {
    // The parser recurses: only a file nested thousands deep overflows it.
    throw new LayoutError(`the file could not be read as YAML (${(e as Error).message}); correct it in a text editor`);
  }
  const problem = doc.errors[0];
  if (problem) throw new LayoutError(`the file is not valid YAML: ${problem.message.split("\n")[0]}; correct it in a text editor`);
  return doc;
}

