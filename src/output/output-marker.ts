// The output folder is the build's alone: each build leaves a marker in it naming what it wrote at
// its top, and a build replaces a folder only when it is new, empty, or marked and holding nothing
// else, so that `--out ../site` cannot delete a project. `--force` replaces it anyway.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";

export const OUTPUT_MARKER = ".build-catalogue.json";

interface Marker {
  written_by: "build-catalogue";
  note: string;
  /** The names at the top of the output folder that the build wrote. */
  entries: string[];
}

/** The marker's bytes: the sorted top-level names the build wrote (the same for the same output). */
export function markerText(entries: Iterable<string>): string {
  const marker: Marker = {
    written_by: "build-catalogue",
    note: "This folder is the output of build-catalogue, replaced by each build: keep nothing else in it.",
    entries: [...new Set(entries)].filter((e) => e !== OUTPUT_MARKER).sort(),
  };
  return `${JSON.stringify(marker, null, 2)}\n`;
}

/** The top-level names of a list of paths relative to the output folder. */
export function topLevelOf(paths: Iterable<string>): Set<string> {
  const top = new Set<string>();
  for (const p of paths) top.add(p.split("/", 1)[0]!);
  return top;
}

function readMarker(outDir: string): Marker | null {
  try {
    const m = JSON.parse(readFileSync(path.join(outDir, OUTPUT_MARKER), "utf8")) as Partial<Marker>;
    return m.written_by === "build-catalogue" && Array.isArray(m.entries) ? (m as Marker) : null;
  } catch {
    return null;
  }
}

const listed = (names: string[]) => (names.length > 5 ? `${names.slice(0, 5).join(", ")}, and ${names.length - 5} more` : names.join(", "));

/**
 * Refuses (a UsageError: exit 2, nothing touched) an output folder the build may not replace: a
 * file, or a folder that is neither empty nor marked by an earlier build as holding only what it
 * wrote. `what` names the option in the message (`--out`).
 */
export function checkOutputFolder(outDir: string, outArg: string, force: boolean, what = "--out"): void {
  if (force) return;
  let entries: string[];
  try {
    if (!statSync(outDir).isDirectory()) {
      throw new UsageError(`${what} ${outArg} is a file, not a folder; a build writes a folder of its own there. Choose another ${what}, or pass --force to replace the file.`);
    }
    entries = readdirSync(outDir).sort();
  } catch (e) {
    // Not there yet (or its parent is no folder, which the build reports when it writes): nothing to lose.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return;
    throw e;
  }
  if (entries.length === 0) return;
  const shown = `${outArg.replace(/\/+$/, "")}/`;
  const marker = readMarker(outDir);
  const fix = `Choose a new or empty folder for ${what} (such as dist), move those files out, or pass --force to replace the folder anyway.`;
  if (!marker) {
    throw new UsageError(
      `${what} ${shown} holds files that build-catalogue did not write (${listed(entries)}): it is not an earlier build's output ` +
        `(which has ${OUTPUT_MARKER}), and a build replaces its output folder whole, so they would be deleted. ${fix}`,
    );
  }
  const ours = new Set([...marker.entries, OUTPUT_MARKER]);
  const foreign = entries.filter((e) => !ours.has(e));
  if (foreign.length > 0) {
    throw new UsageError(
      `${what} ${shown} holds ${foreign.length === 1 ? "an entry" : "entries"} that no build wrote (${listed(foreign)}): a build replaces its output folder whole, so ${foreign.length === 1 ? "it" : "they"} would be deleted. ${fix}`,
    );
  }
}
