// The build cache (node_modules/.cache/build-catalogue/, as other build tools keep theirs): for each
// event file, the hash of its bytes and its status (size, times, inode), what the build keeps of
// the page (its record), and the output files it wrote, each with the size, modification time and
// inode it had. A rebuild with the same key (the code, Node's time-zone data, the settings files,
// --out and what the hosts need) reuses an unchanged page, leaving its files in --out, when each
// is still the very file that was written and --now does not change the page (see
// PageRecord.sameUntil); anything else is built again. Losing the cache costs time only.
//
// A page's line is four JSON texts separated by tabs (JSON writes a tab in a string as \t): the
// event file's name, the head ({hash, id, record}: what decides the reuse, and the rest of the
// record), the page's summary, and its keys. A rebuild reads only the names up front, and parses
// a page's head when the build asks for the page (held parsed from the start, the heads of a
// large catalogue were a large part of a rebuild's memory). A large catalogue's summaries go to
// disk as JSON (cache/summary-store.ts): a reused page's is copied there as bytes, never parsed.
// A reused page's keys stay where they are in the previous
// file: they are read only when a page built anew changed its keys (see keysUnchanged). A last
// line, `{"outputs": [...], "groups": {...}}`, has the status of the files of --out a rebuild copies
// from (the event list and the query index, see output/previous-items.ts), as the build wrote them,
// and of the groups of files a rebuild keeps whole while their fingerprint holds (the images endpoint).
import { createHash } from "node:crypto";
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { AppendFile } from "../io/append-file.js";
import { ReadWindow, textOf, type Span } from "../io/read-window.js";
import { parseKeys, type SummaryStore } from "./summary-store.js";
import { sameStat } from "../io/file-status.js";
import type { PageKeys, PageRecord, ReuseCheck, SourceStat, WrittenFile } from "../model/page.js";
import { FROM_SOURCES, PACKAGE_ROOT } from "../package-files.js";

/** Files made from one input alone, noted with its fingerprint: a rebuild with the same fingerprint keeps them while they stand. */
export interface NotedGroup {
  fingerprint: string;
  files: WrittenFile[];
}

export interface CachedPage {
  /** SHA-1 of the file's bytes. */
  hash: string;
  /** The page's id (the summary's, kept on disk without it). */
  id: number;
  /** Without its summary and keys (`page`, `keys`) until the page is reused. */
  record: PageRecord;
  /** Where its line is in the previous file. */
  line: LineAt;
}

/** Where a page's line is in the previous file: the line (with its newline), and where its head, its summary and its keys start. */
type LineAt = [offset: number, length: number, headAt: number, summaryAt: number, keysAt: number];

/** Where a line's keys are in the file, without the line's newline: their offset and length. */
const keysOf = ([offset, length, , , keysAt]: LineAt): [at: number, length: number] => [keysAt, offset + length - 1 - keysAt];

const FORMAT = 5;

/** What a page builder needs of a cached page to decide whether it can be reused. */
export function reuseCheck(cached: CachedPage): ReuseCheck {
  const r = cached.record;
  return { hash: cached.hash, written: r.written ?? [], builtAt: r.builtAt, sameUntil: r.sameUntil, hasWarnings: r.warnings.length > 0 };
}

/** An installed package's version: from its package.json, found up from its entry when it does not export it. */
function versionOf(require: NodeJS.Require, name: string): string {
  try {
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, "package.json");
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? "?";
    }
  } catch {
    // Not installed, or not resolvable from here: the build fails on it, or never loads it.
  }
  return "?";
}

/** A name made short for a file name of the cache's folder (the build's name, the content folder's path). */
export const nameHash = (name: string): string => createHash("sha1").update(name).digest("hex").slice(0, 16);

/**
 * The code that decides the output: the modules that run (the compiled ones, or the TypeScript
 * sources when those run) and the templates, and the dependencies' versions. The bundle the command
 * runs is made from the compiled modules and those dependencies (scripts/bundle.mjs), and the
 * declaration files decide nothing: neither is read.
 */
