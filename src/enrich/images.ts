// Image values of the API: thumbnail renditions with Wagtail's cache key, and the hero image reference.
import type { ImageSource } from "../content/lists.js";
import type { SiteImage, SourceFormat } from "../model/image.js";
import { renditionFileName, renditionKey, THUMBNAIL_FILTER } from "../media/rendition-name.js";

export { renditionKey } from "../media/rendition-name.js";

export const THUMBNAIL = { width: 550, height: 375 } as const;

/**
 * The thumbnail of an image: its `fill-550x375` rendition on the CDN, named as Wagtail names it.
 * `format` is the original's format when the build has read the file (the image's own, by
 * default); without it, the file's extension gives the rendition's.
 */
export function thumbnail(image: SiteImage, alt: string | undefined, cdnUrl: string, format: SourceFormat | null | undefined = image.format) {
  return {
    url: `${cdnUrl}/media/images/${renditionFileName(image.file, renditionKey(image), { filter: THUMBNAIL_FILTER, format })}`,
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
