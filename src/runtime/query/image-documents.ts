// The images endpoint's documents, as Wagtail 5.2's ImagesAPIViewSet and ImageSerializer write
// them: an image's detail, the list's items and the list, made from the images' index with the
// project's serializer. The build writes the plain ones to files (imageEndpointFiles); the query
// engine answers the rest with the same functions, so both give the same bytes.
import { serialize } from "../serialize.js";
import { resolveFields, selectFields, type FieldConfig, type FieldsView } from "./fields.js";
import { IMAGE_INDEX_FILE, type ImageIndex, type IndexedImage } from "./image-index.js";
import type { PageModel } from "./query-index.js";

export const IMAGES_PREFIX = "/api/v2/images/";
/** The view's name, as OPTIONS and the browsable page give it (DRF's name for ImagesAPIViewSet). */
export const IMAGES_NAME = "Images Api";
/** The model named in the 404 body: `No Image matches the given query.` */
export const IMAGE_MODEL = "Image";
/** Wagtail's page size, and the highest `limit` (WAGTAILAPI_LIMIT_MAX). */
export const IMAGE_PAGE_SIZE = 20;

export const IMAGE_LIST_FILE = "api/v2/images/index.json";
export const imageDetailFile = (id: number) => `api/v2/images/${id}/index.json`;

/**
 * The image's fields as ImagesAPIViewSet declares them (body_fields, meta_fields), in the shape
 * the fields resolver reads. The database columns filter and order; `tags` is a relation (nested
 * selection is checked against taggit's Tag) whose filter and order are special-cased.
 */
export const IMAGE_MODEL_FIELDS: PageModel = {
  name: "wagtailimages.Image",
  body: ["title", "width", "height"],
  meta: ["type", "detail_url", "tags", "download_url"],
  detailOnly: [],
  db: { id: "int", title: "text", width: "int", height: "int" },
  relations: { tags: "taggit.Tag" },
  page: false,
};
/** A tag, as BaseAPIViewSet would serialize it nested (never written: its field writes names). */
const TAG_MODEL: PageModel = { name: "taggit.Tag", body: [], meta: ["type", "detail_url"], detailOnly: [], db: {}, relations: {}, page: false };
/** ImagesAPIViewSet.listing_default_fields. */
const LISTING_DEFAULT = ["id", "type", "detail_url", "title", "tags", "download_url"];

const modelNamed = (name: string) => (name === TAG_MODEL.name ? TAG_MODEL : undefined);

/** The fields an answer writes, in Wagtail's order, for a parsed `fields` parameter (empty: the defaults). */
export function imageFields(config: FieldConfig[], view: FieldsView): string[] {
  return resolveFields(IMAGE_MODEL_FIELDS, config, view, modelNamed, LISTING_DEFAULT);
}

/** The original's address. As the hero image's `download_url`: the file name as written (the content format allows no spaces). */
export function downloadUrl(cdnUrl: string, file: string): string {
  return `${cdnUrl}/media/original_images/${file}`;
}

/** An image's detail: every field, in Wagtail's order. */
export function imageDocument(index: ImageIndex, image: IndexedImage) {
  return {
    id: image.id,
    meta: {
      type: index.image_type,
      detail_url: `${index.base_url}${IMAGES_PREFIX}${image.id}/`,
      tags: image.tags,
      download_url: downloadUrl(index.cdn_url, image.file),
    },
    title: image.title,
    width: image.width,
    height: image.height,
  };
}

/** An image with the chosen fields (imageFields). */
export function selectImageFields(index: ImageIndex, image: IndexedImage, fields: readonly string[]) {
  return selectFields(imageDocument(index, image), IMAGE_MODEL_FIELDS, fields, "");
}

/** A list: `total_count` of the whole set, the items given with the chosen fields. */
function imageListDocument(index: ImageIndex, total: number, items: readonly IndexedImage[], fields: readonly string[]) {
  return { meta: { total_count: total }, items: items.map((image) => selectImageFields(index, image, fields)) };
}

/** A list's JSON (imageListDocument). */
export function imageListJson(index: ImageIndex, total: number, items: readonly IndexedImage[], fields: readonly string[]): string {
  return serialize(imageListDocument(index, total, items, fields));
}

/** The detail's JSON without a query (`/api/v2/images/<id>/`). */
export function imageDetailJson(index: ImageIndex, image: IndexedImage): string {
  return serialize(imageDocument(index, image));
}

export interface ImageEndpointFile {
  /** Relative to the output folder. */
  path: string;
  /** The address a document answers (`/api/v2/images/`, `/api/v2/images/<id>/`); none for the index. */
  address?: string;
  /** The document's value, which `text` serializes (the build checks it before it writes it); none for the index. */
  document?: unknown;
  text: string;
}

const documentFile = (path: string, address: string, document: unknown): ImageEndpointFile => ({
  path,
  address,
  document,
  get text() {
    return serialize(document);
  },
});

/**
 * The files the build writes for the images endpoint: the list without a query, each image's
 * detail, and the images' index. The list holds every image, as the pages' lists hold every page
 * (the content format's rule for a list without a query): where Wagtail answers its first 20, a
 * static file has no page to turn to; `?limit=` and `?offset=` are answered as Wagtail answers
 * them. The 404 and OPTIONS bodies are the collection's (`api/v2/images/404.json`, `options.json`).
 */
export function imageEndpointFiles(index: ImageIndex): ImageEndpointFile[] {
  const fields = imageFields([], "list");
  return [
    documentFile(IMAGE_LIST_FILE, IMAGES_PREFIX, imageListDocument(index, index.images.length, index.images, fields)),
    ...index.images.map((image) => documentFile(imageDetailFile(image.id), `${IMAGES_PREFIX}${image.id}/`, imageDocument(index, image))),
    // Compact, as the page index.
    { path: IMAGE_INDEX_FILE, text: JSON.stringify(index) },
  ];
}
