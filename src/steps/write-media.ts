// Step: the media `{cdn_url}/media/` serves, written into their folder's transaction: the
// fill-550x375 rendition of every image a page shows as its thumbnail (made, or copied from the
// rendition cache), named as Wagtail names it, in `images/`, and every original in
// `original_images/` (the hero image's download_url). An imported image that keeps its rendition
// key (its focal point unknown) gets no rendition: the CDN holds Wagtail's. A check makes nothing,
// but finds the same problems.
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { nameHash } from "../cache/page-cache.js";
import { thumbnail } from "../enrich/images.js";
import { displayPath } from "../load/load-content.js";
import { copyRegularFileSync, RefusedFile } from "../io/regular-file.js";
import { error, warning, type Diagnostic, type Step } from "../model/diagnostics.js";
import type { Site } from "../model/site.js";
import { makeRenditions } from "../media/make-renditions.js";
import { originalTooLarge, ORIGINALS_FOLDER } from "../media/originals.js";
import { imagesFileOf, type BuildContext } from "./context.js";
import type { CheckedImages } from "./check-images.js";

/** A file the step wrote, relative to --out when the media folder is inside it. */
export interface MediaFile {
  path: string;
  bytes: number;
}

export interface WrittenMedia {
  /** The files written inside --out (none when --media-out is elsewhere): the hosts' limits count them. */
  inOut: MediaFile[];
  made: number;
  reused: number;
}

/** `images/` and `original_images/` of the media folder, as Wagtail's storage lays them out under MEDIA_ROOT. */
export const RENDITIONS_FOLDER = "images";
export const ORIGINAL_IMAGES_FOLDER = "original_images";

export async function writeMedia(ctx: BuildContext, site: Site, images: CheckedImages, thumbnails: ReadonlySet<number>): Promise<Step<WrittenMedia>> {
  const diagnostics: Diagnostic[] = [];
  const value: WrittenMedia = { inOut: [], made: 0, reused: 0 };
  const imagesFile = imagesFileOf(ctx);
  const folder = displayPath(ctx.options.contentArg, ORIGINALS_FOLDER);
  const toMake = [];
  let index = 0;
  for (const image of site.images.values()) {
    const at = index++;
    if (!thumbnails.has(image.id) || image.rendition_key !== undefined) continue;
    if (images.originals.has(image.id)) toMake.push(image);
    // A catalogue that keeps its originals in content/images/ and lacks this one: a new event's image, most likely.
    else if (ctx.originals.exists) {
      const url = thumbnail(image, undefined, site.catalogue.cdn_url).url;
      diagnostics.push(warning(imagesFile, [at], `image ${image.id} ("${image.title}") is a thumbnail and has no original in ${folder}/, so the build makes no rendition of it: the CDN must already hold ${url}; put the original at ${folder}/${image.file} for the build to make it`));
    }
  }
  if (toMake.length === 0 && images.originals.size === 0) return { value, diagnostics };

  // Inside --out, the output's staging folder; elsewhere, the media folder's own.
  const inOut = ctx.options.mediaInOut;
  const root = !ctx.write ? null : inOut !== null ? path.join(ctx.output!.dir, inOut) : ctx.media!.dir;
  const made = await makeRenditions(toMake, {
    contentDir: ctx.options.contentDir,
    contentArg: ctx.options.contentArg,
    cacheDir: path.join(ctx.options.cacheDir, `renditions-${nameHash(ctx.options.cacheName)}`),
    outDir: root && path.join(root, RENDITIONS_FOLDER),
    originals: ctx.originals.files,
    maxOriginalBytes: ctx.options.maxOriginalBytes,
    onProgress: ctx.options.onProgress,
  });
  diagnostics.push(...made.diagnostics);
  value.made = made.written;
  value.reused = made.reused;
  if (!root) return { value, diagnostics };

  const written: string[] = [];
  for (const name of new Set([...made.renditions.values()].map((r) => r.name))) written.push(`${RENDITIONS_FOLDER}/${name}`);
  mkdirSync(path.join(root, ORIGINAL_IMAGES_FOLDER), { recursive: true });
  const maxBytes = ctx.options.maxOriginalBytes;
  for (const original of new Map([...images.originals.values()].map((o) => [o.path, o])).values()) {
    const rel = `${ORIGINAL_IMAGES_FOLDER}/${path.basename(original.path)}`;
    // Copied from the file opened without following a link, as it was read: a copy by name
    // (copyFile) would follow a link put in its place since, and publish where it leads.
    try {
      copyRegularFileSync(original.path, path.join(root, rel), maxBytes, (size) => originalTooLarge(size, maxBytes));
    } catch (e) {
      if (!(e instanceof RefusedFile)) throw e;
      diagnostics.push(error(original.shown, [], e.message));
      continue;
    }
    written.push(rel);
  }
  if (inOut !== null) {
    const rels = written.map((rel) => `${inOut}/${rel}`);
    ctx.output!.adopt(rels);
    value.inOut = rels.map((rel, i) => ({ path: rel, bytes: statSync(path.join(root, written[i]!)).size }));
  } else ctx.media!.adopt(written);
  return { value, diagnostics };
}
