// What the admin never does by accident, whatever the form sent: empty a list file that holds
// items (an entry that opened before its file was read saves as an empty list), or delete a
// picture of images/ that an image of images.json still shows. Each is refused with what to do.
import path from "node:path";
import { findSettingsFiles, LIST_FILES } from "./content-files.js";
import { parseSource, readSourceFileSync } from "../load/read-source.js";
import type { IdList } from "../content/common.js";
import type { SavedFile } from "./file-api.js";
import { asArray } from "./next-free-ids.js";

/** The list file a path names (`venues.json`), or null. */
function listOf(rel: string): IdList | null {
  const name = rel.replace(/\.(json|ya?ml)$/, "");
  return name !== rel && Object.hasOwn(LIST_FILES, name) ? (name as IdList) : null;
}

/** Why saving `files` would empty a list that holds items on disk, or null. */
export function emptiedList(root: string, files: SavedFile[]): string | null {
  for (const f of files) {
    const list = listOf(f.path);
    if (!list) continue;
    const saved = parseSource(f.data.toString(), f.path).source;
    if (!saved || asArray(saved.data).length > 0) continue;
    const onDisk = asArray(readSourceFileSync(path.join(root, f.path), f.path).source?.data).length;
    if (onDisk === 0) continue;
    const { label } = LIST_FILES[list];
    return `not saved, nothing was written: this would remove every item of ${f.path} (${onDisk} ${label.toLowerCase()} on disk), which the admin never does at once; if the list showed empty, reload the page and open ${label} again; to remove items, remove them one by one`;
  }
  return null;
}

/** Why deleting `paths` would take a picture that an image still shows, or null. */
export function pictureInUse(root: string, paths: string[]): string | null {
  const imagesFile = findSettingsFiles(root).images;
  if (!imagesFile) return null;
  const images = asArray(readSourceFileSync(path.join(root, imagesFile), imagesFile).source?.data) as { id?: unknown; title?: unknown; file?: unknown }[];
  for (const rel of paths) {
    if (!rel.startsWith("images/")) continue;
    const name = rel.slice("images/".length);
    const users = images.filter((image) => image && image.file === name);
    if (users.length === 0) continue;
    const named = users.map((image) => `image ${String(image.id)} ("${String(image.title)}")`).join(", ");
    return `not deleted: ${rel} is the picture of ${named} in ${imagesFile}; remove ${users.length === 1 ? "that image" : "those images"} from Images first (or give ${users.length === 1 ? "it" : "them"} another picture), then delete the file`;
  }
  return null;
}
