// The images' index the build writes beside the page index (`_query/images.json`): every image
// with the values Wagtail's ImagesAPIViewSet writes, filters and orders on, and the settings its
// URLs are made from. Every answer of the images endpoint is made from it alone.
import { QUERY_INDEX_FORMAT } from "./query-index.js";

export const IMAGE_INDEX_FILE = "_query/images.json";

export interface IndexedImage {
  id: number;
  title: string;
  /** The original's size in pixels. */
  width: number;
  height: number;
  /** The original's file name: `download_url` is `{cdn_url}/media/original_images/<file>`. */
  file: string;
  /** Tag names, for `meta.tags` and `?tags=`. The content format has none; Wagtail's field is kept. */
  tags: string[];
}

export interface ImageIndex {
  /** The version of both files of `_query/` (QUERY_INDEX_FORMAT): a change to either's shape raises it. */
  format: typeof QUERY_INDEX_FORMAT;
  /** `meta.type` of every image (the catalogue's `image_type`). */
  image_type: string;
  /** Absolute base of the API: `detail_url` and find's redirect. */
  base_url: string;
  /** Absolute base of the media: `download_url`. */
  cdn_url: string;
  /** Every image, by ascending id: Wagtail's default order. */
  images: IndexedImage[];
}

/** An image of the catalogue, with the size of its original (read from the file, or given in images.json). */
export interface ImageRecord {
  id: number;
  title: string;
  file: string;
  width: number;
  height: number;
}

export interface ImageSettings {
  base_url: string;
  cdn_url: string;
  image_type: string;
}

const isSize = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/** The images' index of a catalogue. Throws when an image has no size: the build must find one first. */
export function buildImageIndex(records: readonly ImageRecord[], settings: ImageSettings): ImageIndex {
  const images = records.map((r): IndexedImage => {
    if (!isSize(r.width) || !isSize(r.height)) {
      throw new Error(`image ${r.id} (${r.file}) has no width and height: read them from its original or images.json before making the images' index`);
    }
    return { id: r.id, title: r.title, width: r.width, height: r.height, file: r.file, tags: [] };
  });
  images.sort((a, b) => a.id - b.id);
  return { format: QUERY_INDEX_FORMAT, image_type: settings.image_type, base_url: settings.base_url, cdn_url: settings.cdn_url, images };
}
