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
