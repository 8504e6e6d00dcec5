// Checks one event page against the rest of the catalogue: references that must
// exist, rich text within its allowlist, timestamps in their zones; returns the page with all of it resolved.
import { FULLER_KEYS, type EventSource } from "../content/event.js";
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import { parseTimestamp } from "../runtime/time/parse-timestamp.js";
import { resolveTimestamp } from "../runtime/time/time-zone.js";
import { checkRichText } from "./html-safety.js";
import { unknownReference } from "./unknown-reference.js";
import type { Site, SiteEvent, SitePerformance, SiteVenue } from "../model/site.js";

export interface Lookups extends Pick<Site, "venues" | "programs" | "genres" | "accessibility" | "images"> {
  catalogueZone: string;
  /** A schema parsed this many times is compiled (see parse-sources.ts and the options' tuning). */
  compileAfter: number;
  /** Ids whose own entry is broken (already reported): a reference to them is not reported again. */
  broken: Record<"venues" | "programs" | "genres" | "accessibility" | "images", Set<number> | "all">;
  /** The file each kind is kept in, as the content names it (`venues.json` or `venues.yaml`). */
  files: Record<"venues" | "programs" | "genres" | "accessibility" | "images", string>;
  /** The lists that are the defaults, the site having no file of its own for them. */
  defaults: Record<"genres" | "accessibility", boolean>;
}

type Kind = keyof Lookups["broken"];

/** Resolves a timestamp text in a zone, reporting why it names no single instant. */
export function checkTimestamp(text: string, zone: string, file: string, path: KeyPath, diagnostics: Diagnostic[]): Instant | null {
  const parsed = parseTimestamp(text);
  if (!parsed.ok) {
    diagnostics.push(error(file, path, parsed.reason));
    return null;
  }
  const resolved = resolveTimestamp(parsed.value, zone);
  if (!resolved.ok) {
    diagnostics.push(error(file, path, resolved.reason));
    return null;
  }
  return resolved.instant;
}

/** An event page as far as it fits its schema (see lenientEventSchema). */
export type PartialEvent = Partial<EventSource>;

/**
 * Checks the page; returns it resolved when it is complete (it passed its schema) and every
 * check passed. A partial page is checked as far as it goes, so one run reports every error.
 */
export function checkEvent(
  file: string,
  src: PartialEvent,
  complete: boolean,
  slug: string,
  look: Lookups,
  diagnostics: Diagnostic[],
): SiteEvent | null {
  const before = diagnostics.length;
  const ref = <T>(kind: Kind, refId: number, path: KeyPath): T | undefined => {
    const found = (look[kind] as Map<number, T>).get(refId);
    const broken = look.broken[kind];
    if (found === undefined && broken !== "all" && !broken.has(refId)) {
      const defaults = kind === "genres" || kind === "accessibility" ? look.defaults[kind] : false;
      diagnostics.push(error(file, path, unknownReference(kind, refId, look[kind] as Map<number, unknown>, look.files[kind], defaults)));
    }
    return found;
  };

  const venue = src.venue === undefined ? undefined : ref<SiteVenue>("venues", src.venue, ["venue"]);
  if (src.program != null) ref("programs", src.program, ["program"]);
  src.genre?.forEach((g, i) => ref("genres", g, ["genre", i]));
  src.accessibility?.forEach((a, i) => ref("accessibility", a, ["accessibility", i]));
  if (src.thumbnail) ref("images", src.thumbnail.image, ["thumbnail", "image"]);
  if (src.hero_image != null) ref("images", src.hero_image, ["hero_image"]);

  const blockIds = new Map<string, number>();
  src.description?.forEach((block, b) => {
    if (!block) return;
    const at: KeyPath = ["description", b];
    if (block.id) {
      const key = block.id.toLowerCase();
      if (blockIds.has(key)) diagnostics.push(error(file, [...at, "id"], `duplicate block id ${block.id}: description[${blockIds.get(key)}] has it too; leave "id" out to have one derived`));
      else blockIds.set(key, b);
    }
    if (block.type === "richtext") checkHtml(block.value.text, file, [...at, "value", "text"], diagnostics);
    if (block.type === "image_carousel") block.value.figures.forEach((f, i) => ref("images", f.image, [...at, "value", "figures", i, "image"]));
    if (block.type === "logo_wall") {
      block.value.groups.forEach((g, gi) => g.logos.forEach((l, li) => ref("images", l.logo, [...at, "value", "groups", gi, "logos", li, "logo"])));
    }
  });
  src.additional_information?.forEach((item, i) => checkHtml(item.content, file, ["additional_information", i, "content"], diagnostics));

  const firstPublished =
    src.first_published_at === undefined ? null : checkTimestamp(src.first_published_at, look.catalogueZone, file, ["first_published_at"], diagnostics);
  const performances: SitePerformance[] = [];
  src.performances?.forEach((p, i) => {
    if (!p) return;
    const pVenue = p.venue === undefined ? venue : ref<SiteVenue>("venues", p.venue, ["performances", i, "venue"]);
    const at: KeyPath = ["performances", i, "datetime"];
    if (pVenue) {
      const start = checkTimestamp(p.datetime, pVenue.zone, file, at, diagnostics);
      if (start) performances.push({ source: p, venue: pVenue, start });
      return;
    }
    // The venue is unknown (reported above), and its date is checked all the same, so one run
    // reports both: its form, and the wall time in the catalogue's zone, every venue's default.
    const parsed = parseTimestamp(p.datetime);
    if (!parsed.ok) {
      diagnostics.push(error(file, at, parsed.reason));
      return;
    }
    const resolved = resolveTimestamp(parsed.value, look.catalogueZone);
    if (!resolved.ok) diagnostics.push(error(file, at, `${resolved.reason} (checked in the catalogue's time zone, since the venue is unknown)`));
  });
  if (!complete || diagnostics.length > before || !venue || !firstPublished) return null;

  performances.sort((a, b) => compareInstants(a.start, b.start) || a.source.id - b.source.id);
  const fuller = FULLER_KEYS.some((k) => src[k] !== undefined);
  return { file, source: src as EventSource, slug, firstPublished, performances, fuller };
}

function checkHtml(html: string, file: string, path: KeyPath, diagnostics: Diagnostic[]): void {
  for (const problem of checkRichText(html)) diagnostics.push(error(file, path, problem.message));
}
