// The proof's differences when the API's server keeps another time than this machine: documents
// that differ only in is_past and in_past values, and the instants the API's flags fit (after the
// latest start it calls past, up to the earliest it does not), at which a build answers the same.
import { serialize } from "../runtime/serialize.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import { parseTimestamp } from "../runtime/time/parse-timestamp.js";
import { resolveTimestamp } from "../runtime/time/time-zone.js";

const FLAGS = new Set(["is_past", "in_past"]);

/** Gives `to` the flags of `from` wherever both have one at the same place. */
function copyFlags(from: unknown, to: unknown): void {
  if (Array.isArray(from) && Array.isArray(to)) {
    for (let i = 0; i < Math.min(from.length, to.length); i++) copyFlags(from[i], to[i]);
  } else if (from && to && typeof from === "object" && typeof to === "object") {
    const f = from as Record<string, unknown>;
    const t = to as Record<string, unknown>;
    for (const key of Object.keys(t)) {
      if (!(key in f)) continue;
      if (FLAGS.has(key) && typeof f[key] === "boolean" && typeof t[key] === "boolean") t[key] = f[key];
      else copyFlags(f[key], t[key]);
    }
  }
}

/** Whether the built document, given the read one's is_past and in_past values, is the very bytes read. */
export function onlyFlagsDiffer(readText: string, builtText: string): boolean {
  try {
    const built = JSON.parse(builtText) as unknown;
    copyFlags(JSON.parse(readText), built);
    return serialize(built) === readText;
  } catch {
    return false;
  }
}

/** The instants a build answers the API's flags at: after `after` (when some start is past) and up to `upTo` (when some is not). */
export interface FlagsFit {
  /** The latest start the API calls past, as it wrote it; null when it calls none past. */
  after: string | null;
  /** The earliest start it does not call past, as written; null when it calls every one past. */
  upTo: string | null;
  /** An instant in between, for `--now`: `upTo` itself (not yet past at its own start), else a second after `after`. */
  now: string;
}

interface DetailFlags {
  in_past?: unknown;
  performances?: { datetime?: unknown; is_past?: unknown }[];
}

/** The instants every event detail's flags fit, or null when no instant fits them all (or a detail cannot be read so). */
export function flagsFit(detailTexts: Iterable<string>): FlagsFit | null {
  let after: { at: Instant; text: string } | null = null;
  let upTo: { at: Instant; text: string } | null = null;
  for (const text of detailTexts) {
    let detail: DetailFlags;
    try {
      detail = JSON.parse(text) as DetailFlags;
    } catch {
      return null;
    }
    const performances = Array.isArray(detail.performances) ? detail.performances : [];
    // in_past is the page's performances all past (and one at least): any other in_past no clock explains.
    if (detail.in_past !== (performances.length > 0 && performances.every((p) => p.is_past === true))) return null;
    for (const p of performances) {
      const at = typeof p.datetime === "string" ? instantOf(p.datetime) : null;
      if (!at || typeof p.is_past !== "boolean") return null;
      if (p.is_past && (!after || compareInstants(at, after.at) > 0)) after = { at, text: p.datetime as string };
      if (!p.is_past && (!upTo || compareInstants(at, upTo.at) < 0)) upTo = { at, text: p.datetime as string };
    }
  }
  if (!after && !upTo) return null;
  if (after && upTo && compareInstants(after.at, upTo.at) >= 0) return null;
  const now = upTo ? upTo.at : { epochMs: after!.at.epochMs + 1000, micro: 0 };
  return { after: after?.text ?? null, upTo: upTo?.text ?? null, now: utc(now) };
}

/** A timestamp the API wrote (with its offset) as an instant. */
function instantOf(text: string): Instant | null {
  const parsed = parseTimestamp(text);
  if (!parsed.ok || parsed.value.offsetSeconds === null) return null;
  const resolved = resolveTimestamp(parsed.value, "UTC");
  return resolved.ok ? resolved.instant : null;
}

/** `2026-06-06T09:30:00Z`, with microseconds when there are any. */
function utc(instant: Instant): string {
  const text = new Date(instant.epochMs).toISOString().slice(0, 19);
  return `${text}${instant.micro ? `.${String(instant.micro).padStart(6, "0")}` : ""}Z`;
}
