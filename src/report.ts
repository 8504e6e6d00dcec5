// Prints what a command did: diagnostics one a line, then a one-line summary.
import { formatDiagnostic, plural, summarize } from "./diagnostics.js";
import type { BuildResult } from "./build.js";

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function printDiagnostics(result: BuildResult, io: Output): void {
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
}

export function printBuild(result: BuildResult, outArg: string, io: Output): void {
  printDiagnostics(result, io);
  if (!result.ok) {
    io.err(`Build failed: ${summarize(result.diagnostics)}. Nothing was written; ${outArg}/ is as it was. Fix the errors above and run the build again.`);
    return;
  }
  io.out(`Built ${plural(result.events, "event page")} into ${outArg}/: ${plural(result.files, "file")}, ${formatSize(result.bytes)} in ${seconds(result.milliseconds)}${warned(result)}`);
}

/** `, 1 warning (above)`, when a successful run has warnings. */
function warned(result: BuildResult): string {
  const count = result.diagnostics.filter((d) => d.severity === "warning").length;
  return count > 0 ? `, ${plural(count, "warning")} (above)` : "";
}

export function printCheck(result: BuildResult, io: Output): void {
  printDiagnostics(result, io);
  if (!result.ok) {
    io.err(`Check failed: ${summarize(result.diagnostics)}. Fix the errors above and run the check again.`);
    return;
  }
  io.out(`Content is valid: ${plural(result.events, "event page")} would build ${plural(result.files, "file")}, ${formatSize(result.bytes)} (checked in ${seconds(result.milliseconds)}; nothing written)${warned(result)}`);
}
