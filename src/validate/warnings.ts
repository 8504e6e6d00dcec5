// Warnings: what the content may say but most likely does not mean (on sale with nothing left to
// sell, empty alt text, a date years away, an image nobody uses). They need the build's now: a
// page's own are found as it is built, those across pages on the validated Site. They never fail
// a build unless --strict asks them to.
import { warning, type Diagnostic, type KeyPath } from "../model/diagnostics.js";
import { isoformat } from "../runtime/time/format-dates.js";
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { PageSummary, SiteEvent, SiteSettings, UnpublishedPage } from "../model/site.js";

/** A performance further than this from now is probably a typo in its year. */
export const FAR_FUTURE_YEARS = 3;

/** The same instant this many calendar years later (29 February becomes 1 March). */
function yearsLater(instant: Instant, years: number): Instant {
  const d = new Date(instant.epochMs);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return { epochMs: d.getTime(), micro: instant.micro };
}

function onSaleWarnings(event: SiteEvent, now: Instant, zone: string, out: Diagnostic[]): void {
  if (!event.source.on_sale) return;
  const count = event.performances.length;
  if (count === 0) {
    out.push(warning(event.file, ["on_sale"], `is true but the page has no performances, so there is nothing to buy; set "on_sale": false until performances are added, or add them`));
    return;
  }
  if (event.performances.every((p) => compareInstants(p.start, now) < 0)) {
    const last = event.performances[count - 1]!;
    const when = `${count === 1 ? "at" : "the last at"} ${isoformat(last.start, last.venue.zone)}; now is ${isoformat({ epochMs: now.epochMs, micro: 0 }, zone)}`;
    const which = count === 1 ? "its only performance" : `all ${count} performances`;
    out.push(warning(event.file, ["on_sale"], `is true but ${which} started before now (${when}); set "on_sale": false, or add the new performances`));
  }
}

function farFutureWarnings(event: SiteEvent, now: Instant, zone: string, out: Diagnostic[]): void {
  const limit = yearsLater(now, FAR_FUTURE_YEARS);
  for (const p of event.performances) {
    if (compareInstants(p.start, limit) <= 0) continue;
    const index = event.source.performances.findIndex((s) => s.id === p.source.id);
    out.push(
      warning(
        event.file,
        ["performances", index, "datetime"],
        `${p.source.datetime} is more than ${FAR_FUTURE_YEARS} years away (now is ${isoformat(now, zone).slice(0, 10)}, so the limit is ${isoformat(limit, zone).slice(0, 10)}); check the year`,
      ),
    );
  }
}

/** The warnings of one valid page at an instant (its summary's images are checked across pages). */
export function pageWarnings(event: SiteEvent, now: Instant, zone: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  onSaleWarnings(event, now, zone, out);
  farFutureWarnings(event, now, zone, out);
  documentLinkWarnings(event, out);
  const alt = event.source.thumbnail.alt;
  if (alt !== undefined && alt.trim() === "") {
    out.push(warning(event.file, ["thumbnail", "alt"], `is empty, so screen readers announce the thumbnail without a description; describe the image in a few words, or leave the key out to use the image's own alt text`));
  }
  return out;
}

/**
 * A schedule that cannot be what was meant: a draft whose go-live has passed (a draft is never
 * published, whatever its go-live), an expiry not after the go-live (the page would never show).
 */
export function publicationWarnings(event: SiteEvent, now: Instant, zone: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { live, goLiveAt, expireAt } = event.publication;
  const shown = (instant: Instant) => isoformat(instant, zone);
  if (!live && goLiveAt && compareInstants(goLiveAt, now) <= 0) {
    out.push(
      warning(
        event.file,
        ["go_live_at"],
        `is past (${shown(goLiveAt)}; now is ${shown({ epochMs: now.epochMs, micro: 0 })}) but the page is a draft ("live": false), so it is not published: remove "live": false to publish it, or clear go_live_at`,
      ),
    );
  }
  if (goLiveAt && expireAt && compareInstants(expireAt, goLiveAt) <= 0) {
    out.push(
      warning(
        event.file,
        ["expire_at"],
        `(${shown(expireAt)}) is not after go_live_at (${shown(goLiveAt)}), so the page is never published; set an expiry after the go-live, or clear one of them`,
      ),
    );
  }
  return out;
}

/** A link to a document by id: the catalogue holds no documents, so nothing in this API resolves it. */
function documentLinkWarnings(event: SiteEvent, out: Diagnostic[]): void {
  for (const { reference, path } of event.references) {
    if (reference.kind !== "document") continue;
    out.push(
      warning(
        event.file,
        path,
        `links to document ${reference.id} (<a id="${reference.id}" linktype="document">), which the catalogue does not hold (documents are not part of it): the API publishes the link as stored, and a front end finds no /api/v2/documents/${reference.id}/ here to resolve it; link to the document's address with href="https://..." instead, or keep it if your front end resolves the site's documents elsewhere`,
      ),
    );
  }
}

