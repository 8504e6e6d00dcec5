// `init` on a site whose content/ already holds files (one `build-catalogue import` wrote, or a
// team's own): names each content file's JSON Schema, for editors, by adding to the file and
// changing nothing else. A JSON object (catalogue.json, an event page) gets a `$schema` key as its
// first key, one insertion spaced as the file's first key is (found with jsonc-parser's tree), so
// every other byte (indentation, key order, line endings) stays as it was; a YAML file gets the YAML language server's comment as its
// first line. A file that names a schema already, holds a list (no key fits: .vscode/settings.json
// maps those, docs/editor-support.md), cannot be parsed, or is a link, is left as it is.
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { jsonc } from "../load/libraries.js";
import { jsonTextPast } from "../load/nesting.js";
import { SETTINGS_FILES } from "../load/load-content.js";
import { MAX_CONTENT_FILE_BYTES } from "../load/source-file.js";
import { formatOf, stemOf } from "../load/source-names.js";
import { EVENT_SCHEMA_FILE, schemaReference, type SchemaHome } from "./schema-path.js";
import { YAML_SCHEMA_COMMENT } from "./source-text.js";

const SCHEMA_OF = (stem: string) => `${stem}.schema.json`;

export interface SchemaAdded {
  /** The file relative to the site, with forward slashes. */
  file: string;
  /** The path written. */
  schema: string;
}
export interface SchemaLeft {
  file: string;
  /** Why it was left, as init prints it after the file's name. */
  why: string;
}

const BOM = "\uFEFF";

/** The content files the build reads, relative to content/: the settings files, then events/*. */
async function contentFiles(contentDir: string): Promise<{ rel: string; schema: string }[]> {
  const list = async (dir: string) => (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => !e.isDirectory()).map((e) => e.name).sort();
  const settings = new Set<string>(SETTINGS_FILES);
  const top = (await list(contentDir)).filter((n) => formatOf(n) && settings.has(stemOf(n)));
  const events = (await list(path.join(contentDir, "events"))).filter((n) => formatOf(n));
  return [
    ...top.map((n) => ({ rel: n, schema: SCHEMA_OF(stemOf(n)) })),
    ...events.map((n) => ({ rel: `events/${n}`, schema: EVENT_SCHEMA_FILE })),
  ];
}

/** The text with `$schema` added, or why it is left as it is. */
export function withSchema(text: string, format: "json" | "yaml", schema: string): { text: string } | { left: string } {
  if (format === "yaml") {
    if (/^#\s*yaml-language-server:\s*\$schema=/m.test(text)) return { left: "names its schema already" };
    const bom = text.startsWith(BOM) ? BOM : "";
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    return { text: `${bom}${YAML_SCHEMA_COMMENT}${schema}${eol}${text.slice(bom.length)}` };
  }
  const bom = text.startsWith(BOM) ? BOM : "";
  const body = text.slice(bom.length);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { left: "is not valid JSON (build-catalogue check says where)" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { left: "holds a list, where no $schema key fits (map it in .vscode/settings.json: docs/editor-support.md of build-catalogue)" };
  }
  if ("$schema" in value) return { left: "names its schema already" };
  // jsonc-parser recurses: a text nested past the build's bound is left (the build refuses it too).
  if (jsonTextPast(body) >= 0) return { left: "is nested too deep for the build (build-catalogue check says where)" };
  // One insertion right after the opening brace, spaced as the first key is (its lead and its colon):
  // `{\n  "$schema": "...",\n  "id": 1` or, minified, `{"$schema":"...","id":1}`. Nothing else moves.
  const { parseTree, applyEdits } = jsonc();
  const root = parseTree(body)!;
  const first = root.children?.[0];
  const open = root.offset + 1;
  const lead = first ? body.slice(open, first.offset) : "";
  const colon = first?.children?.[1] ? body.slice(first.children[0]!.offset + first.children[0]!.length, first.children[1].offset) : ": ";
  const insert = `${lead}"$schema"${colon}${JSON.stringify(schema)}${first ? "," : ""}`;
  const edits = [{ offset: open, length: 0, content: insert }];
  return { text: `${bom}${applyEdits(body, edits)}` };
}

/**
 * Adds `$schema` to the content files that lack it, each path relative to its file, to the schemas
 * in `home`. `siteDir` is the site's root (files are named relative to it).
 */
export async function addSchemas(siteDir: string, contentDir: string, home: SchemaHome): Promise<{ added: SchemaAdded[]; left: SchemaLeft[] }> {
  const added: SchemaAdded[] = [];
  const left: SchemaLeft[] = [];
  const slash = (p: string) => p.split(path.sep).join("/");
  for (const { rel, schema } of await contentFiles(contentDir)) {
    const file = path.join(contentDir, rel);
    const shown = slash(path.relative(siteDir, file));
    const stats = await lstat(file);
    // Never written through a link (the build reads none), nor a file larger than the build reads.
    if (!stats.isFile()) {
      left.push({ file: shown, why: stats.isSymbolicLink() ? "is a symbolic link" : "is not a regular file" });
      continue;
    }
    if (stats.size > MAX_CONTENT_FILE_BYTES) {
      left.push({ file: shown, why: "is larger than the build reads" });
      continue;
    }
    const reference = schemaReference(home, path.dirname(file), schema);
    const result = withSchema(await readFile(file, "utf8"), formatOf(rel)!, reference);
    if ("left" in result) {
      left.push({ file: shown, why: result.left });
      continue;
    }
    // "r+": the file must still be there; the new text only adds, so nothing of the old is cut.
    await writeFile(file, result.text, { encoding: "utf8", flag: "r+" });
    added.push({ file: shown, schema: reference });
  }
  return { added, left };
}
