// images.json from what the API says of images: the images the pages use (their rich text's
// too), each thumbnail's rendition key kept when the focal point is unknown, alt texts put where an
// editor keeps them, records made for what the API does not name, and the originals to download.
import type { z } from "zod";
import { imageSchema } from "../content/lists.js";
import { readRichText } from "../validate/html-safety.js";
import { matchThumbnails, NO_FOCAL_POINT, type Known } from "./match-thumbnails.js";
import type { Original } from "./read-images.js";
import type { ListedImage } from "./read-images.js";
import type { EventDetailRead, ImageDetailRead } from "./read-shapes.js";
import { mostCommon } from "./most-common.js";
import { checkFileName } from "./safe-names.js";

export type ImageRecord = z.input<typeof imageSchema>;

export interface ImagesInput {
  pages: readonly EventDetailRead[];
  cdnUrl: string;
  listed: readonly ListedImage[] | null;
  details: ReadonlyMap<number, ImageDetailRead>;
}

export interface ImagesPlan {
  records: ImageRecord[];
  thumbnails: Map<number, { image: number; alt?: string }>;
  /** Images of the API the pages use (their details are worth reading). */
  used: number[];
  /** The image formats the pages' rich text names, sorted. */
  formats: string[];
  originals: Original[];
  notes: string[];
}