const BUNDLE = "cli.bundle.js";
let codeHash: string | null = null;
function hashOfCode(): string {
  if (codeHash) return codeHash;
  const hash = createHash("sha1");
  const code = FROM_SOURCES ? /\.(ts|json)$/ : /(?<!\.d)\.(c?js|json)$/;
  const walk = (dir: string, pattern: RegExp) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p, pattern);
      else if (pattern.test(entry.name) && entry.name !== BUNDLE) hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(path.join(PACKAGE_ROOT, FROM_SOURCES ? "src" : "lib"), code);
  walk(path.join(PACKAGE_ROOT, "templates"), /\.(js|html|json)$/);
  // The dependencies' versions: the bundle holds some, the others load from node_modules; none is among the files above.
  const require = createRequire(path.join(PACKAGE_ROOT, "package.json"));
  const dependencies = Object.keys((JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { dependencies?: object }).dependencies ?? {});
  for (const name of dependencies.sort()) hash.update(`${name}@${versionOf(require, name)}`);
  return (codeHash = hash.digest("hex"));
}

/** The previous cache file, open until this build's replaces it (its pages' lines are copied from it). */
interface Previous {
  fd: number;
  window: ReadWindow;
}

const TAB = 0x09;
const OPEN_BRACE = 0x7b;

export class PageCache {
  private constructor(
    private readonly file: string,
    private readonly key: string,
    /** By event file: where its line is, until the build asks for the page, then the page with its head parsed. */
    private readonly pages: Map<string, LineAt | CachedPage>,
    /** A reused page's line is written back as its bytes were read (its span of nows still holds). */
    private previous: Previous | null = null,
    /** When the build that wrote the cache ended (its file's time, ms; 0 when there is none). */
    readonly previousBuild = 0,
    /** The files of --out the previous build noted (see noteOutputs), by path. */
    private readonly previousOutputs = new Map<string, WrittenFile>(),
    /** The groups of files the previous build noted (see noteGroup), by name. */
    private readonly previousGroups = new Map<string, NotedGroup>(),
  ) {}

  /**
   * The cache of builds into `outDir` with this key (empty when there is none, or it was made
   * with another key), kept in a file named after `name` (the output folder's path, or the
   * preview's fixed name, so that its temporary folders share one file).
   *
   * The file is read through a window of a megabyte (see io/read-window.ts), and only each line's
   * file name is decoded (latin1 when it is ASCII: the same string, without UTF-8's checks); the
   * rest is read from the file when the build asks for the page, and a reused page's line is
   * copied back from the file as it was.
   */
  static open(cwd: string, name: string, outDir: string, keyParts: readonly unknown[]): PageCache {
    const dir = path.join(cwd, "node_modules", ".cache", "build-catalogue");
    const file = path.join(dir, `pages-${nameHash(name)}.ndjson`);
    const key = createHash("sha1")
      .update(JSON.stringify([FORMAT, hashOfCode(), process.versions.node, process.versions.tz ?? "", process.versions.icu ?? "", outDir, ...keyParts]))
      .digest("hex");
    const pages = new Map<string, LineAt | CachedPage>();
    const outputs = new Map<string, WrittenFile>();
    const groups = new Map<string, NotedGroup>();
    let fd: number;
    let previousBuild = 0;
    try {
      fd = openSync(file, "r");
    } catch {
      return new PageCache(file, key, pages);
    }
    const window = new ReadWindow(fd);
    try {
      previousBuild = fstatSync(fd).mtimeMs;
      let i = 0;
      for (const line of window.lines()) {
        if (i++ === 0) {
          if (textOf(line) !== JSON.stringify({ key })) break;
          continue;
        }
        // A line cut short (a build stopped while writing): that page is built again.
        if (!line.complete) continue;
        if (line.buffer[line.start] === OPEN_BRACE) {
          try {
            const noted = JSON.parse(textOf(line)) as { outputs: WrittenFile[]; groups?: Record<string, NotedGroup> };
            for (const file of noted.outputs) outputs.set(file[0], file);
            for (const [name, group] of Object.entries(noted.groups ?? {})) groups.set(name, group);
          } catch {
            // Not a line of this format: nothing is copied from --out.
          }
          continue;
        }
        // The three tabs after the name, the head and the summary (a JSON text holds none of its own).
        const { buffer, start, end } = line;
        const nameEnd = buffer.indexOf(TAB, start);
        const headEnd = nameEnd < 0 ? -1 : buffer.indexOf(TAB, nameEnd + 1);
        const summaryEnd = headEnd < 0 ? -1 : buffer.indexOf(TAB, headEnd + 1);
        if (summaryEnd < 0 || summaryEnd >= end) continue;
        let file: unknown;
        try {
          file = JSON.parse(textOf({ buffer, start, end: nameEnd }));
        } catch {
          // Not a line of this format: that page is built again.
        }
        if (typeof file !== "string") continue;
        const base = line.offset - start; // a place in the buffer, in the file
        pages.set(file, [line.offset, end - start + 1, base + nameEnd + 1, base + headEnd + 1, base + summaryEnd + 1]);
      }
    } catch {
      pages.clear(); // unreadable: a cold build
      outputs.clear();
      groups.clear();
    }
    if (pages.size === 0) {
      closeSync(fd);
      return new PageCache(file, key, pages);
    }
    return new PageCache(file, key, pages, { fd, window }, previousBuild, outputs, groups);
  }

