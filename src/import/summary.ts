// The words of an import: what was read, what was written, the notes, and the proof's verdict
// (`90 of 90 event pages, the list, the parent and the home page identical`) or its differences.
import { plural } from "../model/diagnostics.js";
import type { ImportResult } from "./import-catalogue.js";
import { nextSteps } from "./next-steps.js";

/** The instant the proof built at, as `--now` takes it. */
const nowText = (now: Date | string) => (now instanceof Date ? now.toISOString() : now);

const megabytes = (bytes: number) => (bytes >= 100_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} kB`);

function retries(r: ImportResult["client"]["retried"]): string {
  const parts = [
    r.tooManyRequests && `${r.tooManyRequests} after 429 Too Many Requests`,
    r.serverError && `${r.serverError} after a server error`,
    r.network && `${r.network} after a network error`,
    r.timeout && `${r.timeout} after a timeout`,
  ].filter(Boolean);
  return parts.length ? `; retried ${parts.join(", ")}` : "";
}

/** `90 of 90 event pages, the list, the parent and the home page`, then `identical` or what differs. */
export function verdict(result: ImportResult): string {
  const p = result.proof;
  const others: [string, boolean | null][] = [["the list", p.list], ["the parent", p.parent], ["the home page", p.home]];
  const present = others.filter(([, ok]) => ok !== null) as [string, boolean][];
  const join = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);
  if (result.identical) return `${p.identicalEvents} of ${p.events} event pages, ${join(present.map(([n]) => n))} identical`;
  const same = present.filter(([, ok]) => ok).map(([n]) => n);
  const differ = present.filter(([, ok]) => !ok).map(([n]) => n);
  return (
    `${p.identicalEvents} of ${p.events} event pages identical` +
    (same.length ? `; ${join(same)} identical` : "") +
    (differ.length ? `; ${join(differ)} differ${differ.length === 1 ? "s" : ""}` : "")
  );
}

export function describeImport(result: ImportResult, maxDifferences = 40): { out: string[]; differences: string[] } {
  const r = result.read;
  const c = result.client;
  const pageSize = Math.min(r.pageSize, r.events);
  const out = [
    `Read ${result.source}/api/v2/ in ${(result.milliseconds / 1000).toFixed(1)} s: ${plural(r.events, "event page")} (the list in ${plural(r.listRequests, "request")} of up to ${pageSize}, ` +
      `each detail on both routes)${r.parent !== null ? `, the parent page ${r.parent}` : ""}${r.home !== null ? `, the home page ${r.home}` : ""}` +
      `${r.imagesEndpoint ? ", the images the pages use" : " (no images endpoint)"}; ${plural(c.requests, "request")}, ${megabytes(c.bytes)}${retries(c.retried)}`,
    `Wrote ${result.content}/: ${plural(result.written.events, "event page")}, ${plural(result.written.venues, "venue")}, ${plural(result.written.programs, "program")}, ${plural(result.written.images, "image")}` +
      (r.originals ? `, ${plural(r.originals.saved, "original")} (${megabytes(r.originals.bytes)}) in ${result.content}/images/` : ""),
  ];
  if (result.notes.length) out.push("Notes:", ...result.notes.map((n) => `  - ${n}`));
  const now = nowText(result.now);
  out.push(
    `Built the imported content at --now ${now} and compared every document read with the build` +
      (result.proof.warnings ? ` (the build has ${plural(result.proof.warnings, "warning")}: build-catalogue check --content ${result.content} --now ${now} shows them)` : ""),
  );
  const differences: string[] = [];
  for (const d of result.proof.differing) for (const x of d.differences) differences.push(`${d.document}: ${x.path ? `${x.path}: ` : ""}${x.message}`);
  const shown = differences.slice(0, maxDifferences);
  if (differences.length > maxDifferences) shown.push(`... and ${differences.length - maxDifferences} more differences`);
  return { out, differences: shown };
}

/** The last lines, after the verdict: the URLs to check before deploying, then what to do next. */
export function closingLines(result: ImportResult): string[] {
  const clock = result.proof.clock && { fit: result.proof.clock, source: result.source, now: nowText(result.now) };
  return [...result.urlNotes.map((n) => `Check before deploying: ${n}`), ...nextSteps(result.content, result.identical, clock)];
}
