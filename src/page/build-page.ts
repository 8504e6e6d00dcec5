// One event page from its text to its documents: parse, check, enrich, serialize, check the
// document against its response schema; the files are left in the record for the thread that
// writes the output (page-record.ts has the reading, the reuse and the writing). Runs on the main
// thread or in a worker (see page-threads.ts); no thread ever holds more than the page in hand.
import { eventDetailSchema, fullerEventDetailSchema } from "../api/schemas.js";
import { checked, schemaName } from "../api/self-check.js";
import { eventDetail, imagesOf, summarize } from "../enrich/event-page.js";
import { renderBrowsable } from "../io/browsable-page.js";
import { EVENT_PAGES_NAME, PAGES_NAME } from "../runtime/bodies.js";
import { parseSource } from "../load/read-source.js";
import { locateDiagnostics } from "../load/locate.js";
import { compareInstants } from "../runtime/time/instant.js";
import type { SourceFile } from "../load/source-names.js";
import { checkEventSource } from "../validate/event-source.js";
import { pageWarnings, publicationWarnings } from "../validate/warnings.js";
import { justBefore, statusAt, type PageStatus } from "../enrich/publication.js";
import type { PublishedEvent, SiteEvent, UnpublishedPage } from "../model/site.js";
import { serialize } from "../runtime/serialize.js";
import type { DetailCheck, PageOutput, PageRecord, PageText } from "../model/page.js";
import { eventPagesFile, pageRecord, pagesFile, readPage, type PageJob, type PageSource } from "./page-record.js";

export { eventPagesFile, pagesFile, type PageJob, type PageRecord, type PageSource } from "./page-record.js";

/**
 * Builds the page; its files are left in the record (`outputs`) when `writing`, for the thread
 * that owns the output folder: two threads making entries in one folder wait on each other.
 */
/** A page's file larger than this is noted in its record (a host's limit on file size is tens of MiB). */
const LARGE_FILE = 1024 * 1024;

export function buildPage(job: PageJob, source: PageSource, writing: boolean, ahead?: PageText): PageRecord {
  const read = readPage(job, source, writing, ahead);
  return "record" in read ? read.record : buildFromText(job, source, read, writing);
}

/** The rest of buildPage, once the file is read and not reused. */
export function buildFromText(job: PageJob, source: PageSource, file: PageText, writing: boolean): PageRecord {
  const { hash } = file;
  const read = parseSource(file.text, source.file);
  if (!read.source) return pageRecord(source.file, read.diagnostics);
  const check = checkEventSource(source.file, read.source.data, job.look, read.source.text);
  const record: PageRecord = { ...pageRecord(source.file, [...read.diagnostics, ...check.diagnostics]), keys: check.keys, placeholders: check.placeholders };
  const { settings, now } = job;
  if (!check.event || !settings || !now || read.diagnostics.length > 0) return located(record, read.source);
  const zone = settings.catalogue.time_zone;
  const status = statusAt(check.event.publication, now);
  record.warnings = publicationWarnings(check.event, now, zone);
  if (status.kind !== "live" || !check.event.firstPublished) {
    record.unpublished = unpublishedPage(check.event, status);
    return located(record, read.source);
  }
  const event = check.event as PublishedEvent;
  record.warnings.push(...pageWarnings(event, now, zone));
  const id = event.source.id;
  const what = `detail of event page ${id} (${event.file})`;
  const schema = event.fuller ? fullerEventDetailSchema : eventDetailSchema;
  const detail = eventDetail(settings, event, now);
  // Checked here, or by the thread that writes it (PageJob.checkWhenWritten).
  const toCheck: DetailCheck | undefined = writing && job.checkWhenWritten ? { schema: schemaName(schema), what } : undefined;
  const json = toCheck ? serialize(detail) : checked(schema, detail, what);
  if (hash) record.hash = hash;
  const outputs: PageOutput[] = [];
  if (writing) record.outputs = outputs;
  // Text, encoded by the thread that writes it (a string crosses threads in one copy, and dies young there).
  const out = (rel: string, text: string, size = Buffer.byteLength(text, "utf8"), sameAs?: string, check?: DetailCheck) => {
    if (writing) outputs.push(sameAs ? { rel, data: text, sameAs } : check ? { rel, data: text, check } : { rel, data: text });
    record.files++;
    record.bytes += size;
    // Only a file of some size can pass a host's limit on file size (see host/limits.ts).
    if (size > LARGE_FILE && size > (record.largest?.bytes ?? 0)) record.largest = { path: rel, bytes: size };
  };
  // The detail's two names have one size: a 10 KB text is measured once.
  const size = Buffer.byteLength(json, "utf8");
  if (job.eventPagesRoute) {
    out(eventPagesFile(id), json, size, undefined, toCheck);
    out(pagesFile(id), json, size, eventPagesFile(id));
  } else out(pagesFile(id), json, size, undefined, toCheck);
  if (job.browsableHeaders) {
    const html = (name: string, prefix: string) =>
      renderBrowsable({ method: "GET", requestPath: `${prefix}${id}/?format=api`, status: 200, name, collectionPath: prefix, headers: job.browsableHeaders!, json });
    if (job.eventPagesRoute) out(`api/v2/event_pages/${id}/index.api.html`, html(EVENT_PAGES_NAME, "/api/v2/event_pages/"));
    out(`api/v2/pages/${id}/index.api.html`, html(PAGES_NAME, "/api/v2/pages/"));
  }
  record.page = summarize(settings, event, now, status.expiresAt);
  if (hash) {
    record.sourceStat = file.stat ?? null;
    record.builtAt = now;
    const nextStart = event.performances.find((p) => compareInstants(p.start, now) >= 0)?.start ?? null;
    const lastLive = status.expiresAt && justBefore(status.expiresAt);
    record.sameUntil = nextStart && lastLive ? (compareInstants(nextStart, lastLive) < 0 ? nextStart : lastLive) : (nextStart ?? lastLive);
  }
  return located(record, read.source);
}

/** What the build keeps of a valid page the API leaves out at now (for the clock and the warnings on links to it). */
function unpublishedPage(event: SiteEvent, status: PageStatus): UnpublishedPage {
  const { file, slug } = event;
  const base = { file, id: event.source.id, slug, images: imagesOf(event) };
  const { expireAt } = event.publication;
  if (status.kind === "scheduled") {
    // Expiring at or before its go-live, it never goes live (a warning says so): no change is coming.
    if (expireAt && compareInstants(expireAt, status.goLiveAt) <= 0) return { ...base, status: "expired", at: expireAt };
    return { ...base, status: "scheduled", at: status.goLiveAt };
  }
  return { ...base, status: status.kind === "expired" ? "expired" : "draft", at: status.kind === "expired" ? status.expiredAt : null };
}

/** Positions found while the file's text is in hand (only for a page with something to report). */
function located(record: PageRecord, source: SourceFile): PageRecord {
  if (record.diagnostics.length === 0 && record.warnings.length === 0) return record;
  const sources = new Map([[source.file, source]]);
  record.diagnostics = locateDiagnostics(record.diagnostics, sources);
  record.warnings = locateDiagnostics(record.warnings, sources);
  record.placeholders = locateDiagnostics(record.placeholders, sources);
  return record;
}
