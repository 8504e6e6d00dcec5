// Each thumbnail matched to the image whose rendition it is: among the images whose file starts
// with the rendition's stem, the one the build's own thumbnail URL (with the rendition key read
// from the URL) names the same; a record made from the URL for a thumbnail no image matches.
import type { ImageSource } from "../content/lists.js";
import { renditionKey, thumbnail } from "../enrich/images.js";
import type { EventDetailRead } from "./read-shapes.js";

/** The key of an image without a focal point. */
export const NO_FOCAL_POINT = renditionKey({ id: 1, title: "-", file: "-.jpg" });

export interface Known {
  id: number;
  title: string;
  file: string | null;
  downloadUrl: string | null;
  /** The document and key the file's name was read from, and the text it was read from, for a refusal's words. */
  from: { where: string; text: string } | null;
}

/** `<stem>.<key>.<filter>.<ext>` */
const RENDITION = /^(.+)\.([0-9a-f]{8})\.([^./]+)\.([A-Za-z0-9]+)$/;

function asSource(k: Known, key: string): ImageSource {
  return { id: k.id, title: k.title || "-", file: k.file!, ...(key === NO_FOCAL_POINT ? {} : { rendition_key: key }) } as ImageSource;
}

export interface ThumbnailMatches {
  /** Page id → the image shown, the rendition key and the alt text. */
  thumbnailOf: Map<number, { image: number; key: string; alt: string }>;
  /** Thumbnail URL → the record made for it. */
  made: Map<string, Known & { key: string }>;
}

export function matchThumbnails(pages: readonly EventDetailRead[], known: ReadonlyMap<number, Known>, cdnUrl: string, firstFreeId: number): ThumbnailMatches {
  // By first character: a rendition's stem may be cut short, so a longer head cannot be compared.
  const byHead = new Map<string, Known[]>();
  for (const k of known.values()) if (k.file) {
    const list = byHead.get(k.file[0]!) ?? [];
    byHead.set(k.file[0]!, list);
    list.push(k);
  }
  const prefix = `${cdnUrl}/media/images/`;
  const made = new Map<string, Known & { key: string }>();
  let nextId = firstFreeId;
  const thumbnailOf = new Map<number, { image: number; key: string; alt: string }>();
  for (const p of pages) {
    const url = p.thumbnail.url;
    const m = url.startsWith(prefix) ? RENDITION.exec(url.slice(prefix.length)) : null;
    const key = m?.[2] ?? NO_FOCAL_POINT;
    const match = m
      ? (byHead.get(m[1]![0]!) ?? [])
          .filter((k) => k.file!.startsWith(m[1]!) && thumbnail(asSource(k, key), undefined, cdnUrl).url === url)
          .sort((a, b) => a.id - b.id)[0]
      : undefined;
    if (match) {
      thumbnailOf.set(p.id, { image: match.id, key, alt: p.thumbnail.alt });
      continue;
    }
    let record = made.get(url);
    if (!record) {
      const file = m ? `${m[1]}.${m[4]}` : (url.split("/").pop() || "thumbnail.jpg");
      record = { id: nextId++, title: p.thumbnail.alt.trim() || (m?.[1] ?? file), file, downloadUrl: null, key, from: { where: `/api/v2/pages/${p.id}/: thumbnail.url`, text: url } };
      made.set(url, record);
    }
    thumbnailOf.set(p.id, { image: record.id, key, alt: p.thumbnail.alt });
  }
  return { thumbnailOf, made };
}
