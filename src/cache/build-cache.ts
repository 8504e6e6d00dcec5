// The incremental-build cache: what each event page's file gave in the last build (its keys for
// the checks across files, its list item, the hash of its detail document), and which documents
// the output folder and a spare copy of the previous one hold. Kept under
// node_modules/.cache/build-catalogue/, one folder per content and output folder.
import crypto, { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import type { EventKeys } from "../validate/validate-content.js";

/** SHA-1 in base64url: a content key, not a secret. One call where Node has crypto.hash (20.12). */
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string | Buffer, encoding: string) => string }).hash;
export const hashText = (text: string | Buffer): string =>
  oneShot ? oneShot("sha1", text, "base64url") : createHash("sha1").update(text).digest("base64url");

/** One event page's file as the last build saw it. */
export interface EventRecord {
  /** Hash of the file's bytes. */
  hash: string;
  keys: EventKeys;
  /** Start of each performance, ascending (epoch milliseconds × 1000 + microseconds). */
  starts: number[];
  /** How many had started at the build's now: decides is_past and in_past. */
  past: number;
  /** Hash of the detail document's bytes. */
  unit: string;
  /** The list item, serialized as it sits in the list. */
  item: string;
  /** Sizes of the page's files, in the order of eventPaths(). */
  sizes: number[];
}

/** A folder of output: its identity on disk, and the hash of each event page document it holds. */
export interface TreeRecord {
  ino: number;
  units: [number, string][];
}

interface State {
  generation: string;
  out: TreeRecord | null;
  spare: TreeRecord | null;
}

/** The folder of the cache: beside the nearest package.json above `cwd` (else in `cwd`). */
export function cacheDirFor(cwd: string, contentDir: string, outDir: string): string {
  let root = cwd;
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) {
      root = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return path.join(root, "node_modules", ".cache", "build-catalogue", hashText(`${contentDir}\0${outDir}`).slice(0, 16));
}

export const inode = (dir: string): number | null => {
  try {
    return statSync(dir).ino;
  } catch {
    return null;
  }
};

export class BuildCache {
  readonly records = new Map<string, EventRecord>();
  /** Each record's line as read, written back as it is when the page is reused. */
  private readonly lines = new WeakMap<EventRecord, string>();
  readonly out: Map<number, string> | null;
  readonly spare: Map<number, string> | null;
  /** Where the spare copy of the previous output is kept. */
  readonly spareDir: string;

  private constructor(readonly dir: string, readonly generation: string, outDir: string) {
    this.spareDir = path.join(dir, "spare");
    let state: State | null = null;
    try {
      state = JSON.parse(readFileSync(path.join(dir, "state.json"), "utf8")) as State;
    } catch {
      state = null;
    }
    // Anything from another version, other settings or other hosts is of no use: start over.
    const usable = state !== null && state.generation === generation;
    const tree = (t: TreeRecord | null | undefined, at: string) => (usable && t && inode(at) === t.ino ? new Map(t.units) : null);
    this.out = tree(state?.out, outDir);
    this.spare = tree(state?.spare, this.spareDir);
    if (!usable) return;
    try {
      for (const line of readFileSync(path.join(dir, "events.ndjson"), "utf8").split("\n")) {
        if (!line) continue;
        const [file, record] = JSON.parse(line) as [string, EventRecord];
        this.records.set(file, record);
        this.lines.set(record, line);
      }
    } catch {
      this.records.clear();
    }
  }

  static open(dir: string, generation: string, outDir: string): BuildCache {
    return new BuildCache(dir, generation, outDir);
  }

  private fd: number | null = null;
  private pending = "";
  /** The first folder this build created for the cache: removed again if the build fails. */
  private created: string | undefined;
  private get tmp(): string {
    return path.join(this.dir, `.events.${process.pid}.tmp`);
  }

  /** Records one page as this build saw it; written as it goes, so records are never all held. */
  add(file: string, record: EventRecord): void {
    if (this.fd === null) {
      this.created = mkdirSync(this.dir, { recursive: true });
      this.fd = openSync(this.tmp, "w");
    }
    this.pending += `${this.lines.get(record) ?? JSON.stringify([file, record])}\n`;
    if (this.pending.length > 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.fd !== null && this.pending) writeSync(this.fd, this.pending);
    this.pending = "";
  }

  /** Ends a build that failed: the cache stays as it was. */
  abandon(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    rmSync(this.created ?? this.tmp, { recursive: true, force: true });
  }

  /** Saves what a successful build saw: its records, the output folder, and the spare (or none). */
  commit(out: TreeRecord, spare: TreeRecord | null): void {
    mkdirSync(this.dir, { recursive: true });
    if (this.fd === null) this.fd = openSync(this.tmp, "w");
    this.flush();
    closeSync(this.fd);
    this.fd = null;
    renameSync(this.tmp, path.join(this.dir, "events.ndjson"));
    const state: State = { generation: this.generation, out, spare };
    writeFileSync(path.join(this.dir, "state.json"), JSON.stringify(state));
  }
}

/** How many of the (ascending) starts are before now. */
export function countPast(starts: readonly number[], now: number): number {
  let n = 0;
  while (n < starts.length && starts[n]! < now) n++;
  return n;
}
