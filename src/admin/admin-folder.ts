// The folder `admin` writes is its own: it leaves a marker there naming every file it wrote with
// the SHA-256 of its bytes, and writes again only into a folder that is new, empty, or marked and
// holding nothing else, each file as it left it. So `--out .` cannot overwrite a project, and a
// config.yml changed by hand is not lost to the next run. (The build's own marker, src/output/,
// describes an API's places; the admin's folder is small, so it has a marker of its own.) Its
// files are plain files, a few of them in folders the marker's names give (a host's functions,
// api/oauth/auth.js): a folder no listed name is in, a link or a pipe anywhere, is refused.
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";

export const ADMIN_MARKER = ".build-catalogue-admin.json";
const WRITTEN_BY = "build-catalogue admin";
const NOTE = "This folder is written by `build-catalogue admin`, which rewrites it: keep nothing else in it. `files` names each file it wrote and the SHA-256 of its bytes.";

/** A file to write: its name in the folder (folders before it with "/") and its bytes. */
export interface AdminFile {
  name: string;
  bytes: string | Buffer;
}

/** Each file the marker names, and the SHA-256 each may have (two while a run is under way: the old bytes and the new). */
type Listed = Map<string, string[]>;

const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A name the marker may list: folders and a file, none empty, none starting with "." (no "..", no hidden file). */
const ownName = (name: string) => !name.includes("\\") && name.split("/").every((part) => part !== "" && !part.startsWith("."));

/** The folders the listed names are in ("api", "api/oauth"). */
function foldersOf(names: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const name of names) {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return folders;
}

/** Every entry under `dir`, as names from it with "/", going into the folders `into` alone (never through a link). */
function entriesUnder(dir: string, into: Set<string>, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix)).sort()) {
    const name = prefix ? `${prefix}/${entry}` : entry;
    found.push(name);
    if (into.has(name) && lstatSync(path.join(dir, name)).isDirectory()) found.push(...entriesUnder(dir, into, name));
  }
  return found;
}

/** The marker's listing; null when there is none; "foreign" when it is none of ours (not a plain file, not JSON, not our form). */
function readAdminMarker(dir: string): Listed | null | "foreign" {
  let text: string;
  try {
    const fd = openSync(path.join(dir, ADMIN_MARKER), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      if (!fstatSync(fd).isFile()) return "foreign";
      text = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? null : "foreign";
  }
  try {
    const m = JSON.parse(text) as { written_by?: unknown; files?: Record<string, unknown> };
    if (m.written_by !== WRITTEN_BY || typeof m.files !== "object" || m.files === null) return "foreign";
    const listed: Listed = new Map();
    for (const [name, hash] of Object.entries(m.files)) {
      const hashes = (Array.isArray(hash) ? hash : [hash]).filter((h): h is string => typeof h === "string");
      if (!ownName(name)) return "foreign";
      listed.set(name, hashes);
    }
    return listed;
  } catch {
    return "foreign";
  }
}

/**
 * Writes a file of the folder without following a link at its name, and without waiting on a pipe
 * or a device there (O_NOFOLLOW, O_NONBLOCK; a regular file only): a name in the folder made a link
 * to a file elsewhere can never make admin write there.
 */
function writeOwnFile(file: string, bytes: string | Buffer): void {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENXIO" || code === "EISDIR") throw new UsageError(`${file} is not a plain file (a link, a pipe, a device or a folder); admin writes only its own files. Remove it, then run admin again.`);
    throw e;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new UsageError(`${file} is not a plain file (a pipe or a device); admin writes only its own files. Remove it, then run admin again.`);
    const buffer = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
    for (let at = 0; at < buffer.length; ) at += writeSync(fd, buffer, at, buffer.length - at);
  } finally {
    closeSync(fd);
  }
}

function writeMarker(dir: string, listed: Listed): void {
  const files = Object.fromEntries([...listed].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, h]) => [n, h.length === 1 ? h[0] : h]));
  const temp = path.join(dir, `${ADMIN_MARKER}.tmp`);
  writeOwnFile(temp, `${JSON.stringify({ written_by: WRITTEN_BY, note: NOTE, files }, null, 2)}\n`);
  renameSync(temp, path.join(dir, ADMIN_MARKER));
}

const some = (names: string[]) => (names.length > 5 ? `${names.slice(0, 5).join(", ")}, and ${names.length - 5} more` : names.join(", "));

