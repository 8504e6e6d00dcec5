// The check before a save, in the browser (the deployed admin has no server to ask; edit's server
// checks again, the whole catalogue, save-check.ts): the event page as it will be written, checked
// by the build's own code for one page (its schema, its references to venues, programs, genres,
// accessibility values and images, its timestamps in their zones, its rich text), worded as the
// build words it, and its ids and ticketing codes against every event page the admin has read.
// Without the settings to resolve references in (settings-read.ts), the page's schema alone. A
// save that fails is stopped before anything is written, each problem under its field.
import { eventSchema } from "../../content/event.js";
import type { Diagnostic } from "../../model/diagnostics.js";
import type { Lookups } from "../../validate/check-event.js";
import { checkEventSource } from "../../validate/event-source.js";
import { allowedKeysAt } from "../../validate/schema-keys.js";
import { issueToDiagnostics } from "../../validate/zod-messages.js";

/** What must be unique across event pages, as one page read by the admin has it. */
interface PageKeys {
  title: string;
  id: unknown;
  performances: { id: unknown; code: unknown }[];
}

/** Every event page the admin has read, by the text it was read from (an entry's own text names its record), with its value. */
const read = new Map<string, PageKeys & { value: Record<string, unknown> }>();
/** The texts a file has had in this page (read, then each save): all of them are that page itself. */
const textsOf = new Map<string, Set<string>>();

const keysOf = (value: Record<string, unknown>): PageKeys => ({
  title: typeof value.title === "string" ? value.title : "(untitled)",
  id: value.id,
  performances: (Array.isArray(value.performances) ? value.performances : []).map((p: Record<string, unknown> | null) => ({ id: p?.id, code: p?.ticketing_code })),
});

/** Notes an event page as read (the format's fromFile). */
export function noteRead(text: string, value: Record<string, unknown>): void {
  read.set(text, { ...keysOf(value), value });
}

/** The values of the event pages the admin has read, each as last read or saved (for the ids a new entry is proposed: next-id-widget.ts). */
export const pagesRead = (): Record<string, unknown>[] => [...read.values()].map((page) => page.value);

/** A page saved at `path`: from the text it was read from (`ownText`, null when new) to `text`, whose keys alone count now. */
export function noteSaved(path: string, ownText: string | null, text: string, value: Record<string, unknown>): void {
  const texts = textsOf.get(path) ?? new Set<string>();
  if (ownText !== null) texts.add(ownText);
  for (const old of texts) read.delete(old);
  texts.add(text);
  textsOf.set(path, texts);
  read.set(text, { ...keysOf(value), value });
}

export interface EntryProblem {
  /** Dotted key path ("" for the page as a whole). */
  key: string;
  message: string;
}

/** A new page's file, for the check: its name a slug (Decap names it so), its own `slug` key first. */
const NEW_PAGE = "events/new-page.json";

/** The errors of the page alone: the build's check of one page in `look`, or its schema's without. */
function pageErrors(value: unknown, path: string, look: Lookups | null): Diagnostic[] {
  if (look) return checkEventSource(path || NEW_PAGE, value, look).diagnostics.filter((d) => d.severity === "error");
  const parsed = eventSchema.safeParse(value, { reportInput: true });
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => issueToDiagnostics("", issue, (p) => allowedKeysAt(eventSchema, value, p)));
}

/**
 * The problems of an event page about to be written as `value` at `path` ("" when new); `ownText`
 * is the text the entry was read from (null for a new one): its record is the page itself. `look`
 * holds the settings its references resolve in (null: they are not checked here).
 */
export function checkEntry(value: unknown, path: string, ownText: string | null, look: Lookups | null = null): EntryProblem[] {
  const problems: EntryProblem[] = pageErrors(value, path, look).map((d) => ({ key: d.path.map(String).join("."), message: d.message }));
  if (value === null || typeof value !== "object" || Array.isArray(value)) return problems;
  const mine = keysOf(value as Record<string, unknown>);
  const own = textsOf.get(path) ?? new Set<string>();
  const others = [...read].filter(([text]) => text !== ownText && !own.has(text)).map(([, keys]) => keys);
  const taken = (what: string, key: string, wanted: unknown, holder: (k: PageKeys) => unknown[]) => {
    if (wanted === undefined || wanted === null) return;
    const other = others.find((k) => holder(k).includes(wanted));
    if (other) problems.push({ key, message: `duplicate ${what} ${String(wanted)}: also used by "${other.title}"; each ${what} must be unique` });
  };
  taken("page id", "id", mine.id, (k) => [k.id]);
  mine.performances.forEach((p, i) => {
    taken("performance id", `performances.${i}.id`, p.id, (k) => k.performances.map((q) => q.id));
    taken("performance ticketing code", `performances.${i}.ticketing_code`, p.code, (k) => k.performances.map((q) => q.code));
  });
  return problems;
}
