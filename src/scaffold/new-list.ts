// `build-catalogue new genres` and `new accessibility`: write the default list into the content
// folder as the site's own file, to edit. A genres.json (or accessibility.json) replaces the
// defaults instead of adding to them, so a site that wants one more genre starts from the 13.
import { lstat, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, type NamedSource } from "../content/lists.js";
import { UsageError } from "../errors.js";
import { yaml } from "../load/libraries.js";
import { displayPath } from "../load/load-content.js";
import { findSchemaHome, schemaReference } from "./schema-path.js";

export const DEFAULT_LISTS = {
  genres: { items: DEFAULT_GENRES, noun: "a genre", plural: "genres" },
  accessibility: { items: DEFAULT_ACCESSIBILITY, noun: "an accessibility value", plural: "accessibility values" },
} as const satisfies Record<string, { items: NamedSource[]; noun: string; plural: string }>;

export type DefaultList = keyof typeof DEFAULT_LISTS;

export interface NewListOptions {
  list: DefaultList;
  /** The content folder; default `content`. */
  content?: string;
  yaml?: boolean;
  cwd?: string;
}

export interface NewListResult {
  /** The file as messages name it, e.g. `content/genres.json`. */
  file: string;
  items: NamedSource[];
}

export async function newList(options: NewListOptions): Promise<NewListResult> {
  const cwd = options.cwd ?? process.cwd();
  const contentArg = options.content ?? "content";
  const contentDir = path.resolve(cwd, contentArg);
  const folder = await stat(contentDir).catch(() => null);
  if (!folder) throw new UsageError(`--content: the folder ${contentArg} does not exist; point --content at the folder that holds catalogue.json (or run build-catalogue init first)`);
  if (!folder.isDirectory()) throw new UsageError(`--content: ${contentArg} is a file; give the folder that holds catalogue.json`);
  for (const ext of [".json", ".yaml", ".yml"]) {
    // Whatever stands there, a link included: never replaced, never written through.
    const existing = await lstat(path.join(contentDir, `${options.list}${ext}`)).then(() => true, () => false);
    if (existing) {
      throw new UsageError(
        `${displayPath(contentArg, options.list + ext)} already exists, and is the site's list of ${DEFAULT_LISTS[options.list].plural}: edit it (nothing was written)`,
      );
    }
  }
  const { items } = DEFAULT_LISTS[options.list];
  const list = items.map((i) => ({ id: i.id, name: i.name }));
  const name = `${options.list}${options.yaml ? ".yaml" : ".json"}`;
  let text: string;
  if (options.yaml) {
    // An array file has no $schema key: YAML names its schema in a modeline instead.
    const schemaFile = `${options.list}.schema.json`;
    const home = findSchemaHome(contentDir, schemaFile);
    text = `${home ? `# yaml-language-server: $schema=${schemaReference(home, contentDir, schemaFile)}\n` : ""}${yaml().stringify(list, { lineWidth: 0 })}`;
  } else text = `${JSON.stringify(list, null, 2)}\n`;
  // "wx": never replace a file that appeared since the check above.
  await writeFile(path.join(contentDir, name), text, { encoding: "utf8", flag: "wx" });
  return { file: displayPath(contentArg, name), items: list };
}
