// The only code that touches --out: writes every planned file into a staging folder beside it,
// then swaps the staging folder in. Whatever fails, --out is left as it was.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./plan.js";

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

export async function writeOutput(outDir: string, files: Iterable<OutputFile>, onFile?: (count: number) => void): Promise<WriteReport> {
  const parent = path.dirname(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const staging = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
  const old = path.join(parent, `.${path.basename(outDir)}.previous-${tag}`);
  await mkdir(parent, { recursive: true });
  const report: WriteReport = { files: 0, bytes: 0 };
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
      // Bounded concurrency keeps memory flat on large catalogues.
      if (pending.length >= 64) await Promise.all(pending.splice(0));
      onFile?.(report.files);
    }
    await Promise.all(pending);
    const hadOut = await exists(outDir);
    if (hadOut) await rename(outDir, old);
    try {
      await rename(staging, outDir);
    } catch (e) {
      if (hadOut) await rename(old, outDir);
      throw e;
    }
    if (hadOut) await rm(old, { recursive: true, force: true });
    return report;
  } catch (e) {
    // Writes still in flight would fail unhandled, or recreate the staging folder after it is gone.
    await Promise.allSettled(pending);
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}
