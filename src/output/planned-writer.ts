// Writes a planned list of files into --out through a staging folder (see staging.ts).
import path from "node:path";
import type { OutputFile } from "../plan/plan-output.js";
import { createHash } from "node:crypto";
import { writtenFile, type FileStatus } from "../io/folder-writer.js";
import type { WrittenFile } from "../cache/page-cache.js";
import { Staging } from "./staging.js";

export interface WriteReport {
  files: number;
  bytes: number;
  /** What went by, for the hosts' limits (src/host/limits.ts). */
  tally: OutputTally;
  /** False when `keep` refused the output: --out is as it was. */
  replaced: boolean;
}

/** What the writer saw go by: enough to check each host's limits without reading files back. */
export interface OutputTally {
  files: number;
  largest: { path: string; bytes: number };
  /** The text of the rule files at the top of the output (`_redirects`, `_headers`, `vercel.json`), by path. */
  ruleFiles: Map<string, string>;
}

const RULE_FILES = new Set(["_redirects", "_headers", "vercel.json"]);

export function emptyTally(): OutputTally {
  return { files: 0, largest: { path: "", bytes: 0 }, ruleFiles: new Map() };
}

/** Counts a file of `size` bytes (its text is kept only for the rule files). */
export function tallyFile(tally: OutputTally, file: { path: string; bytes?: Uint8Array }, size = file.bytes?.length ?? 0): void {
  tally.files++;
  if (size > tally.largest.bytes) tally.largest = { path: file.path, bytes: size };
  if (RULE_FILES.has(file.path) && file.bytes) tally.ruleFiles.set(file.path, Buffer.from(file.bytes).toString("utf8"));
}

export function checkRelative(rel: string): void {
  const normal = path.posix.normalize(rel);
  if (normal !== rel || rel.startsWith("/") || rel.startsWith("../") || rel === "..") {
    throw new Error(`refusing to write "${rel}": it is not a plain path inside the output folder`);
  }
}

function countBytes(chunks: Iterable<string | Uint8Array>): number {
  let n = 0;
  for (const chunk of chunks) n += typeof chunk === "string" ? Buffer.byteLength(chunk, "utf8") : chunk.length;
  return n;
}

/** Files under this folder often repeat one another's bytes (a page's slug lookup on each route): each repeat is a hard link. */
const SHARED_PREFIX = "_lookup/";

/** Writes each planned file once (a path planned twice is a bug), counting what it wrote. */
export class PlannedWriter {
  private readonly seen = new Set<string>();
  private readonly byContent = new Map<string, { path: string; status: FileStatus }>();
  readonly report: WriteReport = { files: 0, bytes: 0, tally: emptyTally(), replaced: false };
  /** The files written in pieces (the lists and the query index), as written: a rebuild copies from them (see previous-items.ts). */
  readonly pieced: WrittenFile[] = [];
  constructor(private readonly staging: Staging | null) {}

  write(file: OutputFile): void {
    checkRelative(file.path);
    if (this.seen.has(file.path)) throw new Error(`two outputs were planned for ${file.path}`);
    this.seen.add(file.path);
    const writer = this.staging?.writer;
    if (file.chunks) {
      const status = writer?.writeChunks(file.path, file.chunks);
      if (status) this.pieced.push(writtenFile(file.path, status));
      const size = status ? status.size : countBytes(file.chunks);
      this.report.files++;
      this.report.bytes += size;
      tallyFile(this.report.tally, file, size);
      return;
    }
    if (writer && file.path.startsWith(SHARED_PREFIX)) {
      const key = createHash("sha1").update(file.bytes).digest("base64");
      const same = this.byContent.get(key);
      if (same) writer.link(file.path, same.path, same.status, file.bytes);
      else this.byContent.set(key, { path: file.path, status: writer.write(file.path, file.bytes) });
    } else writer?.write(file.path, file.bytes);
    this.report.files++;
    this.report.bytes += file.bytes.length;
    tallyFile(this.report.tally, file);
  }
}

/**
 * `keep` sees the tally once every file is in the staging folder, before --out is touched:
 * returning false discards the staging folder and leaves --out as it was.
 */
export async function writeOutput(
  outDir: string,
  files: Iterable<OutputFile>,
  onFile?: (count: number) => void,
  keep?: (tally: OutputTally) => boolean,
): Promise<WriteReport> {
  const staging = await Staging.open(outDir);
  try {
    const writer = new PlannedWriter(staging);
    for (const file of files) {
      writer.write(file);
      onFile?.(writer.report.files);
    }
    if (keep && !keep(writer.report.tally)) {
      await staging.abort();
      return writer.report;
    }
    await staging.commit();
    writer.report.replaced = true;
    return writer.report;
  } catch (e) {
    await staging.abort();
    throw e;
  }
}
