// What the preview answers while the content has errors: the errors themselves, never stale data.
import { formatCodeFrame } from "../code-frame.js";
import { formatDiagnostic, summarize, type Diagnostic } from "../model/diagnostics.js";
import { escapeHtml } from "../io/browsable-page.js";
import { serialize } from "../runtime/serialize.js";
import type { PreviewAnswer } from "./respond.js";

export function buildErrorAnswer(diagnostics: readonly Diagnostic[], message: string | null, accept: string | undefined): PreviewAnswer {
  const failed = diagnostics.filter((d) => d.severity === "error");
  const errors = failed.map(formatDiagnostic);
  const lines = message ? [message, ...errors] : errors;
  // The page shows each error with its code frame, as the terminal does.
  const shown = [...(message ? [message] : []), ...failed.map((d) => [formatDiagnostic(d), ...formatCodeFrame(d)].join("\n"))];
  const title = `Build failed: ${message ? "the build could not finish" : summarize(diagnostics)}`;
  if ((accept ?? "").includes("text/html")) {
    const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#333}
h1{color:#b00020;font-size:22px}li{font-family:Menlo,Consolas,monospace;margin:6px 0;white-space:pre-wrap}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>The preview shows no data until the content builds again. Fix these and save: the page reloads with the next build.</p>
<ul>${shown.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul></body></html>`;
    return { status: 500, headers: [["Content-Type", "text/html; charset=utf-8"], ["Cache-Control", "no-store"]], body: Buffer.from(html, "utf8") };
  }
  return {
    status: 500,
    headers: [["Content-Type", "application/json"], ["Cache-Control", "no-store"]],
    body: Buffer.from(serialize({ message: title, errors: lines }), "utf8"),
  };
}
