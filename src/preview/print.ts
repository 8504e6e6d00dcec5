// What the preview prints after each build: the problems as `build` prints them (a line and its
// code frame each, on stderr), then one summary line; and the hosts it refuses.
import { formatCodeFrame } from "../code-frame.js";
import { formatDiagnostic, plural, summarize, type Diagnostic } from "../model/diagnostics.js";
import type { Output } from "../report.js";
import type { BuildOutcome } from "./server.js";

function printProblems(diagnostics: readonly Diagnostic[], io: Output): void {
  // One write for them all: a catalogue can have thousands of warnings.
  const lines = diagnostics.flatMap((d) => [formatDiagnostic(d), ...formatCodeFrame(d)]);
  if (lines.length > 0) io.err(lines.join("\n"));
}

/** What the preview says while the content has errors; `edit` keeps answering its last good build and says so. */
const SHOWS_ERRORS = "The preview shows these errors until the content builds again.";

/** The one line that sums a build up, as the terminal prints it: what was built, or why it failed and what is answered meanwhile. */
export function buildSummaryLine(outcome: BuildOutcome, whileFailing = SHOWS_ERRORS): string {
  if (outcome.ok) {
    const reused = outcome.reused > 0 ? `, ${outcome.reused} of them unchanged and reused` : "";
    const warnings = outcome.diagnostics.length > 0 ? `, ${plural(outcome.diagnostics.length, "warning")}` : "";
    return `Built ${plural(outcome.events, "event page")} in ${(outcome.milliseconds / 1000).toFixed(2)} s${reused}${warnings}`;
  }
  return `Build failed: ${outcome.message ?? summarize(outcome.diagnostics)}. ${whileFailing}`;
}

export function printPreviewBuild(outcome: BuildOutcome, io: Output, whileFailing = SHOWS_ERRORS): void {
  printProblems(outcome.diagnostics, io);
  const line = buildSummaryLine(outcome, whileFailing);
  if (outcome.ok) io.out(line);
  else io.err(line);
}

/** Text a client sent, quoted for a terminal: anything but printable ASCII escaped, so no control sequence reaches it. */
export function quoted(text: string): string {
  return printable(JSON.stringify(text));
}

/** Text for a terminal: anything but printable ASCII escaped (as \u001b), so no control sequence reaches it. */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The line for a request refused for its host. */
export function refusedHostNotice(host: string | undefined, preview: { url: string; baseUrl: string }): string {
  const port = new URL(preview.url).port || "80";
  const base = new URL(preview.baseUrl).host;
  const also = base === new URL(preview.url).host ? "" : ` and at ${base}`;
  const named = host === undefined ? "a request without a Host" : `a request for the host ${quoted(host)}`;
  return `The preview refused ${named} (421): it answers only at ${preview.url}/ (or localhost:${port}, [::1]:${port})${also}. ` +
    "If a development proxy sent it, start the preview with --base-url naming the address the proxy serves.";
}
