// Watches the content folder for the preview with @parcel/watcher: it watches folders, not files,
// so a file saved by rename (an editor's safe write, git checkout), a new or removed file and a
// folder moved in or out are all seen, however often it happens.
import { createRequire } from "node:module";
import path from "node:path";
import type * as ParcelWatcher from "@parcel/watcher";
import { formatOf } from "../load/source-file.js";

export interface ContentWatcher {
  close: () => Promise<void>;
}

/**
 * Whether a change at `file` can change the build. Editors' swap and temporary files are
 * dot-named: the build skips those in events/, and at the top reads none but warns about a .json
 * or .yaml one (a change to that is kept).
 */
export function mattersToBuild(contentDir: string, file: string): boolean {
  const parts = path.relative(contentDir, file).split(path.sep);
  if (!parts.some((p) => p.startsWith("."))) return true;
  return parts.length === 1 && formatOf(parts[0]!) !== null;
}

/** Calls `onChange` for each batch of changes that matter to the build; `onError` when the watcher fails. */
export async function watchContent(contentDir: string, onChange: () => void, onError: (e: Error) => void): Promise<ContentWatcher> {
  // Loaded on use, outside the command's bundle: its native part is a file of its platform's package.
  const watcher = createRequire(import.meta.url)("@parcel/watcher") as typeof ParcelWatcher;
  const subscription = await watcher.subscribe(contentDir, (err, events) => {
    if (err) onError(err);
    else if (events.some((e) => mattersToBuild(contentDir, e.path))) onChange();
  });
  return { close: () => subscription.unsubscribe() };
}
