// Step: the problems of a run placed (line, column, the source line) and sorted by file, then
// line. Positions are found only now, and only in the files named: a clean build never pays.
import { sortDiagnostics, type Diagnostic } from "../model/diagnostics.js";
import { sourcesOf } from "../load/load-content.js";
import { locateDiagnostics } from "../load/locate.js";
import { readSourceFileSync } from "../load/read-source.js";
import type { BuildContext } from "./context.js";

export function locateProblems(ctx: BuildContext, diagnostics: Diagnostic[]): Diagnostic[] {
  const named = new Set(diagnostics.filter((d) => d.line === undefined).map((d) => d.file));
  if (named.size === 0) return sortDiagnostics(diagnostics);
  const sources = new Map(sourcesOf(ctx.content.value));
  for (const f of ctx.content.eventFiles) {
    if (!named.has(f.file)) continue;
    const read = readSourceFileSync(f.absolute, f.file);
    if (read.source) sources.set(f.file, read.source);
  }
  return sortDiagnostics(locateDiagnostics(diagnostics, sources));
}
