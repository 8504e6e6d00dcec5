// Rules for Netlify: _headers and _redirects. Netlify removes the trailing slash before matching,
// so every address is served by a 200 rewrite to its file (the slashless address answers the same,
// not a 301). Rules are exact (one per address, per lookup, per page's path) while they fit the
// rule budget, so an unknown id, slug or path falls through to a JSON answer; past it, placeholders
// of constant number, and an edge function that answers JSON where a placeholder names a file that
// does not exist (docs/hosts.md, Netlify).
import { serialize } from "../runtime/serialize.js";
import { notFoundBody, OTHER_NOT_FOUND, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import {
  EMPTY_LOOKUP_FILE, FIND_NOT_FOUND_BODY, IMAGE_DETAIL_PARAMETERS, IMAGE_LIST_PARAMETERS, IMAGES_REFUSAL_FILE, LOOKUP_DIR, refusalBody,
  slugLookupDir, typeLookupDir, typeSlugLookupDir, type LookupRules,
} from "./lookups.js";

/** The 400 body of a query no file answers (Netlify answers a rule's status with a file's bytes). */
export const NETLIFY_REFUSAL_FILE = `${LOOKUP_DIR}/400.netlify.json`;
/** Wagtail's 404 of a `find/` that names no page. */
export const NETLIFY_FIND_NOT_FOUND_FILE = `${LOOKUP_DIR}/404.netlify.json`;

/**
 * Netlify advises fewer than 10,000 rules (src/host/limits.ts). The rules that grow with the
 * catalogue (one per address, per lookup, per page's path) are written while they total at most
 * this many; the rest of the file is about 130 rules at any size.
 */
export const NETLIFY_ITEM_RULES = 9_000;

/** The edge function written past the budget; a site names its folder in netlify.toml (`edge_functions`). */
export const NETLIFY_EDGE_FUNCTION_FILE = "_netlify/edge-functions/api-answers.js";

type Rule = (from: string, query: string, to: string, status: number) => string;

const withoutSlash = (p: string) => p.replace(/\/$/, "");

export function renderNetlify(model: HostModel): HostFile[] {
  // Headers apply by request path and cannot depend on the query string; Content-Type comes from
  // the served file's extension (.json or .html), so it is right for the browsable page too.
  // The edge function sets them all on its own answers, Content-Type included.
  const cors = staticCorsOrigin(model);
  const jsonHeaders = [...model.jsonHeaders, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])];
  const headerValues = jsonHeaders.filter(([n]) => n !== "Content-Type");
  const headers = ["# build-catalogue: the live API's headers for every address under /api/.", "/api/*", ...headerValues.map(([n, v]) => `  ${n}: ${v}`), ""];

  const width = Math.max(...model.documents.map((d) => withoutSlash(d.path).length)) + 2;
  const rule: Rule = (from, query, to, status) => `${from.padEnd(width)}${query ? `${query}  ` : ""}${to}  ${status}`;

  // The rules that grow with the catalogue, each part exact while it fits the budget, in order of
  // priority: an unknown id's JSON 404 (as before lookups were routed), an unknown slug's empty list
  // (wagtail-js's fetchPage asks /api/v2/pages/?slug=), the same with ?type=, then find/.
  let left = NETLIFY_ITEM_RULES;
  const fit = (part: Iterable<string>): string[] | null => {
    const lines: string[] = [];
    for (const line of part) {
      if (lines.length === left) return null;
      lines.push(line);
    }
    left -= lines.length;
    return lines;
  };
  const lookups = model.lookups;
  const exactDocuments = fit(exactDocumentRules(model, rule));
  const exact = lookups
    ? { slugs: fit(exactSlugRules(lookups, rule)), typeSlugs: fit(exactTypeSlugRules(lookups, rule)), find: fit(exactFindRules(model, lookups, rule)) }
    : null;

  const redirects = [
    "# build-catalogue: every address of the API, then JSON 404s. First match wins; Netlify strips",
    "# the trailing slash before matching, so each rule serves the address with and without it.",
    ...(lookups && exact ? queryRules(model, lookups, rule, exact) : []),
    ...imageQueryRules(model, rule),
    ...(exactDocuments
      ? ["# The documents, the browsable page (?format=api) first:", ...exactDocuments]
      : placeholderDocumentRules(model, rule)),
    "# Unknown ids, then any other address under /api/: JSON 404 bodies.",
    ...model.collections.map((c) => rule(`${c.prefix}*`, "", `/${c.notFoundFile}`, 404)),
    rule("/api/*", "", `/${model.otherNotFoundFile}`, 404),
    "",
  ];
  const placeholders = !exactDocuments || (exact !== null && (!exact.slugs || !exact.typeSlugs));
  return [
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
    ...(placeholders ? [{ path: NETLIFY_EDGE_FUNCTION_FILE, text: edgeFunction(model, jsonHeaders) }] : []),
    ...(lookups
      ? [
          { path: NETLIFY_REFUSAL_FILE, text: refusalBody(lookups, exact?.find != null) },
          { path: NETLIFY_FIND_NOT_FOUND_FILE, text: FIND_NOT_FOUND_BODY },
        ]
      : []),
  ];
}

