// A content file as the scaffolds write it (`new event`, `new genres`): never where a file of the
// same name stands in any of the content's formats, and in the layout editors keep: two-space
// JSON, or YAML whose first line names its schema for the YAML language server
// (docs/editor-support.md), which `init` also adds to a YAML file that lacks it.
import { lstat } from "node:fs/promises";
import path from "node:path";
import { yaml } from "../load/libraries.js";
import { SOURCE_EXTENSIONS } from "../load/source-names.js";

/** The first line a YAML file names its schema with. */
export const YAML_SCHEMA_COMMENT = "# yaml-language-server: $schema=";

/** `<stem>.json`, `.yaml` or `.yml`, whichever stands in `dir` (a link included, never followed: writing would follow it); null when none does. */
export async function standingSource(dir: string, stem: string): Promise<string | null> {
  for (const ext of SOURCE_EXTENSIONS) {
    if (await lstat(path.join(dir, stem + ext)).then(() => true, () => false)) return stem + ext;
  }
  return null;
}

/** The file's text: YAML, its schema named first when there is one to name, or two-space JSON. */
export function sourceText(value: unknown, asYaml: boolean, yamlSchema: string | null): string {
  if (!asYaml) return `${JSON.stringify(value, null, 2)}\n`;
  return `${yamlSchema === null ? "" : `${YAML_SCHEMA_COMMENT}${yamlSchema}\n`}${yaml().stringify(value, { lineWidth: 0 })}`;
}
