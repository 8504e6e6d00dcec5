// The compact index the build writes beside the API files (`_query/index.json`) so that list
// queries can be answered without a database: the page tree, the values of the database fields
// that filter and order, and each page model's fields as Wagtail's API declares them. Every byte
// an answer returns still comes from the published documents; the index only decides which.

export const QUERY_INDEX_FILE = "_query/index.json";
export const QUERY_INDEX_FORMAT = 1;

/** How a database field's query-string value is read (Wagtail's FieldsFilter). */
export type FieldKind = "int" | "bool" | "text" | "datetime" | "fk";

export interface PageModel {
  /** `app_label.ModelName`. */
  name: string;
  /** Body fields after `id`, in the serializer's order (`title` first). */
  body: string[];
  /** Meta fields, in order. */
  meta: string[];
  /** Fields only the detail view may show (Wagtail's detail_only_fields). */
  detailOnly: string[];
  /** Database fields: the ones a query string may filter and order on, with how to read them. */
  db: Record<string, FieldKind>;
  /** Relations, which accept nested field selection: field name → the related model's name. */
  relations: Record<string, string>;
  /** False for a related model that is not a page (a locale): `?type=` cannot name it. */
  page: boolean;
}

export interface IndexedPage {
  id: number;
  /** Index into QueryIndex.models. */
  type: number;
  /** The parent page's id; null for the site's root page. */
  parent: number | null;
  /** The page's path on the site (`url`): `/`, `/whats-on/`, `/whats-on/hamlet/`. */
  path: string;
  /** Database values, by field name (title, slug, first_published_at, on_sale, ...). */
  values: Record<string, string | number | boolean | null>;
}

export interface QueryIndex {
  format: typeof QUERY_INDEX_FORMAT;
  /** Absolute base of the API (find answers redirect there). */
  base_url: string;
  /** Host names (with an optional port) that `?site=` accepts. */
  site_hosts: string[];
  /** The catalogue's IANA zone: a `first_published_at` filter without an offset is read in it. */
  time_zone: string;
  /** Every page's locale, as `fields=locale` shows it. */
  locale: string;
  models: PageModel[];
  /** Every page, in tree order (a parent before its children, siblings by id). */
  pages: IndexedPage[];
  /** Fields of the search index that may filter or order while searching (Wagtail's Page.search_fields). */
  search_filter_fields: string[];
}