/**
 * Past the budget, a placeholder rule can name a file that does not exist (a slug or an id no page
 * has), and Netlify then answers its own 404 page without reading the rules again. This edge
 * function replaces such an answer under /api/ (a 404 that is not JSON) with the live API's: on a
 * list with `slug`, the empty list (200); else the JSON 404 of the address's collection.
 */
function edgeFunction(model: HostModel, headers: readonly (readonly [string, string])[]): string {
  const answers = {
    lists: model.collections.filter((c) => c.kind === "pages" && c.hasList).map((c) => c.prefix),
    empty: serialize({ meta: { total_count: 0 }, items: [] }),
    notFound: model.collections.map((c) => [c.prefix, serialize(notFoundBody(c.model))]),
    other: serialize(OTHER_NOT_FOUND.body),
    headers,
  };
  // find/ always answers from a file (a 302, the 400, or Wagtail's 404), so it never needs the function.
  const config = { path: "/api/*", excludedPath: pageCollections(model).flatMap((c) => [`${c.prefix}find`, `${c.prefix}find/`]) };
  return [
    "// build-catalogue: Netlify's own 404 page under /api/, where a rule past the rule budget names a",
    "// file that does not exist (an unknown slug or id), replaced by the JSON the live API answers there.",
    `const ANSWERS = ${JSON.stringify(answers)};`,
    "",
    "export default async (request, context) => {",
    "  const answer = await context.next();",
    '  if (answer.status !== 404 || (answer.headers.get("content-type") ?? "").includes("json")) return answer;',
    "  const url = new URL(request.url);",
    '  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;',
    '  const emptyList = ANSWERS.lists.includes(path) && url.searchParams.has("slug");',
    "  const collection = ANSWERS.notFound.find(([prefix]) => path.startsWith(prefix));",
    "  const body = emptyList ? ANSWERS.empty : collection ? collection[1] : ANSWERS.other;",
    '  return new Response(request.method === "HEAD" ? null : body, { status: emptyList ? 200 : 404, headers: ANSWERS.headers });',
    "};",
    "",
    `export const config = ${JSON.stringify(config)};`,
    "",
  ].join("\n");
}

/** The images endpoint's queries, which no file answers: 400 (find/ first, which `:id` would match). */
function imageQueryRules(model: HostModel, rule: Rule): string[] {
  const refused = `/${IMAGES_REFUSAL_FILE}`;
  return model.collections.filter((c) => c.kind === "images").flatMap((c) => [
    "# The images endpoint's queries: only the query engine answers them, 400.",
    rule(`${c.prefix}find`, "", refused, 400),
    ...IMAGE_LIST_PARAMETERS.map((k) => rule(withoutSlash(c.prefix), `${k}=:value`, refused, 400)),
    ...IMAGE_DETAIL_PARAMETERS.map((k) => rule(`${c.prefix}:id`, `${k}=:value`, refused, 400)),
  ]);
}

