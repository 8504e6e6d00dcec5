// What the build keeps of an event page (its record), what a page builder is given (the job),
// and the light half of building one: reading its file and deciding whether the previous build's
// files can be reused (see cache/page-cache.ts). A worker that only reuses pages never loads the
// heavy half (build-page.ts: schemas, enrich, the self-check).
import * as crypto from "node:crypto";
import { lstatSync, readFileSync, statSync } from "node:fs";
import type { Diagnostic } from "../model/diagnostics.js";
import { unreadable } from "../load/source-file.js";
import type { CachedPage, WrittenFile } from "../cache/page-cache.js";
import type { EventFile } from "../load/load-content.js";
import type { Header } from "../runtime/browsable.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { Lookups } from "../validate/check-event.js";
import type { PageSummary, SiteSettings } from "../model/site.js";
import type { PageKeys } from "../validate/validate-content.js";
import { writePageFiles, type FolderWriter } from "../io/folder-writer.js";

/** What every page of one build is built against; sent once to each worker. */
export interface PageJob {
  look: Lookups;
  /** Null when a setting is broken: pages are checked, not built. */
  settings: SiteSettings | null;
  now: Instant | null;
  /** Write event_pages/<id>/ too (false when every host reads event details from pages/<id>/). */
  eventPagesRoute: boolean;
  /** Headers for the pre-rendered browsable pages, or null when no host needs them. */
  browsableHeaders: Header[] | null;
  /** Keep each page's JSON in its record (a check that pre-renders lookups needs it; a build reads the file back). */
  keepJson: boolean;
  /** Record what the cache needs (hash, written files); with `previousOut`, reuse unchanged pages from there. */
  cache: boolean;
  previousOut: string | null;
  /**
   * The thread that writes the files checks each detail against its response schema, on the text
   * it writes (write-worker.ts), and the builder does not: that thread was idle about half of a
   * cold build, and the check took the builder about a tenth of it.
   */
  checkWhenWritten?: boolean;
}

export interface PageRecord {
  file: string;
  diagnostics: Diagnostic[];
  /** The page's own warnings (reported only when the catalogue has no error, as those across pages). */
  warnings: Diagnostic[];
  keys: PageKeys | null;
  /** Where the keys are kept instead, when the build keeps them on disk (see emit/summary-store.ts). */
  keysAt?: number;
  /** A reused page's keys: where they are in the previous build's cache file (read only if the checks across pages need them; see PageCache.keysUnchanged). */
  keysFrom?: number;
  keysLength?: number;
  placeholders: Diagnostic[];
  /** Present when the page is valid and was built. */
  page?: PageSummary;
  files: number;
  bytes: number;
  json?: string;
  /** SHA-1 of the file's bytes, and the files written as they were (for the cache). */
  hash?: string;
  written?: WrittenFile[];
  /** The event file's status when it was read, when settled enough to vouch for its bytes (see sourceStat). */
  sourceStat?: SourceStat | null;
  /** The largest of the page's files, when it is over 1 MiB (for a host's limit on file size). */
  largest?: { path: string; bytes: number };
  /** The page's files, until they are written (see placeOutputs). */
  outputs?: PageOutput[];
  /** The page was unchanged: its files in the previous output stand. */
  reused?: boolean;
  /**
   * The build's now, and the first performance start not before it (null: none): for any now
   * from `builtAt` to `sameUntil`, no is_past, in_past or next change of the page differs, so a
   * page without warnings (their words may name now) is reused by a later build in that span.
   */
  builtAt?: Instant;
  sameUntil?: Instant | null;
}

/** A record of a page that wrote nothing (yet), with these problems. */
export function pageRecord(file: string, diagnostics: Diagnostic[] = []): PageRecord {
  return { file, diagnostics, warnings: [], keys: null, placeholders: [], files: 0, bytes: 0 };
}

/** Nothing to report: one empty list for every page that keeps one (nobody adds to a kept record's lists). */
const NONE: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];
const shared = (list: Diagnostic[]): Diagnostic[] => (list.length === 0 ? NONE : list);

/**
 * What the build keeps of a page once its files are placed (and the cache has its line), in one
 * literal: records filled in field by field ended with a hidden class of their own, two heap
 * objects a page for nothing.
 */
export function keptRecord(r: PageRecord): PageRecord {
  return {
    file: r.file, diagnostics: shared(r.diagnostics), warnings: shared(r.warnings), keys: r.keys, keysAt: r.keysAt, keysFrom: r.keysFrom, keysLength: r.keysLength, placeholders: shared(r.placeholders),
    page: r.page, files: r.files, bytes: r.bytes, json: r.json, largest: r.largest, reused: r.reused,
  };
}

/** The page's output files, relative to --out; the pages/<id>/ detail has the same bytes as the event_pages/<id>/ one. */
export const eventPagesFile = (id: number) => `api/v2/event_pages/${id}/index.json`;
export const pagesFile = (id: number) => `api/v2/pages/${id}/index.json`;

/** What a page builder needs to decide whether a cached page can be reused (the record stays on the main thread). */
export interface ReuseCheck {
  hash: string;
  written: WrittenFile[];
  builtAt?: Instant;
  sameUntil?: Instant | null;
  hasWarnings: boolean;
}

export function reuseCheck(cached: CachedPage): ReuseCheck {
  const r = cached.record;
  return { hash: cached.hash, written: r.written ?? [], builtAt: r.builtAt, sameUntil: r.sameUntil, hasWarnings: r.warnings.length > 0 };
}

/** An event file, with what the cache holds for it and its status (taken before it is read). */
export interface PageSource extends EventFile {
  cached?: ReuseCheck;
  stat?: SourceStat | null;
}

