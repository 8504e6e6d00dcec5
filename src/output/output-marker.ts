// The output folder is the build's alone: each build leaves a marker in it listing every file it
// wrote, at every depth (file-listing.ts), and a build replaces a folder only when it is new, empty,
// or marked and holding nothing else, so that `--out ../site` cannot delete a project and a file
// put into dist/api/ by hand is not lost. `--force` replaces it anyway. A marker is trusted only
// when everything it names is a place a build writes (output-layout.ts): one copied into a folder
// of other files, or made by hand to name them, does not make them the build's.
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { UsageError } from "../errors.js";
import { listingText, readListing, type ListedFolder } from "./file-listing.js";
import { plainName, type Place } from "./output-layout.js";

export const OUTPUT_MARKER = ".build-catalogue.json";
/** The marker's format: 2 lists every file (`files`); the first named only the top (`entries`). */
const FORMAT = 2;
const NOTE = "This folder is the output of build-catalogue, replaced by each build: keep nothing else in it. `files` lists every file the build wrote (docs/output.md).";

/** What a folder's marker says the build wrote there. */
export type Marker =
  /** No marker (or no folder). */
  | { kind: "none" }
  /** A marker no build writes: it names `why` (a path outside the build's places, or nothing readable). */
  | { kind: "untrusted"; why: string }
  /** This format: every file listed (`leaving`: an update in place under way also lists the files it removes). */
  | { kind: "listed"; files: ListedFolder; leaving: ListedFolder[]; value: unknown[] }
  /** An earlier version's: the names at the top alone. */
  | { kind: "top"; entries: Set<string> };

/**
 * The marker's bytes for these files (paths relative to the folder, the marker not among them;
 * sorted in place): `entries`, the top's names (what an earlier version reads), and `files`, every
 * file. `leaving`: listings of files an update in place is about to remove, listed meanwhile so
 * that a build stopped halfway finds them its own.
 */
export function markerText(files: string[], leaving: readonly unknown[] = []): string {
  const top: string[] = [];
  return markerOf(listingText(files, top), top, leaving);
}

/** The marker's bytes for a listing (listingText's) with these names at its top. */
export function markerOf(listing: string, top: string[], leaving: readonly unknown[] = []): string {
  const head = {
    written_by: "build-catalogue",
    note: NOTE,
    format: FORMAT,
    entries: top.sort(),
  };
  const lines = JSON.stringify(head, null, 2).slice(0, -2);
  return withLeaving(`${lines},\n  "files": ${listing}\n}\n`, leaving);
}

/** A marker's text (markerText's) that also lists these listings, files an update in place is about to remove. */
export function withLeaving(text: string, leaving: readonly unknown[]): string {
  return leaving.length === 0 ? text : `${text.slice(0, -3)},\n  "leaving": ${JSON.stringify(leaving)}\n}\n`;
}

/** The marker's text; null when there is none; "" when it is no plain file (a link, a pipe: never read through). */
function markerFile(dir: string): string | null {
  let fd: number;
  try {
    fd = openSync(`${dir}/${OUTPUT_MARKER}`, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? null : "";
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd, "utf8") : "";
  } finally {
    closeSync(fd);
  }
}

/** Reads the marker of `dir` (a folder whose places are `place`). */
export function readMarker(dir: string, place: Place): Marker {
  const text = markerFile(dir);
  if (text === null) return { kind: "none" };
  if (text === "") return { kind: "untrusted", why: "it is not a file a build writes" };
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { kind: "untrusted", why: "it is not JSON" };
  }
  if (typeof m !== "object" || m === null || m.written_by !== "build-catalogue" || !Array.isArray(m.entries)) return { kind: "untrusted", why: "it is not a marker a build writes" };
  const entries = m.entries as unknown[];
  const outside = entries.find((e) => typeof e !== "string" || !plainName(e) || (!place.file(e) && !place.folder(e)));
  if (outside !== undefined) return { kind: "untrusted", why: `it names ${JSON.stringify(outside)}, which no build writes there` };
  if (m.files === undefined) return { kind: "top", entries: new Set(entries as string[]) };
  const listings = [m.files, ...(Array.isArray(m.leaving) ? (m.leaving as unknown[]) : [])];
  const read = listings.map((l) => readListing(l, place));
  if (m.format !== FORMAT || (m.leaving !== undefined && !Array.isArray(m.leaving)) || read.some((l) => l === null)) {
    return { kind: "untrusted", why: "it lists files no build writes there" };
  }
  const [files, ...leaving] = read as ListedFolder[];
  if (entries.some((e) => !files!.has(e as string))) return { kind: "untrusted", why: "its entries are not the files it lists" };
  return { kind: "listed", files: files!, leaving, value: listings };
}