/** One rule per address: an unknown id falls through to its collection's JSON 404. */
function* exactDocumentRules(model: HostModel, rule: Rule): Generator<string> {
  for (const d of model.documents) yield rule(withoutSlash(d.path), "format=api", `/${d.htmlFile}`, 200);
  for (const d of model.documents) yield rule(withoutSlash(d.path), "", `/${d.file}`, 200);
}

/**
 * Past the budget, one `:id` placeholder per collection, where an unknown id names a missing file
 * and gets Netlify's own 404 page (docs/hosts.md).
 */
function placeholderDocumentRules(model: HostModel, rule: Rule): string[] {
  const lists = model.collections.filter((c) => c.hasList).map((c) => ({ path: c.prefix, dir: c.prefix.slice(1) }));
  return [
    `# ${model.documents.length} addresses: the browsable page (?format=api) first, ids by placeholder.`,
    ...lists.map((l) => rule(withoutSlash(l.path), "format=api", `/${l.dir}index.api.html`, 200)),
    ...model.collections.map((c) => rule(`${c.prefix}:id`, "format=api", `${c.prefix}:id/index.api.html`, 200)),
    "# The JSON documents:",
    ...lists.map((l) => rule(withoutSlash(l.path), "", `/${l.dir}index.json`, 200)),
    ...model.collections.map((c) => rule(`${c.prefix}:id`, "", `${c.prefix}:id/index.json`, 200)),
  ];
}

const pageCollections = (model: HostModel) => model.collections.filter((c) => c.kind === "pages");

const PAGES_LIST = "/api/v2/pages";
const EVENT_PAGES_LIST = "/api/v2/event_pages";
const lookup = (rule: Rule, from: string, query: string, dir: string) => [
  rule(from, `${query} format=api`, `/${dir}index.api.html`, 200),
  rule(from, query, `/${dir}index.json`, 200),
];

/** `?slug=` with each `?type=`, for each slug a page of that type has; any other slug: the empty list, as Wagtail answers. */
function* exactTypeSlugRules(rules: LookupRules, rule: Rule): Generator<string> {
  for (const [type, slugs] of rules.slugs.byType) {
    for (const slug of slugs) yield* lookup(rule, PAGES_LIST, `slug=${slug} type=${type}`, typeSlugLookupDir(type, slug));
    yield rule(PAGES_LIST, `slug=:slug type=${type}`, `/${EMPTY_LOOKUP_FILE}`, 200);
  }
}

/** `?slug=` on both lists, for each slug a page has; any other slug: the empty list. */
function* exactSlugRules(rules: LookupRules, rule: Rule): Generator<string> {
  for (const slug of rules.slugs.pages) yield* lookup(rule, PAGES_LIST, `slug=${slug}`, slugLookupDir("pages", slug));
  yield rule(PAGES_LIST, "slug=:slug", `/${EMPTY_LOOKUP_FILE}`, 200);
  for (const slug of rules.slugs.event_pages) yield* lookup(rule, EVENT_PAGES_LIST, `slug=${slug}`, slugLookupDir("event_pages", slug));
  yield rule(EVENT_PAGES_LIST, "slug=:slug", `/${EMPTY_LOOKUP_FILE}`, 200);
}

/**
 * `find/?html_path=` for each page's path, as the site writes it and without its trailing slash
 * (Netlify decodes a query value before it compares it, so `%2F` needs no rule of its own): a 302
 * to the page's detail, on both routes for an event page.
 */
