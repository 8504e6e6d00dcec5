// The only code that touches --out: writes every planned file into a staging folder beside it,
// then swaps the staging folder in. Whatever fails, --out is left as it was.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileSize, type OutputFile } from "./plan.js";

export interface WriteReport {
  files: number;
  bytes: number;
}

function checkRelative(rel: string): void {
  const normal = path.posix.normalize(rel);
  if (normal !== rel || rel.startsWith("/") || rel.startsWith("../") || rel === "..") {
    throw new Error(`refusing to write "${rel}": it is not a plain path inside the output folder`);
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes files below a root, synchronously: on a fast disk each write is a few microseconds, and
 * the promise machinery of fs/promises cost more than the writes (and kept garbage alive). Each
 * folder is made once, without `recursive` (which stats every level again).
 */
export class TreeWriter {
  private readonly made = new Set<string>();
  private readonly written = new Set<string>();
  /**
   * `patching`: the root holds an earlier build's files, some of which may share their inode with
   * the current output (hard links): each file is removed before it is written, never overwritten.
   */
  constructor(
    readonly root: string,
    private readonly patching = false,
    /**
     * "overwrite": a second file at one path replaces the first. For event pages, where two pages
     * with one id are a content error the checks across files report (and the build then fails).
     */
    private readonly duplicates: "throw" | "overwrite" = "throw",
  ) {
    this.made.add(root);
  }

  private folder(dir: string): void {
    if (this.made.has(dir)) return;
    this.folder(path.dirname(dir));
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    // Most folders hold one page's files and are not seen again: the set stays small, and the
    // few shared ones are made again (EEXIST) after it is cleared, which costs little.
    if (this.made.size >= 4096) {
      this.made.clear();
      this.made.add(this.root);
    }
    this.made.add(dir);
  }

  write(file: OutputFile): void {
    // Already in place (written by a page builder, or kept from an earlier build): nothing to do.
    if (file.existing?.at === null) return;
    checkRelative(file.path);
    // Page files are not remembered (a large catalogue has hundreds of thousands): a second page
    // with one id is a content error reported elsewhere, and the build fails whatever is here.
    if (this.duplicates === "throw") {
      if (this.written.has(file.path)) throw new Error(`two outputs were planned for ${file.path}`);
      this.written.add(file.path);
    }
    const target = path.join(this.root, file.path);
    this.folder(path.dirname(target));
    if (this.patching) rmSync(target, { force: true });
    if (file.existing) {
      try {
        linkSync(file.existing.at, target);
      } catch (e) {
        // EEXIST: a second page with one id, when duplicates are overwritten (see above).
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || this.duplicates === "throw") throw e;
      }
      return;
    }
    // A file with the same bytes as one already written becomes a hard link to it: one system
    // call instead of three and a copy. Where links are refused, the bytes are written.
    if (file.sameAs !== undefined && (this.duplicates === "overwrite" || this.written.has(file.sameAs))) {
      try {
        linkSync(path.join(this.root, file.sameAs), target);
        return;
      } catch {
        // fall through to a plain write
      }
    }
    writeFileSync(target, file.bytes);
  }
}

export interface WriteOptions {
  /**
   * An earlier build's folder (an incremental build) on the same disk: moved in as the staging
   * folder and patched, instead of an empty one. Returns false when it could not be moved.
   */
  base?: (staging: string) => boolean;
  /** Told the staging folder once it exists, and whether it holds an earlier build. */
  onStaging?: (staging: string, patching: boolean) => void;
  /** Last changes to the staging folder once every file is written (removing what is no longer planned). */
  beforeSwap?: (staging: string) => void;
  /** Takes over the replaced output folder (to keep it as the next build's base); false: removed. */
  keepPrevious?: (previous: string) => boolean;
}

export async function writeOutput(outDir: string, files: Iterable<OutputFile> | AsyncIterable<OutputFile>, onFile?: (count: number) => void, options: WriteOptions = {}): Promise<WriteReport> {
  const parent = path.dirname(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const staging = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
  const old = path.join(parent, `.${path.basename(outDir)}.previous-${tag}`);
  await mkdir(parent, { recursive: true });
  const report: WriteReport = { files: 0, bytes: 0 };
  try {
    const patching = options.base?.(staging) ?? false;
    if (!patching) await mkdir(staging);
    options.onStaging?.(staging, patching);
    // Each file is written as soon as it is planned, so no more than one document is held.
    const writer = new TreeWriter(staging, patching);
    for await (const file of files) {
      writer.write(file);
      report.files++;
      report.bytes += fileSize(file);
      onFile?.(report.files);
    }
    options.beforeSwap?.(staging);
    const hadOut = await exists(outDir);
    if (hadOut) await rename(outDir, old);
    try {
      await rename(staging, outDir);
    } catch (e) {
      if (hadOut) await rename(old, outDir);
      throw e;
    }
    if (hadOut && !options.keepPrevious?.(old)) await rm(old, { recursive: true, force: true });
    return report;
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}
