// Writes the content files' JSON Schemas into a folder (the `schema` command): only those files,
// each replaced whole, so the folder can be kept in a site's repository.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentJsonSchemas } from "./content/json-schema.js";

export interface WrittenSchemas {
  outDir: string;
  files: string[];
}

export async function writeContentSchemas(out = "schemas", cwd = process.cwd()): Promise<WrittenSchemas> {
  const outDir = path.resolve(cwd, out);
  await mkdir(outDir, { recursive: true });
  const schemas = contentJsonSchemas();
  for (const s of schemas) await writeFile(path.join(outDir, s.name), s.text);
  return { outDir, files: schemas.map((s) => s.name) };
}