function* exactFindRules(model: HostModel, rules: LookupRules, rule: Rule): Generator<string> {
  for (const c of pageCollections(model)) {
    const event = c.prefix.includes("event_pages");
    for (const p of rules.pages) {
      if (event && !p.event) continue;
      const trimmed = withoutSlash(p.path);
      for (const form of trimmed === "" ? [p.path] : [p.path, trimmed]) {
        yield rule(`${c.prefix}find`, `html_path=${form}`, `${rules.baseUrl}/api/v2/pages/${p.id}/`, 302);
      }
    }
    yield rule(`${c.prefix}find`, "html_path=:path", `/${NETLIFY_FIND_NOT_FOUND_FILE}`, 404);
  }
}

/**
 * Query rules, before the documents' (a rule's query conditions need only be present, so a rule
 * without any would answer every query). Netlify's `/a/*` also matches `/a`, so each rule names
 * the addresses it is for: first a 400 for each parameter Wagtail acts on in a list that is not
 * pre-rendered; then the lookups (exact, or past the budget placeholders, where a slug no page has
 * names a missing file and gets Netlify's own 404); then find/; then the details' 400s.
 */
function queryRules(model: HostModel, rules: LookupRules, rule: Rule, exact: Record<"slugs" | "typeSlugs" | "find", string[] | null>): string[] {
  const refused = `/${NETLIFY_REFUSAL_FILE}`;
  const notFound = `/${NETLIFY_FIND_NOT_FOUND_FILE}`;
  const pages = pageCollections(model);
  const lists = pages.filter((c) => c.hasList).map((c) => withoutSlash(c.prefix));
  const placeholders = "by placeholder (a slug no page has names a missing file: Netlify's own 404)";
  return [
    "# List queries this static host has not pre-rendered: 400, saying which it has.",
    ...lists.flatMap((l) => rules.listRefused.map((k) => rule(l, `${k}=:value`, refused, 400))),
    // ?type= is pre-rendered on /api/v2/pages/ only.
    ...lists.filter((l) => l !== PAGES_LIST).map((l) => rule(l, "type=:type", refused, 400)),
    ...(exact.typeSlugs
      ? ["# ?slug= with ?type=, one rule each; any other slug: the empty list.", ...exact.typeSlugs]
      : [`# ?slug= with ?type=, ${placeholders}.`, ...rules.types.flatMap((t) => lookup(rule, PAGES_LIST, `slug=:slug type=${t}`, typeSlugLookupDir(t, ":slug")))]),
    "# ?type= alone; any other type: 400 (it is no page type).",
    ...rules.types.flatMap((t) => lookup(rule, PAGES_LIST, `type=${t}`, typeLookupDir(t))),
    rule(PAGES_LIST, "type=:type", refused, 400),
    ...(exact.slugs
      ? ["# ?slug=, one rule each; any other slug: the empty list.", ...exact.slugs]
      : [
          `# ?slug=, ${placeholders}.`,
          ...lookup(rule, PAGES_LIST, "slug=:slug", slugLookupDir("pages", ":slug")),
          ...lookup(rule, EVENT_PAGES_LIST, "slug=:slug", slugLookupDir("event_pages", ":slug")),
        ]),
    // Wagtail's find/ reads ?type= first; ?id= (after html_path) is not pre-rendered.
    ...pages.map((c) => rule(`${c.prefix}find`, "type=:type", refused, 400)),
    ...(exact.find
      ? ["# find/?html_path=: each page's path, a 302 to its detail; any other path: Wagtail's 404.", ...exact.find]
      : ["# find/?html_path=: not pre-rendered at this size, 400.", ...pages.map((c) => rule(`${c.prefix}find`, "html_path=:path", refused, 400))]),
    ...pages.flatMap((c) => [rule(`${c.prefix}find`, "id=:id", refused, 400), rule(`${c.prefix}find`, "", notFound, 404)]),
    "# What Wagtail applies to a detail (fields, filters): 400.",
    ...pages.flatMap((c) => rules.detailRefused.map((k) => rule(`${c.prefix}:id`, `${k}=:value`, refused, 400))),
  ];
}
