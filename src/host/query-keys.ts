// The query parameters Wagtail acts on, per view: what a host that cannot route by "any query
// string" (Vercel's `has` names one key) routes to its function. A parameter Wagtail does not
// know is not among them: such a request gets the plain answer there (docs/hosts.md).
import type { QueryIndex } from "../runtime/query/query-index.js";

/** Operations of Wagtail's list views (BaseAPIViewSet.known_query_parameters), besides `type` and `format`. */
const OPERATIONS = [
  "limit", "offset", "fields", "order", "search", "search_operator",
  "child_of", "ancestor_of", "descendant_of", "translation_of", "locale", "site",
];
/** The images endpoint's (ImagesAPIViewSet: its operations and the image's fields). */
const IMAGE_LIST = ["limit", "offset", "fields", "order", "search", "search_operator", "id", "title", "width", "height", "tags"];

export interface QueryKeys {
  /** On a page list: the operations, `type`, and every page model's database fields (the filters). */
  list: string[];
  /** On a page's detail: what Wagtail applies to the one page (fields, filters; not paging). */
  detail: string[];
  imageList: string[];
  imageDetail: string[];
}

export function queryKeys(index: QueryIndex): QueryKeys {
  const dbFields = [...new Set(index.models.filter((m) => m.page).flatMap((m) => Object.keys(m.db)))];
  // `_` (a client's cache-buster) too: Wagtail ignores it, but answers the list's first page of 20, where the file holds every page.
  const list = [...new Set([...OPERATIONS, "type", ...dbFields, "_"])];
  const notPaging = (k: string) => k !== "limit" && k !== "offset";
  return { list, detail: list.filter((k) => notPaging(k) && k !== "_"), imageList: [...IMAGE_LIST, "_"], imageDetail: IMAGE_LIST.filter(notPaging) };
}
