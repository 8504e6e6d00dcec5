// A listing changed by a few files, without listing every file again: a rebuild in place that adds
// or removes a page takes its previous marker's listing (a build's own, so written as listingText
// writes it), changes the folders on the way to those files alone, and writes each of the others
// as it stood. The same bytes as listingText of the new files (test/unit/output-marker.test.ts).
import { folderOf, GROUPS, Names } from "./file-listing.js";

/** A folder of a listing as JSON read back. */
type Value = Record<string, unknown>;

/** A folder being changed: its files, its folders (as they stood, or being changed), its groups of folders. */
class Edited {
  private readonly files = new Set<string>();
  private readonly folders = new Map<string, Value | Edited>();
  private readonly groups: { names: Names; value: Value }[] = [];

  constructor(value: Value = {}) {
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (key === GROUPS) for (const [spec, folder] of v as [unknown[], Value][]) this.groups.push({ names: Names.of(spec), value: folder });
      else if (v === 1) this.files.add(key);
      else this.folders.set(key, v as Value);
    }
  }

  /** The folder of this name, to change: taken out of its group if it is in one; made when missing and `make`. */
  private open(name: string, make: boolean): Edited | null {
    const found = this.folders.get(name);
    if (found instanceof Edited) return found;
    let value = found;
    if (!value) for (const g of this.groups) if (g.names.remove(name)) value = g.value;
    if (!value && !make) return null;
    const folder = new Edited(value);
    this.folders.set(name, folder);
    return folder;
  }

  /** Adds or removes the file at `path` (relative to this folder). */
  change(path: string, add: boolean): void {
    const names = path.split("/");
    let folder: Edited | null = this;
    for (let i = 0; i < names.length - 1 && folder; i++) folder = folder.open(names[i]!, add);
    if (!folder) return;
    const file = names[names.length - 1]!;
    if (add) folder.files.add(file);
    else folder.files.delete(file);
  }

  /** The folder's text, as listingText writes it ("{}" when nothing is left in it). */
  text(top: string[] | null = null): string {
    const byText = new Map<string, Names>();
    const into = (text: string, names: Names) => {
      const same = byText.get(text);
      if (same) same.merge(names);
      else byText.set(text, names);
    };
    for (const g of this.groups) if (g.names.size > 0) into(standing(g.value), g.names);
    for (const [name, folder] of this.folders) {
      const text = folder instanceof Edited ? folder.text() : standing(folder);
      if (text === "{}") continue;
      const names = new Names();
      names.add(name);
      into(text, names);
    }
    return folderOf([...this.files].map((f): [string, string] => [f, "1"]), byText, top);
  }
}

/** A folder that stood as it was, written again as listingText writes it (JSON read back orders its keys otherwise). */
function standing(value: Value): string {
  return new Edited(value).text();
}

/**
 * The text of a listing (`value`: listingText's, read back) with the files `removed` taken out and
 * `added` put in; `top` receives the names at its top.
 */
export function editedListing(value: unknown, removed: readonly string[], added: readonly string[], top: string[] = []): string {
  const root = new Edited(value as Value);
  for (const rel of removed) root.change(rel, false);
  for (const rel of added) root.change(rel, true);
  return root.text(top);
}