/** An event file's size, mtime, ctime and inode: equal ones vouch for equal bytes, as in git's index. */
export type SourceStat = [size: number, mtimeMs: number, ctimeMs: number, ino: number];

/**
 * A change within one tick of a coarse file-system clock can leave mtime and ctime as they were:
 * a status taken less than this after the file's last change is not kept (null), and the next
 * build hashes the file instead (git's "racily clean" entries).
 */
const SETTLED_MS = 2000;

/** The file's status, or null when it cannot vouch for the bytes (too recent, or unreadable). Taken before reading. */
export function sourceStat(absolute: string): SourceStat | null {
  const st = statSync(absolute, { throwIfNoEntry: false });
  if (!st || Math.max(st.mtimeMs, st.ctimeMs) > Date.now() - SETTLED_MS) return null;
  return [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}

export const sameStat = (a: SourceStat | null | undefined, b: SourceStat | null | undefined): boolean =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

/**
 * Whether a page with unchanged bytes can keep the previous build's files: `--now` leaves it as
 * it was, and every file it wrote is still in the previous output as written (same size, time
 * and inode).
 */
export function canReuse(job: PageJob, cached: ReuseCheck, writing: boolean): boolean {
  if (job.keepJson || !job.now) return false;
  const { builtAt, sameUntil, hasWarnings, written } = cached;
  if (!builtAt || sameUntil === undefined) return false;
  const sameNow = compareInstants(builtAt, job.now) === 0;
  const inSpan = !hasWarnings && compareInstants(builtAt, job.now) <= 0 && (sameUntil === null || compareInstants(job.now, sameUntil) <= 0);
  if (!sameNow && !inSpan) return false;
  if (writing) {
    if (!job.previousOut) return false;
    return writtenStand(job.previousOut, written);
  }
  return true;
}

/**
 * Whether every file a page wrote is still in `outDir` as written. Files written as hard links of
 * one another (the pages/<id>/ detail and the event_pages/<id>/ one) are one inode: once it is
 * found as written with exactly as many links as the page made, each of its other names still
 * points at it (a name removed or replaced would have taken a link away), so they are not looked
 * up again (10,000 lstat calls of a 10,000-page rebuild).
 */
export function writtenStand(outDir: string, written: readonly WrittenFile[]): boolean {
  const vouched: number[] = [];
  for (const [rel, size, mtimeMs, ino] of written) {
    if (vouched.includes(ino)) continue;
    const st = lstatSync(`${outDir}/${rel}`, { throwIfNoEntry: false });
    if (!st || !st.isFile() || st.size !== size || st.mtimeMs !== mtimeMs || st.ino !== ino) return false;
    let names = 0;
    for (const w of written) if (w[3] === ino) names++;
    if (names > 1 && st.nlink === names) vouched.push(ino);
  }
  return true;
}

/** The record of a page whose previous files stand: the main thread puts the cached record in its place. */
export const reusedRecord = (file: string, stat: SourceStat | null | undefined): PageRecord => ({ ...pageRecord(file), reused: true, sourceStat: stat });

/** One file of a page: written by the thread that writes the output (see placeOutputs). */
export interface PageOutput {
  rel: string;
  /** Text, encoded by the thread that writes it; bytes when a page worker sends it (moved, not copied, into the main thread). */
  data: string | Uint8Array;
  /** An earlier output of the same page with the same bytes: a hard link to it. */
  sameAs?: string;
  /** The document still to check before it is written (see PageJob.checkWhenWritten). */
  check?: DetailCheck;
}

/** A document to check: the name of its response schema (see namedSchemas), and what it is, for the message. */
export interface DetailCheck {
  schema: string;
  what: string;
}

/** The output as it crosses to another thread: a file linked to an earlier one of its page leaves its bytes behind. */
export const travelling = (o: PageOutput): PageOutput => (o.sameAs ? { rel: o.rel, data: "", sameAs: o.sameAs } : o);

/** Reads the page's file: the reused record when the previous build's files can stand, else its text (and hash, when caching). */
/** A page's text as read, its hash and its status (when caching). */
export interface PageText {
  text: string;
  hash: string | undefined;
  stat: SourceStat | null | undefined;
}

/** Reads the page's file, unless `ahead` has it (read ahead by the write thread, read-ahead.ts, the same way). */
export function readPage(job: PageJob, source: PageSource, writing: boolean, ahead?: PageText): { record: PageRecord } | PageText {
  let text: string;
  let stat: SourceStat | null | undefined;
  let hash: string | undefined;
  if (ahead) ({ text, stat, hash } = ahead);
  else {
    // Before reading: a change after the status is taken changes it again, and the next build sees that.
    stat = job.cache ? (source.stat !== undefined ? source.stat : sourceStat(source.absolute)) : undefined;
    try {
      text = readFileSync(source.absolute, "utf8");
    } catch (e) {
      return { record: pageRecord(source.file, [unreadable(source.file, e)]) };
    }
    hash = job.cache ? crypto.hash("sha1", text) : undefined;
  }
  if (hash && source.cached && source.cached.hash === hash && canReuse(job, source.cached, writing)) return { record: reusedRecord(source.file, stat) };
  return { text, hash, stat };
}

/** Writes a page's files on the thread that owns the output folder, noting each as written for the cache. */
export function placeOutputs(record: PageRecord, writer: FolderWriter): void {
  if (!record.outputs) return;
  const written = writePageFiles(writer, record.outputs);
  if (record.hash) record.written = written;
  record.outputs = undefined; // not delete: that turns the record into a dictionary, several times its size
}