/**
 * Links by id to pages the catalogue does not publish: not an event page, the events index page
 * or the home page. It may be another page of the Wagtail site, so a warning (an error under
 * --strict). Gathered a page at a time (see ImageUse), checked once every page's id is known.
 */
export class PageLinks {
  private readonly links: { file: string; id: number; path: KeyPath }[] = [];
  private readonly ids = new Set<number>();
  private readonly unpublished = new Map<number, UnpublishedPage>();

  constructor(private readonly parent: SiteSettings["parent"]) {
    this.ids.add(parent.id);
    if (parent.home) this.ids.add(parent.home.id);
  }

  add(page: PageSummary): void {
    this.ids.add(page.id);
    for (const [id, path] of page.pageLinks ?? []) this.links.push({ file: page.file, id, path });
  }

  /** A page of the catalogue the API leaves out at now: a link to it finds nothing until it is live. */
  addUnpublished(page: UnpublishedPage): void {
    this.unpublished.set(page.id, page);
  }

  warnings(zone: string): Diagnostic[] {
    const { parent } = this;
    const pages = `an event page of the catalogue, its events index page (${parent.id})${parent.home ? ` or its home page (${parent.home.id})` : ""}`;
    return this.links
      .filter((l) => !this.ids.has(l.id))
      .map(({ file, id, path }) => {
        const page = this.unpublished.get(id);
        if (page) return warning(file, path, `links to page ${id} (${page.file}), which ${unpublishedAs(page, zone)}, so it is not in this API: /api/v2/pages/${id}/ is a 404 and a front end resolving the link finds nothing; publish that page, or link elsewhere`);
        return warning(
          file,
          path,
          `links to page ${id} (<a id="${id}" linktype="page">), which is not ${pages}: a front end resolving it through /api/v2/pages/${id}/ finds nothing in this API; link to one of those pages by its id, or by address with href="https://..."; keep it if page ${id} is a page of the site that the catalogue does not hold`,
        );
      });
  }
}

/** "is a draft", "is scheduled to go live at ...", "expired at ...". */
function unpublishedAs(page: UnpublishedPage, zone: string): string {
  if (page.status === "scheduled" && page.at) return `is scheduled to go live at ${isoformat(page.at, zone)}`;
  if (page.status === "expired" && page.at) return `expired at ${isoformat(page.at, zone)}`;
  return `is a draft ("live": false)`;
}

/**
 * The warnings across pages: images.json's images with an empty alt that reaches a thumbnail,
 * and images no page uses, gathered a page at a time (see NextChangeOf). `imagesFile` is
 * images.json as messages name it (null when there is none); its items are in the Site's order,
 * since a valid file has no dropped items.
 */
export class ImageUse {
  /** Images whose empty alt reaches a thumbnail (the page gives no alt of its own), with those pages. */
  private readonly emptyAltThumbnails = new Map<number, string[]>();
  private readonly used = new Set<number>();

  constructor(
    private readonly images: SiteSettings["images"],
    private readonly imagesFile: string | null,
  ) {}

  add(page: PageSummary): void {
    if (!this.imagesFile) return;
    for (const image of page.images) this.used.add(image);
    if (!page.ownThumbnailAlt && this.images.get(page.thumbnail)?.alt?.trim() === "") {
      this.emptyAltThumbnails.set(page.thumbnail, [...(this.emptyAltThumbnails.get(page.thumbnail) ?? []), page.slug]);
    }
  }

  /** A page the API leaves out at now uses its images all the same (a draft's picture is not an unused one). */
  addUnpublished(page: UnpublishedPage): void {
    for (const image of page.images) this.used.add(image);
  }

  warnings(): Diagnostic[] {
    const out: Diagnostic[] = [];
    const imagesFile = this.imagesFile;
    if (!imagesFile) return out;
    [...this.images.values()].forEach((image, index) => {
      const pages = this.emptyAltThumbnails.get(image.id);
      if (pages) {
        const names = pages.length > 3 ? `${pages.slice(0, 3).join(", ")} and ${pages.length - 3} more` : pages.join(", ");
        out.push(warning(imagesFile, [index, "alt"], `is empty, and image ${image.id} is the thumbnail of ${names} without an alt of their own, so screen readers announce it without a description; describe the image in a few words, or leave the key out to use its title`));
      }
      if (!this.used.has(image.id)) {
        out.push(warning(imagesFile, [index], `image ${image.id} ("${image.title}") is not used by any page; use it (as a thumbnail, hero_image, in a carousel or a logo wall, or placed in rich text) or remove it`));
      }
    });
    return out;
  }
}