const listed = (names: readonly string[], more = 0) => {
  const rest = names.length - 5 + more;
  return rest > 0 ? `${names.slice(0, 5).join(", ")}, and ${rest} more` : names.join(", ");
};

/** The folder as the build names it in a message: as given, with one slash. */
export const shownFolder = (arg: string) => `${arg.replace(/\/+$/, "")}/`;

/**
 * The refusal of a folder holding what no build wrote (`foreign`, relative paths; `more`: how
 * many more were found than named), in the words of what its marker is (`kind`; `why` an untrusted one is not trusted).
 */
export function foreignFiles(what: string, arg: string, kind: Marker["kind"], foreign: readonly string[], more = 0, why = ""): UsageError {
  const shown = shownFolder(arg);
  const fix = `Choose a new or empty folder for ${what} (such as ${what === "--out" ? "dist" : "dist-media"}), move those files out, or pass --force to replace the folder anyway.`;
  const n = foreign.length + more;
  const them = n === 1 ? "it" : "they";
  const names = listed([...foreign].sort(), more);
  switch (kind) {
    case "none":
      return new UsageError(
        `${what} ${shown} holds files that build-catalogue did not write (${names}): it is not an earlier build's output ` +
          `(which has ${OUTPUT_MARKER}), and a build replaces its output folder whole, so they would be deleted. ${fix}`,
      );
    case "untrusted":
      return new UsageError(
        `${what} ${shown} holds files that build-catalogue did not write (${names}): its ${OUTPUT_MARKER} is not one a build writes (${why}), ` +
          `so nothing in the folder is taken for a build's output, and a build replaces its output folder whole: they would be deleted. ${fix}`,
      );
    case "top":
      return new UsageError(
        `${what} ${shown} holds ${n === 1 ? "a file" : "files"} that this build does not write (${names}), and its ${OUTPUT_MARKER}, written by an earlier version of build-catalogue, ` +
          `names only the folder's top, so the build cannot tell whether ${them} came from a build or ${n === 1 ? "was" : "were"} put there since: a build replaces its output folder whole, so ${them} would be deleted. ` +
          `Check ${n === 1 ? "it" : "them"}, then remove the folder once (later builds list every file they write), or pass --force to replace it.`,
      );
    case "listed":
      return new UsageError(`${what} ${shown} holds ${n === 1 ? "an entry" : "entries"} that no build wrote (${names}): a build replaces its output folder whole, so ${them} would be deleted. ${fix}`);
  }
}

/**
 * Reads the marker of an output folder the build may replace, and refuses (a UsageError: exit 2,
 * nothing touched) what its top shows already: a file in its place, or a folder that is neither
 * empty nor marked by an earlier build as holding the entries at its top. What lies deeper is
 * checked when the build commits (output-scan.ts). `what` names the option in the message.
 */
export function checkOutputFolder(outDir: string, outArg: string, force: boolean, what: string, place: Place): Marker {
  let entries: string[];
  try {
    if (!statSync(outDir).isDirectory()) {
      if (force) return { kind: "none" };
      throw new UsageError(`${what} ${outArg} is a file, not a folder; a build writes a folder of its own there. Choose another ${what}, or pass --force to replace the file.`);
    }
    entries = readdirSync(outDir).sort();
  } catch (e) {
    // Not there yet (or its parent is no folder, which the build reports when it writes): nothing to lose.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "none" };
    throw e;
  }
  const marker = readMarker(outDir, place);
  if (force || entries.length === 0) return marker;
  if (marker.kind === "none" || marker.kind === "untrusted") throw foreignFiles(what, outArg, marker.kind, entries, 0, marker.kind === "untrusted" ? marker.why : "");
  const ours = (e: string) => e === OUTPUT_MARKER || (marker.kind === "listed" ? marker.files.has(e) || marker.leaving.some((l) => l.has(e)) : marker.entries.has(e));
  const foreign = entries.filter((e) => !ours(e));
  // At the top, an earlier version's marker speaks as this one's: an entry it does not name is no build's.
  if (foreign.length > 0) throw foreignFiles(what, outArg, "listed", foreign);
  return marker;
}