  /** The page of this event file, its head parsed (once; the build asks for each page in file order, as the lines were written). */
  get(file: string): CachedPage | undefined {
    const entry = this.pages.get(file);
    if (!entry || !Array.isArray(entry)) return entry;
    const [, , headAt, summaryAt] = entry;
    try {
      const page = JSON.parse(this.previous!.window.text(headAt, summaryAt - 1 - headAt)) as CachedPage;
      page.record.file = file; // the build's own string (a head does not repeat the name)
      page.line = entry;
      this.pages.set(file, page);
      return page;
    } catch {
      // Not a head of this format, or the file could not be read: the page is built again.
      this.pages.delete(file);
      return undefined;
    }
  }

  get size(): number {
    return this.pages.size;
  }

  /** The cache file being written by this build (streamed as pages are placed, so no page's record is held for it). */
  private out: { fd: number; temporary: string; lines: AppendFile } | null = null;
  /** Folders begin() made (node_modules/ itself, when there was none): a failed build removes them again. */
  private made: string[] = [];

  /** Starts this build's cache file beside the current one. Never throws: a cache is optional. */
  begin(): void {
    try {
      const dir = path.dirname(this.file);
      this.made = [];
      for (let d = dir; !existsSync(d) && d !== path.dirname(d); d = path.dirname(d)) this.made.unshift(d);
      mkdirSync(dir, { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      const fd = openSync(temporary, "w");
      this.out = { fd, temporary, lines: new AppendFile(fd) };
      this.append((lines) => lines.text(`${JSON.stringify({ key: this.key })}\n`));
    } catch {
      this.out = null; // An unwritable node_modules/: the next build is a cold one.
    }
  }

  /**
   * Adds a page reused from the previous build, as its line was read unless its file's status
   * changed (then with the new status); returns its cached record, with its summary (parsed, or,
   * when `summaries` keeps them on disk, copied there, and no `page`), and where its keys are in
   * the previous file (`keysFrom`): they are read only if the checks across pages need them.
   */
  reuse(file: string, stat: SourceStat | null | undefined, summaries: SummaryStore): PageRecord {
    const cached = this.get(file)!;
    // Asked for once: what the build keeps of the record is its own to hold, or not.
    this.pages.delete(file);
    this.reusedIds.add(cached.id);
    const record = cached.record;
    record.reused = true;
    const [offset, length, , summaryAt, keysAt] = cached.line;
    const window = this.previous!.window;
    // The summary without its tab (read just before use: a window's bytes last until its next read).
    const summary = (): Span => window.span(summaryAt, keysAt - 1 - summaryAt);
    if (summaries.onDisk) {
      summaries.addJson(summary(), cached.id);
      record.page = undefined;
    } else record.page = JSON.parse(textOf(summary()));
    record.keys = null;
    [record.keysFrom, record.keysLength] = keysOf(cached.line);
    if (sameStat(stat, record.sourceStat)) {
      const line = window.span(offset, length);
      this.append((lines) => lines.bytes(line.buffer, line.start, line.end));
    } else {
      record.sourceStat = stat;
      const lead = this.lead({ ...record, hash: cached.hash }, cached.id);
      // The name and the new head, then the summary and keys as they were.
      this.append((lines) => {
        lines.text(`${lead}\t`);
        const rest = window.span(summaryAt, offset + length - summaryAt);
        lines.bytes(rest.buffer, rest.start, rest.end);
      });
    }
    return record;
  }

  /** The ids of the pages reused (see reuse). */
  private readonly reusedIds = new Set<number>();

  /** Whether this build reused the page of this id from the previous one. */
  reused(id: number): boolean {
    return this.reusedIds.has(id);
  }

  /** A file of --out the previous build noted (see noteOutputs), as it wrote it. */
  previousOutput(rel: string): WrittenFile | undefined {
    return this.previousOutputs.get(rel);
  }

  /** The files of this build's --out a rebuild may copy from (see output/previous-items.ts), as written: the cache's last line. */
  private outputs: WrittenFile[] = [];
  private readonly groups: Record<string, NotedGroup> = {};

  noteOutputs(files: WrittenFile[]): void {
    this.outputs = files;
  }

  /** A group of files the previous build noted (see noteGroup), as it wrote them. */
  previousGroup(name: string): NotedGroup | undefined {
    return this.previousGroups.get(name);
  }

  /** Notes a group of this build's files, made from an input of this fingerprint alone: the next build may keep them. */
  noteGroup(name: string, group: NotedGroup): void {
    this.groups[name] = group;
  }

  /** A page built anew whose keys differ from its previous line's, or that had none (see keysUnchanged). */
  private keysChanged = false;

  /** Notes whether a page built anew has the keys its line in the previous file had. */
  noteKeys(r: PageRecord): void {
    if (this.keysChanged || !this.previous) return;
    const entry = this.pages.get(r.file);
    if (entry === undefined) {
      this.keysChanged = true;
      return;
    }
    if (this.previous.window.text(...keysOf(Array.isArray(entry) ? entry : entry.line)) !== JSON.stringify(r.keys)) this.keysChanged = true;
  }

  /**
   * Whether the checks across pages can find nothing: this build reuses pages of a previous one
   * (which passed them: a failed build keeps no cache), and every page it built anew has the keys
   * it had then (its id, slug and performances' ids and codes). The pages' keys are then those
   * the previous build checked, less those of the pages removed since.
   */
  keysUnchanged(): boolean {
    return this.previous !== null && !this.keysChanged;
  }

  /** A reused page's keys, from the previous file (see reuse). */
  keysFrom(offset: number, length: number): PageKeys | null {
    const text = this.previous!.window.text(offset, length);
    return text === "null" ? null : parseKeys(text);
  }

  /** Closes the previous cache file (before this build's takes its name). */
  private closePrevious(): void {
    if (!this.previous) return;
    const { fd } = this.previous;
    this.previous = null;
    try {
      closeSync(fd);
    } catch {
      // Closed already.
    }
  }

  /** Appends to this build's cache file; a failure to write drops it (a cache is optional). */
  private append(write: (lines: AppendFile) => void): void {
    if (!this.out) return;
    try {
      write(this.out.lines);
    } catch {
      this.discard();
    }
  }

  /** Adds a page that was built and written. */
  add(r: PageRecord): void {
    if (!this.out || !r.page || !r.written || !r.hash) return;
    const line = `${this.lead(r, r.page.id)}\t${JSON.stringify(r.page)}\t${JSON.stringify(r.keys)}\n`;
    this.append((lines) => lines.text(line));
  }

  /** A line's first two texts: the event file's name, and the head (the record without its name, its summary and keys, and what the cache does not keep). */
  private lead(r: PageRecord, id: number): string {
    const { file, reused: _reused, outputs: _outputs, page: _page, keys: _keys, keysAt: _keysAt, keysFrom: _keysFrom, keysLength: _keysLength, hash, ...record } = r;
    return `${JSON.stringify(file)}\t${JSON.stringify({ hash, id, record })}`;
  }

  /** Replaces the cache with this build's, once its output is in place. */
  commit(): void {
    if (this.outputs.length > 0 || Object.keys(this.groups).length > 0) this.append((lines) => lines.text(`${JSON.stringify({ outputs: this.outputs, groups: this.groups })}\n`));
    this.append((lines) => lines.flush());
    this.closePrevious();
    if (!this.out) return;
    const { fd, temporary } = this.out;
    this.out = null;
    try {
      closeSync(fd);
      renameSync(temporary, this.file);
    } catch {
      rmSync(temporary, { force: true });
    }
  }

  /**
   * Drops this build's cache file (the build failed: the previous cache still describes --out),
   * and the folders made for it, so that a failed build leaves nothing behind.
   */
  discard(): void {
    this.closePrevious();
    if (!this.out) return;
    const { fd, temporary } = this.out;
    this.out = null;
    try {
      closeSync(fd);
    } finally {
      rmSync(temporary, { force: true });
      for (const dir of [...this.made].reverse()) {
        try {
          rmdirSync(dir);
        } catch {
          break; // Not empty: something else is kept there now.
        }
      }
    }
  }
}
