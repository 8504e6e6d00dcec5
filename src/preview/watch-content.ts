// Watches the content folder for the preview with @parcel/watcher: it watches folders, not files,
// so a file saved by rename (an editor's safe write, git checkout), a new or removed file and a
// folder moved in or out are all seen, however often it happens.
import { lstatSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as ParcelWatcher from "@parcel/watcher";
import { formatOf } from "../load/source-names.js";

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

/**
 * Whether a batch of the watcher's events may change the build. Besides a path that matters, two
 * batches count that name none: an empty one (the watcher merged its events into nothing) and one
 * naming a dot-named file already gone, an editor's temporary file renamed over a content file.
 * Soon after it starts, the watcher can report that file's creation and lose the rename that
 * follows (for some of the saves made then, on Linux: docs/benchmark.md has the measurement), which
 * would leave the preview stale. A swap file or an Emacs lock still stands, and counts for nothing;
 * nor does what goes on inside a dot-named folder (git's index.lock).
 */
export function batchMatters(contentDir: string, paths: readonly string[]): boolean {
  if (paths.length === 0) return true;
  return paths.some((p) => mattersToBuild(contentDir, p) || temporaryGone(contentDir, p));
}

/** A dot-named file in a folder the build reads (not inside a dot-named folder, such as .git/), no longer there. */
function temporaryGone(contentDir: string, file: string): boolean {
  const folders = path.relative(contentDir, file).split(path.sep).slice(0, -1);
  return !folders.some((p) => p.startsWith(".")) && !lstatSync(file, { throwIfNoEntry: false });
}

/** Calls `onChange` for each batch of changes that matter to the build; `onError` when the watcher fails. */
export async function watchContent(contentDir: string, onChange: () => void, onError: (e: Error) => void): Promise<ContentWatcher> {
  // Loaded on use, outside the command's bundle: its native part is a file of its platform's package.
  const watcher = createRequire(import.meta.url)("@parcel/watcher") as typeof ParcelWatcher;
  const subscription = await watcher.subscribe(contentDir, (err, events) => {
    if (err) onError(err);
    else if (batchMatters(contentDir, events.map((e) => e.path))) onChange();
  });
  return { close: () => subscription.unsubscribe() };
}
