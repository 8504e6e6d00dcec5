// Writes a planned list of files into --out through a staging folder (see staging.ts).
import path from "node:path";
import type { OutputFile } from "./plan.js";
import { Staging } from "./staging.js";

export interface WriteReport {
  files: number;
  bytes: number;
}

export function checkRelative(rel: string): void {
  const normal = path.posix.normalize(rel);
  if (normal !== rel || rel.startsWith("/") || rel.startsWith("../") || rel === "..") {
    throw new Error(`refusing to write "${rel}": it is not a plain path inside the output folder`);
  }
}

/** Writes each planned file once (a path planned twice is a bug), counting what it wrote. */
export class PlannedWriter {
  private readonly seen = new Set<string>();
  readonly report: WriteReport = { files: 0, bytes: 0 };
  constructor(private readonly staging: Staging | null) {}

  write(file: OutputFile): void {
    checkRelative(file.path);
    if (this.seen.has(file.path)) throw new Error(`two outputs were planned for ${file.path}`);
    this.seen.add(file.path);
    this.staging?.writer.write(file.path, file.bytes);
    this.report.files++;
    this.report.bytes += file.bytes.length;
  }
}

export async function writeOutput(outDir: string, files: Iterable<OutputFile>, onFile?: (count: number) => void): Promise<WriteReport> {
  const staging = await Staging.open(outDir);
  try {
    const writer = new PlannedWriter(staging);
    for (const file of files) {
      writer.write(file);
      onFile?.(writer.report.files);
    }
    await staging.commit();
    return writer.report;
  } catch (e) {
    await staging.abort();
    throw e;
  }
}
