// The check before a save of `edit`: the build's own checks (every schema and every rule across
// files) run on the content as it would be after the save, and a save that would add an error is
// refused before anything is written. The content as it would be is a copy made of hard links
// (a copy where the file system cannot link) in a temporary folder, with the saved files written
// over their links: the content folder itself is never touched.
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { check } from "../build.js";
import type { Diagnostic } from "../model/diagnostics.js";
import type { SavedFile, SaveProblem } from "./file-api.js";
import { adminProblem } from "./status.js";

/** How the edit server builds: its --now and --max-original-size. */
export interface SaveCheckOptions {
  now?: string;
  maxOriginalBytes: number;
}

/** The errors the build would have after writing `files` into the content folder `root` that it has not now. */
export async function errorsAddedBy(root: string, files: SavedFile[], options: SaveCheckOptions): Promise<SaveProblem[]> {
  const name = path.basename(root);
  const stage = mkdtempSync(path.join(os.tmpdir(), "build-catalogue-save-"));
  try {
    mirror(root, path.join(stage, name));
    for (const f of files) {
      const at = path.join(stage, name, f.path);
      mkdirSync(path.dirname(at), { recursive: true });
      // A hard link shares the original's bytes: it is replaced, never written through.
      rmSync(at, { force: true });
      writeFileSync(at, f.data);
    }
    // Both checked the same way, from the folder above, so their messages name files alike.
    const run = (cwd: string) => check({ content: name, cwd, now: options.now, maxOriginalBytes: options.maxOriginalBytes });
    const [before, after] = [await run(path.dirname(root)), await run(stage)];
    const key = (d: Diagnostic) => `${d.file}\0${d.path.join("\0")}\0${d.message}`;
    const known = new Set(before.diagnostics.filter((d) => d.severity === "error").map(key));
    return after.diagnostics
      .filter((d) => d.severity === "error" && !known.has(key(d)))
      .map((d) => adminProblem(d, path.join(stage, name), stage));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The folder's folders and regular files, linked (or copied) into `to`; anything else is left out (the build refuses it in both). */
function mirror(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) mirror(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The message of a refused save: what the save would break, each problem on the file and key. */
export function refusedSave(errors: SaveProblem[]): string {
  const listed = errors.slice(0, 10).map((e) => `${e.file}${e.key ? ` ${e.key}` : ""}: ${e.message}`);
  const more = errors.length > 10 ? ` (and ${errors.length - 10} more)` : "";
  return `not saved, nothing was written: the change would add ${errors.length === 1 ? "an error" : `${errors.length} errors`} to the build${more}. ${listed.join(" | ")}`;
}
