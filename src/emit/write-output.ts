// The only code that touches --out: writes every planned file into a staging folder beside it,
// then swaps the staging folder in. Whatever fails, --out is left as it was.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./plan.js";

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

export function tallyFile(tally: OutputTally, file: OutputFile): void {
  tally.files++;
  if (file.bytes.length > tally.largest.bytes) tally.largest = { path: file.path, bytes: file.bytes.length };
  if (RULE_FILES.has(file.path)) tally.ruleFiles.set(file.path, file.bytes.toString("utf8"));
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
 * `keep` sees the tally once every file is in the staging folder, before --out is touched:
 * returning false discards the staging folder and leaves --out as it was.
 */
export async function writeOutput(
  outDir: string,
  files: Iterable<OutputFile>,
  onFile?: (count: number) => void,
  keep?: (tally: OutputTally) => boolean,
): Promise<WriteReport> {
  const parent = path.dirname(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const staging = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
  const old = path.join(parent, `.${path.basename(outDir)}.previous-${tag}`);
  await mkdir(parent, { recursive: true });
  const report: WriteReport = { files: 0, bytes: 0, tally: emptyTally(), replaced: false };
  const seen = new Set<string>();
  const folders = new Map<string, Promise<unknown>>();
  const pending: Promise<void>[] = [];
  try {
    await mkdir(staging);
    for (const file of files) {
      checkRelative(file.path);
      if (seen.has(file.path)) throw new Error(`two outputs were planned for ${file.path}`);
      seen.add(file.path);
      const target = path.join(staging, file.path);
      const dir = path.dirname(target);
      const write = async () => {
        let folder = folders.get(dir);
        if (!folder) folders.set(dir, (folder = mkdir(dir, { recursive: true })));
        await folder;
        await writeFile(target, file.bytes);
      };
      pending.push(write());
      report.files++;
      report.bytes += file.bytes.length;
      tallyFile(report.tally, file);
      // Bounded concurrency keeps memory flat on large catalogues.
      if (pending.length >= 64) await Promise.all(pending.splice(0));
      onFile?.(report.files);
    }
    await Promise.all(pending);
    if (keep && !keep(report.tally)) {
      await rm(staging, { recursive: true, force: true });
      return report;
    }
    const hadOut = await exists(outDir);
    if (hadOut) await rename(outDir, old);
    try {
      await rename(staging, outDir);
    } catch (e) {
      if (hadOut) await rename(old, outDir);
      throw e;
    }
    if (hadOut) await rm(old, { recursive: true, force: true });
    report.replaced = true;
    return report;
  } catch (e) {
    // Writes still in flight would fail unhandled, or recreate the staging folder after it is gone.
    await Promise.allSettled(pending);
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}
