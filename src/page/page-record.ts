// What a page builder is given (the job), the records it makes, and the light half of building a
// page: reading its file and deciding whether the previous build's files can be reused (see
// cache/page-cache.ts).
import * as crypto from "node:crypto";
import type { Diagnostic } from "../model/diagnostics.js";
import { readContentText } from "../load/read-source.js";
import { unreadable } from "../load/source-file.js";
import type { EventFile } from "../load/load-content.js";
import type { Header } from "../runtime/browsable.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { Lookups } from "../validate/check-event.js";
import type { SiteSettings } from "../model/site.js";
import type { PageOutput, PageRecord, PageText, ReuseCheck, SourceStat } from "../model/page.js";
import { statusOf, writtenStand } from "../io/file-status.js";

export type { PageRecord } from "../model/page.js";

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
  /** Record what the cache needs (hash, written files); with `previousOut`, reuse unchanged pages from there. */
  cache: boolean;
  previousOut: string | null;
  /**
   * The thread that writes the files checks each detail against its response schema, on the text
   * it writes (write-worker.ts), and the builder does not: that thread had time to spare, and the
   * check was a good share of the builder's (docs/benchmark.md has the measurement).
   */
  checkWhenWritten?: boolean;
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
    page: r.page, unpublished: r.unpublished, files: r.files, bytes: r.bytes, largest: r.largest, reused: r.reused,
  };
}

/** The page's output files, relative to --out; the pages/<id>/ detail has the same bytes as the event_pages/<id>/ one. */
export const eventPagesFile = (id: number) => `api/v2/event_pages/${id}/index.json`;
export const pagesFile = (id: number) => `api/v2/pages/${id}/index.json`;

/** An event file, with what the cache holds for it and its status (taken before it is read). */
export interface PageSource extends EventFile {
  cached?: ReuseCheck;
  stat?: SourceStat | null;
}

/**
 * Whether a page with unchanged bytes can keep the previous build's files: `--now` leaves it as
 * it was, and every file it wrote is still in the previous output as written (same size, time
 * and inode).
 */
export function canReuse(job: PageJob, cached: ReuseCheck, writing: boolean): boolean {
  if (!job.now) return false;
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

/** The record of a page whose previous files stand: the main thread puts the cached record in its place. */
export const reusedRecord = (file: string, stat: SourceStat | null | undefined): PageRecord => ({ ...pageRecord(file), reused: true, sourceStat: stat });

/** The output as it crosses to another thread: a file linked to an earlier one of its page leaves its bytes behind. */
export const travelling = (o: PageOutput): PageOutput => (o.sameAs ? { rel: o.rel, data: "", sameAs: o.sameAs } : o);

/** Reads the page's file, unless `ahead` has it (read ahead by the write thread, read-ahead.ts, the same way). */
export function readPage(job: PageJob, source: PageSource, writing: boolean, ahead?: PageText): { record: PageRecord } | PageText {
  let text: string;
  let stat: SourceStat | null | undefined;
  let hash: string | undefined;
  if (ahead) ({ text, stat, hash } = ahead);
  else {
    // The status is the open file's, taken before reading: a change after it changes it again, and the next build sees that.
    try {
      const read = readContentText(source.absolute);
      text = read.text;
      stat = job.cache ? (source.stat !== undefined ? source.stat : statusOf(read.stats)) : undefined;
    } catch (e) {
      return { record: pageRecord(source.file, [unreadable(source.file, e)]) };
    }
    hash = job.cache ? crypto.hash("sha1", text) : undefined;
  }
  if (hash && source.cached && source.cached.hash === hash && canReuse(job, source.cached, writing)) return { record: reusedRecord(source.file, stat) };
  return { text, hash, stat };
}
