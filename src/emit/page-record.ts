// What the build keeps of an event page (its record), what a page builder is given (the job),
// and the light half of building one: reading its file and deciding whether the previous build's
// files can be reused (see cache/page-cache.ts). A worker that only reuses pages never loads the
// heavy half (build-page.ts: schemas, enrich, the self-check).
import * as crypto from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { unreadable } from "../load/source-file.js";
import type { CachedPage, WrittenFile } from "../cache/page-cache.js";
import type { EventFile } from "../load/load-content.js";
import type { Header } from "../runtime/browsable.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { Lookups } from "../validate/check-event.js";
import type { PageSummary, SiteSettings } from "../validate/site.js";
import type { PageKeys } from "../validate/validate-content.js";
import type { FileStatus, FolderWriter } from "./staging.js";

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
}

export interface PageRecord {
  file: string;
  diagnostics: Diagnostic[];
  /** The page's own warnings (reported only when the catalogue has no error, as those across pages). */
  warnings: Diagnostic[];
  keys: PageKeys | null;
  placeholders: Diagnostic[];
  /** Present when the page is valid and was built. */
  page?: PageSummary;
  files: number;
  bytes: number;
  json?: string;
  /** SHA-1 of the file's bytes, and the files written as they were (for the cache). */
  hash?: string;
  written?: WrittenFile[];
  /** The largest of the page's files, when it is over 1 MiB (for a host's limit on file size). */
  largest?: { path: string; bytes: number };
  /** The page's files, until they are written (see placeOutputs). */
  outputs?: PageOutput[];
  /** The page was unchanged and its files were linked from the previous output. */
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

/** An event file, with what the cache holds for it. */
export interface PageSource extends EventFile {
  cached?: ReuseCheck;
}

/**
 * The cached record, when the file has the bytes it had and every file the page wrote is still
 * in the previous output as written (same size, time and inode): those are linked, not rebuilt.
 */
function reuse(job: PageJob, source: PageSource, hash: string, writing: boolean): PageRecord | null {
  const cached = source.cached;
  if (!cached || cached.hash !== hash || job.keepJson || !job.now) return null;
  const { builtAt, sameUntil, hasWarnings, written } = cached;
  if (!builtAt || sameUntil === undefined) return null;
  const sameNow = compareInstants(builtAt, job.now) === 0;
  const inSpan = !hasWarnings && compareInstants(builtAt, job.now) <= 0 && (sameUntil === null || compareInstants(job.now, sameUntil) <= 0);
  if (!sameNow && !inSpan) return null;
  if (writing) {
    if (!job.previousOut) return null;
    for (const [rel, size, mtimeMs, ino] of written) {
      const st = lstatSync(path.join(job.previousOut, rel), { throwIfNoEntry: false });
      if (!st || !st.isFile() || st.size !== size || st.mtimeMs !== mtimeMs || st.ino !== ino) return null;
    }
  }
  // The main thread puts the cached record in its place, and links the files it lists.
  return { ...pageRecord(source.file), hash, reused: true };
}

/** One file of a page: written by the thread that writes the output (see placeOutputs). */
export interface PageOutput {
  rel: string;
  bytes: Uint8Array;
  /** An earlier output of the same page with the same bytes: a hard link to it. */
  sameAs?: string;
}

/** Reads the page's file: the reused record when the previous build's files can stand, else its text (and hash, when caching). */
export function readPage(job: PageJob, source: PageSource, writing: boolean): { record: PageRecord } | { text: string; hash: string | undefined } {
  let text: string;
  try {
    text = readFileSync(source.absolute, "utf8");
  } catch (e) {
    return { record: pageRecord(source.file, [unreadable(source.file, e)]) };
  }
  const hash = job.cache ? crypto.hash("sha1", text) : undefined;
  if (hash) {
    const reused = reuse(job, source, hash, writing);
    if (reused) return { record: reused };
  }
  return { text, hash };
}

/**
 * Writes a page's files on the thread that owns the output folder, noting each as written for the
 * cache; a reused page's files are linked from the previous output.
 */
export function placeOutputs(record: PageRecord, writer: FolderWriter, cached: PageRecord | null, previousOut: string | null): void {
  if (cached) {
    for (const [rel] of cached.written ?? []) writer.linkFrom(path.join(previousOut!, rel), rel);
    return;
  }
  if (!record.outputs) return;
  const written: WrittenFile[] = [];
  const status = new Map<string, FileStatus>();
  for (const o of record.outputs) {
    const st = o.sameAs ? writer.link(o.rel, o.sameAs, status.get(o.sameAs)!, o.bytes) : writer.write(o.rel, o.bytes);
    status.set(o.rel, st);
    written.push([o.rel, st.size, st.mtimeMs, st.ino]);
  }
  if (record.hash) record.written = written;
  record.outputs = undefined; // not delete: that turns the record into a dictionary, several times its size
}