/** `hamlet 2026.jpg` from `https://cdn.example.org/media/original_images/hamlet%202026.jpg`. */
export function fileOf(downloadUrl: string): string {
  const last = downloadUrl.split(/[?#]/)[0]!.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The image ids of a page's carousels and logo walls, and of the images its rich text places
 * (Wagtail's `<embed embedtype="image" .../>`), with the formats those name.
 */
function blockImages(page: EventDetailRead): { ids: number[]; formats: string[] } {
  const ids: number[] = [];
  const formats: string[] = [];
  const embedded = (html: unknown) => {
    if (typeof html !== "string") return;
    for (const r of readRichText(html).references) {
      if (r.kind !== "image") continue;
      ids.push(r.id);
      formats.push(r.format);
    }
  };
  for (const b of page.description ?? []) {
    const v = b.value as { figures?: { image?: unknown }[]; groups?: { logos?: { logo?: unknown }[] }[]; text?: unknown } | null;
    if (b.type === "image_carousel") for (const f of v?.figures ?? []) if (Number.isInteger(f.image)) ids.push(f.image as number);
    if (b.type === "logo_wall") for (const g of v?.groups ?? []) for (const l of g.logos ?? []) if (Number.isInteger(l.logo)) ids.push(l.logo as number);
    if (b.type === "richtext") embedded(v?.text);
  }
  for (const a of page.additional_information ?? []) embedded(a.content);
  return { ids, formats };
}

export function planImages(input: ImagesInput): ImagesPlan {
  const notes: string[] = [];
  const known = new Map<number, Known>();
  const fromUrl = (where: string, url: string | null) => (url === null ? null : { where, text: url });
  for (const i of input.listed ?? []) {
    known.set(i.id, { id: i.id, title: i.title, file: i.downloadUrl ? fileOf(i.downloadUrl) : null, downloadUrl: i.downloadUrl, from: fromUrl(i.from, i.downloadUrl) });
  }
  for (const p of input.pages) {
    const h = p.hero_image;
    const url = h?.meta.download_url ?? null;
    if (h && url !== null && !known.has(h.id)) known.set(h.id, { id: h.id, title: h.title, file: fileOf(url), downloadUrl: url, from: fromUrl(`/api/v2/pages/${p.id}/: hero_image.meta.download_url`, url) });
  }
  for (const [id, d] of input.details) known.set(id, { id, title: d.title, file: fileOf(d.meta.download_url), downloadUrl: d.meta.download_url, from: fromUrl(`/api/v2/images/${id}/: meta.download_url`, d.meta.download_url) });

  // A loop, not Math.max(...ids): an argument list of a few hundred thousand ids overflows the stack.
  let highest = 0;
  for (const id of known.keys()) highest = Math.max(highest, id);
  const inBlocks = input.pages.map(blockImages);
  for (const { ids } of inBlocks) for (const id of ids) highest = Math.max(highest, id);
  const firstFree = highest + 1;
  const { thumbnailOf, made } = matchThumbnails(input.pages, known, input.cdnUrl, firstFree);
  if (made.size > 0) {
    notes.push(
      `${made.size} thumbnail${made.size === 1 ? " names an image" : "s name images"} the API does not describe${input.listed ? "" : " (it has no images endpoint)"}: ` +
        `an image record was made for each from its URL (ids ${idList([...made.values()].map((r) => r.id))}), titled with its alt text; no original was downloaded for ${made.size === 1 ? "it" : "them"}`,
    );
  }

  const used = new Set<number>();
  input.pages.forEach((p, i) => {
    if (p.hero_image) used.add(p.hero_image.id);
    for (const id of inBlocks[i]!.ids) used.add(id);
    const t = thumbnailOf.get(p.id)!;
    if (known.has(t.image)) used.add(t.image);
  });
  const unnamed = [...used].filter((id) => !known.get(id)?.file).sort((a, b) => a - b);
  if (unnamed.length > 0) {
    notes.push(`${unnamed.length} image${unnamed.length === 1 ? "" : "s"} used in blocks or rich text ${unnamed.length === 1 ? "is" : "are"} known by id alone (${idList(unnamed)}): ${unnamed.length === 1 ? "its record names" : "their records name"} a file image-<id>.jpg and the title "Image <id>"; write the real ones`);
  }

  // One rendition key and one alt text per image; a page whose alt differs keeps its own.
  const records: ImageRecord[] = [];
  const thumbnails = new Map<number, { image: number; alt?: string }>();
  const uses = new Map<number, { key: string; alt: string }[]>();
  for (const t of thumbnailOf.values()) uses.set(t.image, [...(uses.get(t.image) ?? []), t]);
  const alts = new Map<number, string>();
  for (const id of [...used, ...[...made.values()].map((r) => r.id)].sort((a, b) => a - b)) {
    const k: Known = known.get(id) ?? [...made.values()].find((r) => r.id === id) ?? { id, title: "", file: null, downloadUrl: null, from: null };
    const these = uses.get(id) ?? [];
    const keys = [...new Set(these.map((u) => u.key))];
    const key = mostCommon(these.map((u) => u.key));
    if (keys.length > 1) notes.push(`image ${id} is shown with ${keys.length} rendition keys (${keys.join(", ")}): ${key} was kept, and the pages with another differ`);
    const alt = mostCommon(these.map((u) => u.alt));
    const title = k.title.trim() ? k.title : `Image ${id}`;
    const record: ImageRecord = { id, title, file: k.file ?? `image-${id}.jpg` };
    // The name becomes images/<file> here and in the build: checked before anything is written.
    checkFileName(record.file, k.from?.where ?? `image ${id}`, k.from?.text);
    if (alt !== undefined && alt !== title) record.alt = alt;
    alts.set(id, record.alt ?? title);
    if (key !== undefined && key !== NO_FOCAL_POINT) record.rendition_key = key;
    const d = input.details.get(id);
    // Without them (no images endpoint, or one that does not describe the image), unsized-images.ts decides.
    if (d?.width !== undefined && d.height !== undefined) Object.assign(record, { width: d.width, height: d.height });
    records.push(record);
  }
  for (const [page, t] of thumbnailOf) thumbnails.set(page, t.alt === alts.get(t.image) ? { image: t.image } : { image: t.image, alt: t.alt });

  const originals: Original[] = [];
  const files = new Set<string>();
  for (const r of records) {
    const k = known.get(r.id);
    if (!k?.downloadUrl || !k.from || files.has(r.file)) continue;
    files.add(r.file);
    originals.push({ file: r.file, downloadUrl: k.downloadUrl, from: k.from.where });
  }
  const formats = [...new Set(inBlocks.flatMap((b) => b.formats))].sort();
  return { records, thumbnails, used: [...used].filter((id) => known.has(id) || input.listed === null).sort((a, b) => a - b), formats, originals, notes };
}

/** `301, 302, 303 and 12 more`. */
export function idList(ids: readonly (number | string)[], max = 8): string {
  return ids.length <= max ? ids.join(", ") : `${ids.slice(0, max).join(", ")} and ${ids.length - max} more`;
}
