// `build-catalogue new genres` and `new accessibility`: write the default list into the content
// folder as the site's own file, to edit. A genres.json (or accessibility.json) replaces the
// defaults instead of adding to them, so a site that wants one more genre starts from the 13.
import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULTED_LISTS, type DefaultedList, type NamedSource } from "../content/lists.js";
import { UsageError } from "../errors.js";
import { displayPath } from "../load/load-content.js";
import { findSchemaHome, schemaReference } from "./schema-path.js";
import { sourceText, standingSource } from "./source-text.js";

export interface NewListOptions {
  list: DefaultedList;
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
  // Whatever stands there, a link included: never replaced, never written through.
  const standing = await standingSource(contentDir, options.list);
  if (standing) {
    throw new UsageError(`${displayPath(contentArg, standing)} already exists, and is the site's list of ${DEFAULTED_LISTS[options.list].plural}: edit it (nothing was written)`);
  }
  const { items } = DEFAULTED_LISTS[options.list];
  const list = items.map((i) => ({ id: i.id, name: i.name }));
  const name = `${options.list}${options.yaml ? ".yaml" : ".json"}`;
  // An array file has no $schema key: YAML names its schema in its first line instead.
  const schemaFile = `${options.list}.schema.json`;
  const home = options.yaml ? findSchemaHome(contentDir, schemaFile) : null;
  const text = sourceText(list, options.yaml === true, home ? schemaReference(home, contentDir, schemaFile) : null);
  // "wx": never replace a file that appeared since the check above.
  await writeFile(path.join(contentDir, name), text, { encoding: "utf8", flag: "wx" });
  return { file: displayPath(contentArg, name), items: list };
}
