// The images endpoint's queries, as Wagtail 5.2's ImagesAPIViewSet answers them (views.py,
// filters.py: FieldsFilter, OrderingFilter, SearchFilter; pagination.py), in its order of checks
// and with its messages, answered from the images' index alone. Pure and synchronous.
import { notFoundBody } from "../bodies.js";
import { serialize } from "../serialize.js";
import type { QueryAnswer } from "./engine.js";
import { parseFieldsParameter } from "./fields.js";
import { IMAGE_MODEL, IMAGE_MODEL_FIELDS, IMAGE_PAGE_SIZE, IMAGES_PREFIX, imageDetailJson, imageFields, imageListJson, selectImageFields } from "./image-documents.js";
import type { ImageIndex, IndexedImage } from "./image-index.js";
import { compareCodePoints, pyInt, pyRepr, queryDict } from "./python.js";
import { QueryError } from "./query-error.js";
import { parseOrdering, shuffled, type Ordering } from "./ordering.js";

export interface ImageQueryRequest {
  view: "list" | "detail" | "find";
  /** The image id of a detail request. */
  id?: number;
  /** The query string, with or without its `?`. */
  query: string;
}

/** BaseAPIViewSet.known_query_parameters. */
const KNOWN_PARAMETERS = new Set(["limit", "offset", "fields", "order", "search", "search_operator", "_", "format"]);
/** The image's database fields among its API fields: what a query string may filter on (`tags` through its names). */
const FILTERS = new Set([...Object.keys(IMAGE_MODEL_FIELDS.db), "tags"]);
/** AbstractImage.search_fields' FilterFields among those: what may filter or order a search. */
const SEARCH_FILTERABLE = new Set(["title"]);

const messageAnswer = (status: number, message: string): QueryAnswer => ({ status, json: serialize({ message }) });

/** Answers one request on `/api/v2/images/`. */
export function answerImageQuery(index: ImageIndex, request: ImageQueryRequest): QueryAnswer {
  try {
    return new ImageQuery(index, request).answer();
  } catch (e) {
    if (e instanceof QueryError) return messageAnswer(e.status, e.message);
    throw e;
  }
}

class ImageQuery {
  private readonly params: Map<string, string>;

  constructor(private readonly index: ImageIndex, private readonly request: ImageQueryRequest) {
    this.params = queryDict(request.query.replace(/^\?/, ""));
  }

  answer(): QueryAnswer {
    if (this.request.view === "find") return this.find();
    if (this.request.view === "list") this.checkParameters();
    const images = this.filter();
    return this.request.view === "detail" ? this.detail(images) : this.list(images);
  }

  /** check_query_parameters (lists only): operations and the image's database fields. */
  private checkParameters(): void {
    const unknown = [...this.params.keys()].filter((k) => !KNOWN_PARAMETERS.has(k) && !FILTERS.has(k)).sort(compareCodePoints);
    if (unknown.length > 0) throw new QueryError(400, `query parameter is not an operation or a recognised field: ${unknown.join(", ")}`);
  }

  /** The filter backends in Wagtail's order: fields (in the query string's order), order, search. */
  private filter(): IndexedImage[] {
    let images = this.index.images;
    const filtered: string[] = [];
    let byTag = false;
    for (const [name, value] of this.params) {
      if (!FILTERS.has(name)) continue;
      if (name === "tags") {
        // Every tag named must be the image's; the value is not converted.
        const tags = value.split(",");
        images = images.filter((image) => tags.every((t) => image.tags.includes(t)));
        byTag = true;
      } else if (name === "title") {
        images = images.filter((image) => image.title === value);
        filtered.push(name);
      } else {
        const n = pyInt(value);
        if (n === null) throw new QueryError(400, `field filter error. '${value}' is not a valid value for ${name} (invalid literal for int() with base 10: ${pyRepr(value)})`);
        images = images.filter((image) => image[name as "id" | "width" | "height"] === n);
        filtered.push(name);
      }
    }
    const order = this.ordering();
    if (this.params.has("search")) images = this.search(images, byTag, filtered, order);
    return order ? sort(images, order) : images;
  }

  /** OrderingFilter: validates `order`; null keeps ascending id. */
  private ordering(): Ordering | null {
    return parseOrdering(this.params, ["id", ...IMAGE_MODEL_FIELDS.body, ...IMAGE_MODEL_FIELDS.meta], (name) => FILTERS.has(name));
  }

