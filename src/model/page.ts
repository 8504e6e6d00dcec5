// What the build keeps of one event page, as the page stage, the engine, the cache and the checks
// across pages share it: types only.
import type { Diagnostic } from "./diagnostics.js";
import type { PageSummary, UnpublishedPage } from "./site.js";
import type { Instant } from "../runtime/time/instant.js";

/** What must be unique across pages, as one page gives it (NaN for a performance left out). */
export interface PageKeys {
  id?: number;
  slug: string;
  /** The slug as messages show it (saying when it was taken from the file name). */
  slugShown: string;
  performanceIds: number[];
  performanceCodes: number[];
}

/** An event file's size, mtime, ctime and inode: equal ones vouch for equal bytes, as in git's index. */
export type SourceStat = [size: number, mtimeMs: number, ctimeMs: number, ino: number];

/** An output file as written: path relative to --out, size, mtimeMs and inode. */
export type WrittenFile = [rel: string, size: number, mtimeMs: number, ino: number];

/** A document to check before it is written: the name of its response schema, and what it is, for the message. */
export interface DetailCheck {
  schema: string;
  what: string;
}

/** One file of a page, until the thread that owns the output folder writes it. */
export interface PageOutput {
  rel: string;
  /** Text, encoded by the thread that writes it. */
  data: string | Uint8Array;
  /** An earlier output of the same page with the same bytes: a hard link to it. */
  sameAs?: string;
  /** The document still to check before it is written (see PageJob.checkWhenWritten). */
  check?: DetailCheck;
}

/** A page's text as read, its hash and its status (the two last when caching). */
export interface PageText {
  text: string;
  hash: string | undefined;
  stat: SourceStat | null | undefined;
}

/** What a page builder needs to decide whether a cached page can be reused. */
export interface ReuseCheck {
  hash: string;
  written: WrittenFile[];
  builtAt?: Instant;
  sameUntil?: Instant | null;
  hasWarnings: boolean;
}

export interface PageRecord {
  file: string;
  diagnostics: Diagnostic[];
  /** The page's own warnings (reported only when the catalogue has no error, as those across pages). */
  warnings: Diagnostic[];
  keys: PageKeys | null;
  /** Where the keys are kept instead, when the build keeps them on disk (see cache/summary-store.ts). */
  keysAt?: number;
  /** A reused page's keys: where they are in the previous build's cache file (read only if the checks across pages need them). */
  keysFrom?: number;
  keysLength?: number;
  placeholders: Diagnostic[];
  /** Present when the page is valid and was built. */
  page?: PageSummary;
  /** Present when the page is valid and the API leaves it out at now (a draft, scheduled or expired). */
  unpublished?: UnpublishedPage;
  files: number;
  bytes: number;
  /** SHA-1 of the file's bytes, and the files written as they were (for the cache). */
  hash?: string;
  written?: WrittenFile[];
  /** The event file's status when it was read, when settled enough to vouch for its bytes. */
  sourceStat?: SourceStat | null;
  /** The largest of the page's files, when it is over 1 MiB (for a host's limit on file size). */
  largest?: { path: string; bytes: number };
  /** The page's files, until they are written. */
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
