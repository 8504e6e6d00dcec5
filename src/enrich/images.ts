// Image values of the API: thumbnail renditions with Wagtail's cache key, and the hero image reference.
import { createHash } from "node:crypto";
import type { ImageSource } from "../content/lists.js";

export const THUMBNAIL = { width: 550, height: 375 } as const;

/**
 * Wagtail's rendition key: the first 8 hex digits of the SHA-1 of the focal point as
 * `width-height-x-y`, or of `None-None-None-None` without one; an image's own `rendition_key` when it gives one.
 */
export function renditionKey(image: ImageSource): string {
  // An imported image whose focal point the API did not publish keeps the key it was served with.
  if (image.rendition_key !== undefined) return image.rendition_key;
  const f = image.focal_point;
  const vary = f ? `${f.width}-${f.height}-${f.x}-${f.y}` : "None-None-None-None";
  let key = keys.get(vary);
  if (key === undefined) keys.set(vary, (key = createHash("sha1").update(vary, "utf8").digest("hex").slice(0, 8)));
  return key;
}
/** A catalogue has few images and many pages showing them: each key is hashed once. */
const keys = new Map<string, string>();

function splitExtension(file: string): { stem: string; ext: string } {
  const dot = file.lastIndexOf(".");
  return { stem: file.slice(0, dot), ext: file.slice(dot + 1) };
}

export function thumbnail(image: ImageSource, alt: string | undefined, cdnUrl: string) {
  const { stem, ext } = splitExtension(image.file);
  const filter = `fill-${THUMBNAIL.width}x${THUMBNAIL.height}`;
  return {
    url: `${cdnUrl}/media/images/${stem}.${renditionKey(image)}.${filter}.${ext}`,
    width: THUMBNAIL.width,
    height: THUMBNAIL.height,
    alt: alt ?? image.alt ?? image.title,
  };
}

export function heroImage(image: ImageSource, imageType: string, baseUrl: string, cdnUrl: string) {
  return {
    id: image.id,
    meta: {
      type: imageType,
      detail_url: `${baseUrl}/api/v2/images/${image.id}/`,
      download_url: `${cdnUrl}/media/original_images/${image.file}`,
    },
    title: image.title,
  };
}
