// Checks one event page against the rest of the catalogue: references that must
// exist, rich text within its allowlist, timestamps in their zones; returns the page with all of it resolved.
import { FULLER_KEYS, type EventSource } from "../content/event.js";
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import { parseTimestamp } from "../runtime/time/parse-timestamp.js";
import { resolveTimestamp } from "../runtime/time/time-zone.js";
import { readRichText } from "./html-safety.js";
import { unknownReference } from "./unknown-reference.js";
import type { ReferenceAt, Site, SiteEvent, SitePerformance, SiteVenue } from "../model/site.js";

export interface Lookups extends Pick<Site, "venues" | "programs" | "genres" | "accessibility" | "images"> {
  catalogueZone: string;
  /** The formats an image placed in rich text may name (catalogue.json's image_formats); null when catalogue.json is broken (already reported). */
  imageFormats: readonly string[] | null;
  /** A schema parsed this many times is compiled (see parse-sources.ts and the options' tuning). */
  compileAfter: number;
  /** Ids whose own entry is broken (already reported): a reference to them is not reported again. */
  broken: Record<"venues" | "programs" | "genres" | "accessibility" | "images", Set<number> | "all">;
  /** The file each kind is kept in, as the content names it (`venues.json` or `venues.yaml`), and the catalogue's settings. */
  files: Record<"venues" | "programs" | "genres" | "accessibility" | "images" | "catalogue", string>;
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
  /** The item an id names; `what` names the reference in the message when the key alone does not (a tag inside a text). */
  const ref = <T>(kind: Kind, refId: number, path: KeyPath, what?: string): T | undefined => {
    const found = (look[kind] as Map<number, T>).get(refId);
    const broken = look.broken[kind];
    if (found === undefined && broken !== "all" && !broken.has(refId)) {
      const defaults = kind === "genres" || kind === "accessibility" ? look.defaults[kind] : false;
      const message = unknownReference(kind, refId, look[kind] as Map<number, unknown>, look.files[kind], defaults);
      diagnostics.push(error(file, path, what ? `has ${what}: ${message}` : message));
    }
    return found;
  };

  const venue = src.venue === undefined ? undefined : ref<SiteVenue>("venues", src.venue, ["venue"]);
  if (src.program != null) ref("programs", src.program, ["program"]);
  src.genre?.forEach((g, i) => ref("genres", g, ["genre", i]));
  src.accessibility?.forEach((a, i) => ref("accessibility", a, ["accessibility", i]));
  if (src.thumbnail) ref("images", src.thumbnail.image, ["thumbnail", "image"]);
  if (src.hero_image != null) ref("images", src.hero_image, ["hero_image"]);

  const references: ReferenceAt[] = [];
  const checkHtml = (html: string, path: KeyPath) => {
    const read = readRichText(html);
    for (const problem of read.problems) diagnostics.push(error(file, path, problem.message));
    for (const reference of read.references) {
      if (reference.kind === "media") continue;
      if (reference.kind === "image") checkImageEmbed(reference, path);
      if (!references.some((r) => r.path === path && r.reference.kind === reference.kind && r.reference.id === reference.id)) references.push({ reference, path });
    }
  };
  const checkImageEmbed = ({ id, format }: { id: number; format: string }, path: KeyPath) => {
    const embed = `an image embed (<embed ... embedtype="image" id="${id}"/>)`;
    ref("images", id, path, embed);
    if (look.imageFormats && !look.imageFormats.includes(format)) {
      const formats = look.imageFormats.map((f) => `"${f}"`).join(", ");
      diagnostics.push(
        error(file, path, `has ${embed} with format=${JSON.stringify(format)}, which is not one of the site's image formats (${formats || "none"}): use one of them, or add it to ${look.files.catalogue}'s image_formats, as the Wagtail site registers its own`),
      );
    }
  };

  const blockIds = new Map<string, number>();
  src.description?.forEach((block, b) => {
    if (!block) return;
    const at: KeyPath = ["description", b];
    if (block.id) {
      const key = block.id.toLowerCase();
      if (blockIds.has(key)) diagnostics.push(error(file, [...at, "id"], `duplicate block id ${block.id}: description[${blockIds.get(key)}] has it too; leave "id" out to have one derived`));
      else blockIds.set(key, b);
    }
    if (block.type === "richtext") checkHtml(block.value.text, [...at, "value", "text"]);
    if (block.type === "image_carousel") block.value.figures.forEach((f, i) => ref("images", f.image, [...at, "value", "figures", i, "image"]));
    if (block.type === "logo_wall") {
      block.value.groups.forEach((g, gi) => g.logos.forEach((l, li) => ref("images", l.logo, [...at, "value", "groups", gi, "logos", li, "logo"])));
    }
  });
  src.additional_information?.forEach((item, i) => checkHtml(item.content, ["additional_information", i, "content"]));

  const when = (key: "first_published_at" | "go_live_at" | "expire_at") => {
    const text = src[key];
    return text == null ? null : checkTimestamp(text, look.catalogueZone, file, [key], diagnostics);
  };
  const publication = { live: src.live !== false, goLiveAt: when("go_live_at"), expireAt: when("expire_at") };
  const firstPublished = when("first_published_at") ?? publication.goLiveAt;
  if (complete && publication.live && src.first_published_at === undefined && src.go_live_at == null) {
    diagnostics.push(
      error(
        file,
        ["first_published_at"],
        `is missing: a published page says when it was first published (such as 2026-05-01T09:00, in the catalogue's time zone); give it, or go_live_at to publish the page from that instant, or "live": false to keep the page a draft`,
      ),
    );
  }
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
  if (!complete || diagnostics.length > before || !venue) return null;

  performances.sort((a, b) => compareInstants(a.start, b.start) || a.source.id - b.source.id);
  const fuller = FULLER_KEYS.some((k) => src[k] !== undefined);
  return { file, source: src as EventSource, slug, firstPublished, publication, performances, fuller, references };
}