  /**
   * SearchFilter with the backend the reference Wagtail ran (Wagtail's database fallback, whose
   * default operator is `and`): each white-space separated term must be found in the title,
   * ASCII letters in any case (SQLite's LIKE); the matches keep the list's order.
   */
  private search(images: IndexedImage[], byTag: boolean, filtered: string[], order: Ordering | null): IndexedImage[] {
    if (byTag) throw new QueryError(400, "filtering by tag with a search query is not supported");
    const query = this.params.get("search")!;
    if (query === "") return [];
    const operator = (this.params.get("search_operator") || "and").toLowerCase();
    // Wagtail 5.2 fails with a 500 here; answer a 400 in its style.
    if (operator !== "and" && operator !== "or") throw new QueryError(400, "search_operator must be either 'and' or 'or'");
    for (const f of filtered) {
      if (!SEARCH_FILTERABLE.has(f)) throw new QueryError(400, `cannot filter by '${f}' while searching (field is not indexed)`);
    }
    if (order) {
      for (const key of order.random ? ["?"] : order.keys) {
        if (!SEARCH_FILTERABLE.has(key)) throw new QueryError(400, `cannot order by '${key}' while searching (field is not indexed)`);
      }
    }
    // Python's str.split(). A query of white space alone makes Wagtail fail (no terms to join): no image.
    const terms = query.split(/[\s\u001c-\u001f\u0085]+/).filter((t) => t !== "").map(asciiLower);
    if (terms.length === 0) return [];
    return images.filter((image) => {
      const title = asciiLower(image.title);
      return operator === "and" ? terms.every((t) => title.includes(t)) : terms.some((t) => title.includes(t));
    });
  }

  private list(images: IndexedImage[]): QueryAnswer {
    const offset = this.paging("offset", 0);
    const limit = this.paging("limit", IMAGE_PAGE_SIZE);
    if (limit > IMAGE_PAGE_SIZE) throw new QueryError(400, `limit cannot be higher than ${IMAGE_PAGE_SIZE}`);
    const fields = this.fields("list");
    return { status: 200, json: imageListJson(this.index, images.length, images.slice(offset, offset + limit), fields) };
  }

  private paging(name: "offset" | "limit", fallback: number): number {
    const text = this.params.get(name);
    if (text === undefined) return fallback;
    const n = pyInt(text);
    if (n === null || n < 0) throw new QueryError(400, `${name} must be a positive integer`);
    return n;
  }

  private fields(view: "list" | "detail"): string[] {
    const text = this.params.get("fields");
    return imageFields(text === undefined ? [] : parseFieldsParameter(text), view);
  }

  /** get_object: the filtered set, then the id; the fields are read after. */
  private detail(images: IndexedImage[]): QueryAnswer {
    const image = images.find((i) => i.id === this.request.id);
    if (!image) throw new QueryError(404, notFoundBody(IMAGE_MODEL).message);
    if (!this.params.has("fields")) return { status: 200, json: imageDetailJson(this.index, image) };
    return { status: 200, json: serialize(selectImageFields(this.index, image, this.fields("detail"))) };
  }

  /** find_view: `?id=` among every image (no filter applies); 302 to its detail. */
  private find(): QueryAnswer {
    const text = this.params.get("id");
    // A non-integer id makes Wagtail fail with a 500; answer its 404.
    const id = text === undefined ? null : pyInt(text);
    const image = id === null ? undefined : this.index.images.find((i) => i.id === id);
    if (!image) return messageAnswer(404, "not found");
    return { status: 302, location: `${this.index.base_url}${IMAGES_PREFIX}${image.id}/` };
  }
}

/** A–Z to a–z and nothing else, as SQLite's LIKE compares. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

function valueOf(image: IndexedImage, key: string): string | number | null {
  // Ordered by the tags' rows: the content format has none, so every image's value is NULL.
  if (key === "tags") return null;
  return image[key as "id" | "title" | "width" | "height"];
}

/** SQLite's order (NULL first, numbers by value, text by code point); ties keep ascending id. */
function sort(images: IndexedImage[], order: Ordering): IndexedImage[] {
  if (order.random) return shuffled(images);
  const out = [...images];
  const sign = order.reverse ? -1 : 1;
  return out.sort((a, b) => {
    for (const key of order.keys) {
      const x = valueOf(a, key);
      const y = valueOf(b, key);
      const c = x === null || y === null ? (x === y ? 0 : x === null ? -1 : 1) : typeof x === "number" ? x - (y as number) : compareCodePoints(x, y as string);
      if (c !== 0) return sign * c;
    }
    return a.id - b.id;
  });
}
