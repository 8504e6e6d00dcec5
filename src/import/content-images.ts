// images.json from what the API says of images: each thumbnail matched to the image whose
// rendition it is (the build's own thumbnail URL must come out the same), its rendition key kept
// when the focal point is unknown, alt texts put where an editor keeps them, and a record made
// for a thumbnail whose image the API does not name.
import type { z } from "zod";
import { imageSchema, type ImageSource } from "../content/lists.js";
import { renditionKey, thumbnail } from "../enrich/images.js";
import type { Original } from "./read-images.js";
import type { ListedImage } from "./read-images.js";
import type { EventDetailRead, ImageDetailRead } from "./read-shapes.js";
import { mostCommon } from "./read-pages.js";

export type ImageRecord = z.input<typeof imageSchema>;

/** The key of an image without a focal point. */
const NO_FOCAL_POINT = renditionKey({ id: 1, title: "-", file: "-.jpg" });
/** The build's image records gain width and height from the images endpoint once the content format has them. */
const HAS_SIZE = "width" in imageSchema.shape && "height" in imageSchema.shape;

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
  originals: Original[];
  notes: string[];
}

interface Known {
  id: number;
  title: string;
  file: string | null;
  downloadUrl: string | null;
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

const RENDITION = /^(.+)\.([0-9a-f]{8})\.([^./]+)\.([A-Za-z0-9]+)$/;

function blockImages(page: EventDetailRead): number[] {
  const ids: number[] = [];
  for (const b of page.description ?? []) {
    const v = b.value as { figures?: { image?: unknown }[]; groups?: { logos?: { logo?: unknown }[] }[] } | null;
    if (b.type === "image_carousel") for (const f of v?.figures ?? []) if (Number.isInteger(f.image)) ids.push(f.image as number);
    if (b.type === "logo_wall") for (const g of v?.groups ?? []) for (const l of g.logos ?? []) if (Number.isInteger(l.logo)) ids.push(l.logo as number);
  }
  return ids;
}

export function planImages(input: ImagesInput): ImagesPlan {
  const notes: string[] = [];
  const known = new Map<number, Known>();
  for (const i of input.listed ?? []) known.set(i.id, { id: i.id, title: i.title, file: i.downloadUrl ? fileOf(i.downloadUrl) : null, downloadUrl: i.downloadUrl });
  for (const p of input.pages) {
    const h = p.hero_image;
    if (h && !known.has(h.id)) known.set(h.id, { id: h.id, title: h.title, file: fileOf(h.meta.download_url), downloadUrl: h.meta.download_url });
  }
  for (const [id, d] of input.details) known.set(id, { id, title: d.title, file: fileOf(d.meta.download_url), downloadUrl: d.meta.download_url });

  // Thumbnails: the image whose rendition the URL names, found by the stem its name starts with.
  const byStem = new Map<string, Known[]>();
  for (const k of known.values()) if (k.file) {
    const head = k.file.slice(0, 8);
    byStem.set(head, [...(byStem.get(head) ?? []), k]);
  }
  const prefix = `${input.cdnUrl}/media/images/`;
  const made = new Map<string, Known & { key: string }>();
  let nextId = Math.max(0, ...known.keys(), ...input.pages.flatMap(blockImages)) + 1;
  const thumbnailOf = new Map<number, { image: number; key: string; alt: string }>();
  for (const p of input.pages) {
    const url = p.thumbnail.url;
    const m = url.startsWith(prefix) ? RENDITION.exec(url.slice(prefix.length)) : null;
    const key = m?.[2] ?? NO_FOCAL_POINT;
    const match = m
      ? (byStem.get(m[1]!.slice(0, 8)) ?? [])
          .filter((k) => k.file!.startsWith(m[1]!) && thumbnail(asSource(k, key), undefined, input.cdnUrl).url === url)
          .sort((a, b) => a.id - b.id)[0]
      : undefined;
    if (match) {
      thumbnailOf.set(p.id, { image: match.id, key, alt: p.thumbnail.alt });
      continue;
    }
    let record = made.get(url);
    if (!record) {
      const file = m ? `${m[1]}.${m[4]}` : (url.split("/").pop() || "thumbnail.jpg");
      record = { id: nextId++, title: p.thumbnail.alt.trim() || (m?.[1] ?? file), file, downloadUrl: null, key };
      made.set(url, record);
    }
    thumbnailOf.set(p.id, { image: record.id, key, alt: p.thumbnail.alt });
  }
  if (made.size > 0) {
    notes.push(
      `${made.size} thumbnail${made.size === 1 ? " names an image" : "s name images"} the API does not describe${input.listed ? "" : " (it has no images endpoint)"}: ` +
        `an image record was made for each from its URL (ids ${idList([...made.values()].map((r) => r.id))}), titled with its alt text; no original was downloaded for ${made.size === 1 ? "it" : "them"}`,
    );
  }

  const used = new Set<number>();
  for (const p of input.pages) {
    if (p.hero_image) used.add(p.hero_image.id);
    for (const id of blockImages(p)) used.add(id);
    const t = thumbnailOf.get(p.id)!;
    if (known.has(t.image)) used.add(t.image);
  }
  const unnamed = [...used].filter((id) => !known.get(id)?.file).sort((a, b) => a - b);
  if (unnamed.length > 0) {
    notes.push(`${unnamed.length} image${unnamed.length === 1 ? "" : "s"} used in blocks ${unnamed.length === 1 ? "is" : "are"} known by id alone (${idList(unnamed)}): ${unnamed.length === 1 ? "its record names" : "their records name"} a file image-<id>.jpg and the title "Image <id>"; write the real ones`);
  }

  // One rendition key and one alt text per image; a page whose alt differs keeps its own.
  const records: ImageRecord[] = [];
  const thumbnails = new Map<number, { image: number; alt?: string }>();
  const uses = new Map<number, { key: string; alt: string }[]>();
  for (const t of thumbnailOf.values()) uses.set(t.image, [...(uses.get(t.image) ?? []), t]);
  const alts = new Map<number, string>();
  for (const id of [...used, ...[...made.values()].map((r) => r.id)].sort((a, b) => a - b)) {
    const k: Known = known.get(id) ?? [...made.values()].find((r) => r.id === id) ?? { id, title: "", file: null, downloadUrl: null };
    const these = uses.get(id) ?? [];
    const keys = [...new Set(these.map((u) => u.key))];
    const key = mostCommon(these.map((u) => u.key));
    if (keys.length > 1) notes.push(`image ${id} is shown with ${keys.length} rendition keys (${keys.join(", ")}): ${key} was kept, and the pages with another differ`);
    const alt = mostCommon(these.map((u) => u.alt));
    const title = k.title.trim() ? k.title : `Image ${id}`;
    const record: ImageRecord = { id, title, file: k.file ?? `image-${id}.jpg` };
    if (alt !== undefined && alt !== title) record.alt = alt;
    alts.set(id, record.alt ?? title);
    if (key !== undefined && key !== NO_FOCAL_POINT) record.rendition_key = key;
    const d = input.details.get(id);
    if (HAS_SIZE && d?.width !== undefined && d.height !== undefined) Object.assign(record, { width: d.width, height: d.height });
    records.push(record);
  }
  for (const [page, t] of thumbnailOf) thumbnails.set(page, t.alt === alts.get(t.image) ? { image: t.image } : { image: t.image, alt: t.alt });

  const originals: Original[] = [];
  const files = new Set<string>();
  for (const r of records) {
    const url = known.get(r.id)?.downloadUrl;
    if (!url || files.has(r.file)) continue;
    files.add(r.file);
    originals.push({ file: r.file, downloadUrl: url });
  }
  return { records, thumbnails, used: [...used].filter((id) => known.has(id) || input.listed === null).sort((a, b) => a - b), originals, notes };
}

/** `301, 302, 303 and 12 more`. */
export function idList(ids: readonly (number | string)[], max = 8): string {
  return ids.length <= max ? ids.join(", ") : `${ids.slice(0, max).join(", ")} and ${ids.length - max} more`;
}

function asSource(k: Known, key: string): ImageSource {
  return { id: k.id, title: k.title || "-", file: k.file!, ...(key === NO_FOCAL_POINT ? {} : { rendition_key: key }) } as ImageSource;
}
