// The backend Decap starts (the edit server's proxy, GitHub), held once Decap makes it: wrapped
// for the one list of pages (list-every-page.ts), and asked for the settings files the check
// before a save reads (settings-read.ts), through whatever the admin signed in to.
import { decap } from "./decap.js";
import type { Backend } from "./list-every-page.js";

let current: Backend | null = null;

/** Wraps the backend `name` (config.yml's) with `wrap` as Decap makes it, and holds it. Call before CMS.init. */
export function holdBackend(name: string, wrap: (backend: Backend) => Backend): void {
  const registered = decap().CMS.getBackend(name);
  if (!registered) return;
  const init = registered.init;
  registered.init = (...args: unknown[]) => {
    current = wrap(init(...args) as Backend);
    return current;
  };
}

/** A file's text in the repository, or null when it is not there or cannot be read. */
export async function readText(path: string): Promise<string | null> {
  if (!current) return null;
  try {
    const { data } = await current.getEntry(path);
    return typeof data === "string" ? data : null;
  } catch {
    return null;
  }
}

/** The files of a folder with their text (an event folder: its pages of every format, list-every-page.ts), or null when it cannot be listed. */
export async function folderTexts(folder: string, extension: string): Promise<Array<{ path: string; text: string }> | null> {
  if (!current) return null;
  try {
    const entries = await current.entriesByFolder(folder, extension, 1);
    return entries.flatMap((e) => (typeof e.data === "string" ? [{ path: e.file.path, text: e.data }] : []));
  } catch {
    return null;
  }
}

/** A file to commit as Decap's backends take an entry's data file. */
export interface DataFile { path: string; slug: string; raw: string }
/** A media file as Decap's backends take an asset: its path in the repository and its bytes in base64. */
export interface MediaAsset { path: string; fileObj: File; toBase64: () => Promise<string> }

type Persisting = { persistEntry?: (entry: { dataFiles: DataFile[]; assets: MediaAsset[] }, options: Record<string, unknown>) => Promise<unknown> };

/**
 * Writes data files and media files in one save of the backend Decap uses, outside any entry of
 * Decap's own: the edit server's proxy checks them together and writes them (its persistEntry);
 * GitHub makes one commit of them on the configured branch (useWorkflow false: no pull request,
 * as Decap's media library commits an upload).
 */
export async function persistFiles(dataFiles: DataFile[], assets: MediaAsset[], commitMessage: string): Promise<void> {
  const backend = current as (Backend & Persisting) | null;
  if (!backend?.persistEntry) throw new Error("the admin's backend cannot save files yet: sign in first");
  await backend.persistEntry({ dataFiles, assets }, { commitMessage, useWorkflow: false, newEntry: false, collectionName: dataFiles[0]?.slug, status: "draft" });
}
