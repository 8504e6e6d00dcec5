// The admin's file formats: Decap CMS reads and writes each content file through them
// (CMS.registerCustomFormat, in the browser extension), so that saving an entry changes only the
// lines of what the editor changed. Browser-safe (no node: modules): the extension bundles it.
//
// Why the file's text rides in the data: Decap gives a format's toFile the entry's data alone, not
// the file it was read from. Decap keeps the keys of the data its fields do not know through an
// edit, so fromFile puts the file's own text under SOURCE_KEY, and toFile lays the changes over
// that text. With no such text (a new entry) the file is written in the project's own layout.
//
// The rules of toFile:
// - Unchanged data gives the file's text back, byte for byte.
// - A changed file keeps the bytes of every line the change does not touch. JSON is edited value by
//   value at the places jsonc-parser's syntax tree gives: key order, indentation, end of line and
//   final newline kept, a new key placed after the key the form shows before it (else before the
//   one it shows after it, else last), list items changed in place, inserted or removed. YAML is
//   edited in place at the places its parser gives (comments, quoting and layout kept), or, when a
//   change cannot be made so, through the yaml package's Document (which normalises some layout:
//   keep-layout-yaml.ts says what).
// - A cleared field: Decap gives "" or null (sometimes [] or nothing) for a field the editor
//   cleared. An optional key holding such a value is left out of the file, so the build's default
//   applies, unless the file held that very value there (`"program": null` stays). A required key
//   is always written: the build then says what it lacks.
// - A list file (venues, programs, images, ...) is an object {items: [...]} in the form and stays a
//   list on disk.
// - The result always reads back as the value meant; were an edit in place ever to read otherwise,
//   the file is written whole in the project's layout instead.
import { cleanValue, sameValue } from "./keep-layout-clean.js";
import { changesBetween, type Change } from "./keep-layout-diff.js";
import { editJson, jsonLayout } from "./keep-layout-json.js";
import { MAX_NESTING, nestedPast } from "../load/nested-past.js";
import { checkSize, LayoutError, parseSource, parseYaml, splitBom, type Format } from "./keep-layout-parse.js";
import { inFormOrder, isPlainObject, keyShape, setKey, type Shape } from "./keep-layout-shape.js";
import { spliceYaml } from "./keep-layout-yaml-splice.js";
import { editYamlDocument, newYamlFile, yamlLayout } from "./keep-layout-yaml.js";

export { shapeOf, type DecapField, type Shape } from "./keep-layout-shape.js";
export { LayoutError, MAX_FILE_BYTES, type Format } from "./keep-layout-parse.js";

/** The key of an entry's data that holds its file's text (a name no content file uses). */
export const SOURCE_KEY = "__build_catalogue_source";

/** The entry's data of a file: its value (a list file's as `{items}`), and its text under SOURCE_KEY. Throws a LayoutError for a file it cannot read. */
export function fromFile(text: string, format: Format, wrapped: boolean): Record<string, unknown> {
  const value = parseSource(text, format);
  if (wrapped) {
    if (!Array.isArray(value)) throw new LayoutError(`the file must hold a list (a ${format === "json" ? "JSON array" : "YAML sequence"}) of items, and holds ${kindOf(value)}; correct it in a text editor`);
    return { items: value, [SOURCE_KEY]: text };
  }
  if (!isPlainObject(value)) throw new LayoutError(`the file must hold one ${format === "json" ? "JSON object" : "YAML mapping"} of keys and values, and holds ${kindOf(value)}; correct it in a text editor`);
  if (Object.prototype.hasOwnProperty.call(value, SOURCE_KEY)) throw new LayoutError(`the file has the key "${SOURCE_KEY}", which the admin keeps for itself: remove it in a text editor`);
  setKey(value, SOURCE_KEY, text);
  return value;
}

const kindOf = (v: unknown) => (Array.isArray(v) ? "a list" : v === null ? "null" : typeof v === "object" ? "an object" : `a ${typeof v}`);

/** The file's text for an entry's data (see the rules at the top). `shape` is shapeOf the collection's fields. Throws a LayoutError for data past the bounds. */
export function toFile(data: Record<string, unknown>, format: Format, wrapped: boolean, shape: Shape): string {
  const source = typeof data[SOURCE_KEY] === "string" ? (data[SOURCE_KEY] as string) : null;
  const entry: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (key !== SOURCE_KEY) setKey(entry, key, data[key]);
  if (wrapped && !Array.isArray(entry.items)) entry.items = [];
  const before = source === null ? undefined : readable(source, format, wrapped);
  const cleaned = cleanValue(wrapped ? { items: entry.items } : entry, shape, wrapped && before !== undefined ? { items: before } : before);
  // A list file is its items on disk: their shape is the `items` field's.
  const fileShape = wrapped ? keyShape(shape, "items") : shape;
  const value = inFormOrder(wrapped ? (cleaned as { items: unknown }).items : cleaned, fileShape);
  if (nestedPast(value, MAX_NESTING)) throw new LayoutError(`the entry is nested deeper than ${MAX_NESTING} levels of lists and objects, which the build refuses`);
  checkSize(JSON.stringify(value), "the entry");
  if (source === null || before === undefined) return newFile(value, format);
  if (sameValue(value, before)) return source;
  return editedFile(source, before, value, format, fileShape);
}

/** The source's value, or undefined when it cannot be read as the file it should be (the file is then written anew). */
function readable(source: string, format: Format, wrapped: boolean): unknown {
  try {
    const value = parseSource(source, format);
    return (wrapped ? Array.isArray(value) : isPlainObject(value)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A new file in the project's layout: two-space JSON, or YAML as `build-catalogue new event --yaml` writes it. */
function newFile(value: unknown, format: Format): string {
  return format === "json" ? `${JSON.stringify(value, null, 2)}\n` : newYamlFile(value);
}

/** The source with the changes laid over it; written whole only when no edit reads back as `value`. */
function editedFile(source: string, before: unknown, value: unknown, format: Format, shape: Shape | undefined): string {
  const { bom, body } = splitBom(source);
  const changes = changesBetween(before, value, shape);
  const whole = changes.some((c) => c.path.length === 0 && c.kind === "set");
  const attempts = whole ? [] : format === "json" ? [() => editJson(body, changes)] : yamlAttempts(body, changes);
  for (const attempt of attempts) {
    const text = tryText(attempt);
    if (text !== null && readsAs(bom + text, format, value)) return bom + text;
  }
  return bom + rewritten(body, value, format);
}

function yamlAttempts(body: string, changes: readonly Change[]): Array<() => string | null> {
  return [
    () => {
      const doc = parseYaml(body);
      return spliceYaml(body, doc, changes, yamlLayout(body, doc));
    },
    () => {
      const doc = parseYaml(body);
      return editYamlDocument(doc, changes, yamlLayout(body, doc));
    },
  ];
}

function tryText(attempt: () => string | null): string | null {
  try {
    return attempt();
  } catch {
    return null;
  }
}

function readsAs(text: string, format: Format, value: unknown): boolean {
  try {
    return sameValue(parseSource(text, format), value);
  } catch {
    return false;
  }
}

/** The whole file written again: JSON in the file's indentation and end of line (its final newline as it had), YAML as a new file. */
function rewritten(body: string, value: unknown, format: Format): string {
  if (format === "yaml") return newYamlFile(value);
  const { unit, eol } = jsonLayout(body);
  const text = JSON.stringify(value, null, unit).replace(/\n/g, eol);
  return /\n$/.test(body) ? text + eol : text;
}
