// nginx-http.conf: what find/?html_path= needs and nginx can hold only in the http block, a `map`
// from each page's path to its id. Optional: nginx.conf works without it (find/ answers 400).
// One line per spelling of a path, so it grows with the catalogue; nginx.conf stays the same size.
import type { LookupRules } from "./lookups.js";

export const FIND_PAGE = "$bc_find_page";
export const FIND_READY = "$bc_find_ready";

/**
 * How a client may write a page's path in html_path: as the site writes it, without its trailing
 * slash, and percent-encoded (URLSearchParams encodes "/"). nginx does not decode query values,
 * and Wagtail reads each of these as the same path.
 */
export function findPathForms(path: string): string[] {
  const trimmed = path === "/" ? "" : path.replace(/\/$/, "");
  const forms = [path, trimmed];
  return [...new Set([...forms, ...forms.map((f) => f.replace(/\//g, "%2F"))])];
}

/** nginx's hash element for a key: a pointer, the key and two bytes, aligned to the pointer size. */
const element = (key: string) => 8 + Math.ceil((Buffer.byteLength(key) + 2) / 8) * 8;
const powerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(n));

export function renderNginxFindMap(rules: LookupRules): string {
  const entries = rules.pages.flatMap((p) => findPathForms(p.path).map((form) => [form, `${p.event ? "e" : "p"}${p.id}`] as const));
  // nginx's defaults hold short keys in 64-byte buckets and 2048 of them; say more only when needed,
  // since the http block may set these itself (nginx refuses a duplicate).
  const bucket = powerOfTwo(Math.max(...entries.map(([k]) => element(k))) + 8);
  const sizes = [
    ...(bucket > 64 ? [`map_hash_bucket_size ${bucket};`] : []),
    ...(entries.length > 1024 ? [`map_hash_max_size ${powerOfTwo(entries.length * 4)};`] : []),
  ];
  return [
    "# build-catalogue: find/?html_path= for nginx.conf. Include it in the http block that holds the",
    "# server including nginx.conf:",
    "#   http { include /srv/dist/nginx-http.conf; server { ...; include /srv/dist/nginx.conf; } }",
    "# Keys are the path as written in the query string (nginx matches them ignoring case; nginx.conf",
    "# looks up only lowercase paths). Values: e<id> for an event page, p<id> for another page.",
    ...sizes,
    `map $arg_html_path ${FIND_PAGE} {`,
    '    default "";',
    ...entries.map(([k, v]) => `    "${k}" ${v};`),
    "}",
    `map "" ${FIND_READY} { default 1; }`,
    "",
  ].join("\n");
}