/** Whether the file is as a run left it: a plain file with one of the listed hashes (or gone). */
function asLeft(file: string, hashes: string[]): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && hashes.includes(sha256(readFileSync(file)));
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/**
 * Checks that `dir` (`shown` in messages) may be written: a UsageError naming what is not ours.
 * Returns what the marker lists (empty for a new or empty folder).
 */
export function checkAdminFolder(dir: string, shown: string): Listed {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw e;
  }
  if (stat.isSymbolicLink()) throw new UsageError(`--out ${shown} is a symbolic link; give the folder itself, or remove the link.`);
  if (!stat.isDirectory()) throw new UsageError(`--out ${shown} is a file, not a folder; admin writes a folder of its own. Choose another --out.`);
  if (readdirSync(dir).length === 0) return new Map();
  const listed = readAdminMarker(dir);
  // The folders the marker's files are in are admin's too, and what they hold is checked as the rest.
  const folders = listed instanceof Map ? foldersOf(listed.keys()) : new Set<string>();
  const all = entriesUnder(dir, folders);
  const ownFolder = (e: string) => folders.has(e) && lstatSync(path.join(dir, e)).isDirectory();
  const entries = all.filter((e) => !ownFolder(e));
  // Only plain files are admin's: a link, a pipe, a device or a folder is refused wherever it is, the
  // marker's temporary file included (a link there would have the next write land elsewhere).
  const odd = entries.filter((e) => !lstatSync(path.join(dir, e)).isFile());
  if (odd.length > 0) {
    throw new UsageError(`--out ${shown} holds ${some(odd)}, which ${odd.length === 1 ? "is" : "are"} not a plain file (a link, a pipe, a device or a folder); admin writes only plain files of its own there. Remove ${odd.length === 1 ? "it" : "them"}, or choose a new or empty folder for --out.`);
  }
  const fix = `Choose a new or empty folder for --out (such as admin), or move those files out.`;
  if (listed === null || listed === "foreign") {
    const why = listed === null ? `it has no ${ADMIN_MARKER}` : `its ${ADMIN_MARKER} is not one admin writes`;
    throw new UsageError(`--out ${shown} holds files that build-catalogue admin did not write (${some(entries)}): ${why}, and admin rewrites its folder, so they could be overwritten. ${fix}`);
  }
  const foreign = entries.filter((e) => e !== ADMIN_MARKER && e !== `${ADMIN_MARKER}.tmp` && !listed.has(e));
  if (foreign.length > 0) throw new UsageError(`--out ${shown} holds files that build-catalogue admin did not write (${some(foreign)}), and admin rewrites its folder. ${fix}`);
  const changed = [...listed].filter(([name, hashes]) => !asLeft(path.join(dir, name), hashes)).map(([name]) => name);
  if (changed.length > 0) {
    throw new UsageError(
      `--out ${shown}: ${some(changed)} ${changed.length === 1 ? "was" : "were"} changed since build-catalogue admin wrote ${changed.length === 1 ? "it" : "them"}, and admin would overwrite the changes. ` +
        `Keep a copy of what you changed and remove ${changed.length === 1 ? "it" : "them"} (or the folder), then run admin again; the options of admin (--repo, --branch, --oauth-url, --github-api) write what config.yml holds.`,
    );
  }
  return listed;
}

/**
 * Writes the files into `dir`, after checkAdminFolder: it lists the old and the new bytes while it
 * writes (so a run stopped halfway leaves a folder the next run takes as its own), removes the
 * files of the last run it no longer writes (an older Decap's chunks), then lists the new alone.
 */
export function writeAdminFolder(dir: string, files: AdminFile[], previous: Listed): { removed: string[] } {
  mkdirSync(dir, { recursive: true });
  const next: Listed = new Map(files.map((f) => [f.name, [sha256(f.bytes)]]));
  const during: Listed = new Map(previous);
  for (const [name, [hash]] of next) during.set(name, [...(previous.get(name) ?? []), hash!]);
  writeMarker(dir, during);
  for (const f of files) {
    if (f.name.includes("/")) mkdirSync(path.join(dir, path.dirname(f.name)), { recursive: true });
    writeOwnFile(path.join(dir, f.name), f.bytes);
  }
  const removed = [...previous.keys()].filter((name) => !next.has(name));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  // The folders only removed files were in, deepest first.
  const kept = foldersOf(next.keys());
  for (const folder of [...foldersOf(removed)].filter((f) => !kept.has(f)).sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(path.join(dir, folder));
    } catch {
      /* not empty, or gone: left as it is */
    }
  }
  writeMarker(dir, next);
  return { removed };
}
