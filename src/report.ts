// Prints what a command did: diagnostics (text with a code frame, or JSON for tools; GitHub
// Actions annotations when asked), then a one-line summary.
import { formatCodeFrame } from "./code-frame.js";
import { formatDiagnostic, formatKeyPath, formatLocation, plural, summarize, type Diagnostic } from "./model/diagnostics.js";
import type { BuildResult } from "./build.js";

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface ReportOptions {
  /** `text` (the default): one line per diagnostic and its code frame on stderr; `json`: one JSON document on stdout. */
  format?: "text" | "json";
  /** Also print each diagnostic as a GitHub Actions workflow command (`::error file=...::`). */
  annotations?: boolean;
  /**
   * Receives the run's problems as a Markdown job summary (GitHub Actions' `$GITHUB_STEP_SUMMARY`):
   * GitHub shows only the first ten annotations of a step, the summary shows every problem.
   */
  stepSummary?: (markdown: string) => void;
  /** Text format: print errors, not warnings (they are still counted in the summary, annotated and in JSON). */
  quiet?: boolean;
}

export const FORMATS = ["text", "json"] as const;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The diagnostic as tools read it; `line` and `column` are null when the problem has no place in a file. */
export function diagnosticToJson(d: Diagnostic) {
  return {
    severity: d.severity,
    file: d.file,
    line: d.line ?? null,
    column: d.column ?? null,
    path: formatKeyPath(d.path),
    keyPath: [...d.path],
    message: d.message,
  };
}

// Workflow-command escaping, as @actions/core does it: data escapes %, CR, LF; properties also : and ,.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** `::error file=content/events/x.json,line=5,col=3,title=on_sale::must be true or false...` */
export function formatAnnotation(d: Diagnostic): string {
  const props = [`file=${escapeProperty(d.file)}`];
  if (d.line !== undefined) props.push(`line=${d.line}`);
  if (d.column !== undefined) props.push(`col=${d.column}`);
  if (d.path.length > 0) props.push(`title=${escapeProperty(formatKeyPath(d.path))}`);
  return `::${d.severity} ${props.join(",")}::${escapeData(d.message)}`;
}

/** A failure with no file (the output could not be written): `::error::message`. */
export function formatFailureAnnotation(message: string): string {
  return `::error::${escapeData(message)}`;
}

/** A Markdown table cell: one line, no pipe or markup of its own. */
const cell = (s: string) => s.replace(/[\r\n]+/g, " ").replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);

/** GitHub refuses a job summary over 1 MiB: the table stops short of it, saying how many rows it left out. */
const STEP_SUMMARY_BYTES = 1000 * 1000;

/** The job summary: the summary line, then every problem in a table (file, place, key, message). */
export function formatStepSummary(diagnostics: readonly Diagnostic[], summary: string): string {
  const lines = [`### build-catalogue`, "", cell(summary), ""];
  if (diagnostics.length > 0) lines.push("| | file | key | problem |", "|---|---|---|---|");
  let bytes = lines.join("\n").length;
  for (const [i, d] of diagnostics.entries()) {
    const row = `| ${d.severity === "error" ? "error" : "warning"} | ${cell(formatLocation(d))} | ${cell(formatKeyPath(d.path))} | ${cell(d.message)} |`;
    if (bytes + row.length > STEP_SUMMARY_BYTES) {
      lines.push("", `${diagnostics.length - i} more problems are not shown here: see the step's log.`);
      break;
    }
    bytes += row.length + 1;
    lines.push(row);
  }
  return `${lines.join("\n")}\n`;
}

function printDiagnostics(result: BuildResult, summary: string, io: Output, options: ReportOptions): void {
  if (options.format === "json") {
    io.out(JSON.stringify({ ok: result.ok, summary, diagnostics: result.diagnostics.map(diagnosticToJson) }, null, 2));
  } else {
    // A few hundred lines a write: a catalogue with thousands of warnings spent long in one
    // write per line (three lines a warning).
    let lines: string[] = [];
    for (const d of result.diagnostics) {
      if (options.quiet && d.severity === "warning") continue;
      lines.push(formatDiagnostic(d), ...formatCodeFrame(d));
      if (lines.length >= 512) {
        io.err(lines.join("\n"));
        lines = [];
      }
    }
    if (lines.length > 0) io.err(lines.join("\n"));
  }
  // In JSON mode stdout holds the document alone; GitHub reads workflow commands from either stream.
  const annotate = options.format === "json" ? io.err : io.out;
  if (options.annotations) for (const d of result.diagnostics) annotate(formatAnnotation(d));
  options.stepSummary?.(formatStepSummary(result.diagnostics, summary));
}

/** `, 2 warnings` after a summary, or nothing. */
function warningCount(result: BuildResult, options: ReportOptions): string {
  const n = result.diagnostics.filter((d) => d.severity === "warning").length;
  return n > 0 ? `, ${plural(n, "warning")}${options.quiet && options.format !== "json" ? " (not shown: --quiet)" : ""}` : "";
}

const STRICT = "--strict makes warnings fail";

function printSummary(result: BuildResult, summary: string, io: Output, options: ReportOptions): void {
  printDiagnostics(result, summary, io, options);
  if (result.ok && options.format !== "json") io.out(summary);
  else io.err(summary);
}

export function printBuild(result: BuildResult, outArg: string, io: Output, options: ReportOptions = {}): void {
  const summary = result.failedOnWarnings
    ? `Build failed: ${summarize(result.diagnostics)}, and ${STRICT} the build. Nothing was written; ${outArg}/ is as it was. Fix the warnings above (or build without --strict) and run the build again.`
    : result.ok
      ? `Built ${plural(result.events, "event page")} into ${outArg}/: ${plural(result.files, "file")}, ${formatSize(result.bytes)} in ${seconds(result.milliseconds)}${warningCount(result, options)}`
      : `Build failed: ${summarize(result.diagnostics)}. Nothing was written; ${outArg}/ is as it was. Fix the errors above and run the build again.`;
  printSummary(result, summary, io, options);
}

export function printCheck(result: BuildResult, io: Output, options: ReportOptions = {}): void {
  const summary = result.failedOnWarnings
    ? `Check failed: ${summarize(result.diagnostics)}, and ${STRICT} the check. Fix the warnings above (or check without --strict) and run the check again.`
    : result.ok
      ? `Content is valid: ${plural(result.events, "event page")} would build ${plural(result.files, "file")}, ${formatSize(result.bytes)} (checked in ${seconds(result.milliseconds)}; nothing written)${warningCount(result, options)}`
      : `Check failed: ${summarize(result.diagnostics)}. Fix the errors above and run the check again.`;
  printSummary(result, summary, io, options);
}

/**
 * `check --next-change`: the instant alone on stdout (nothing when no change is coming). A scheduler
 * runs it often: warnings are not its business; errors (exit 1) are printed on stderr.
 */
export function printNextChange(result: BuildResult, io: Output, options: ReportOptions = {}): void {
  if (!result.ok) {
    printCheck(result, io, { ...options, quiet: true });
    return;
  }
  if (result.nextChange) io.out(result.nextChange.at);
}
