// Rules for Netlify: _headers and _redirects. Netlify removes the trailing slash before matching,
// so every address is served by a 200 rewrite to its file (the slashless address answers the same,
// not a 301). Ids are listed one by one, so an unknown id falls through to the 404 rules.
import { staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";
import { LOOKUP_DIR, refusalBody, slugLookupDir, typeLookupDir, typeSlugLookupDir, type LookupRules } from "./lookups.js";

/** The 400 body of a query no file answers (Netlify answers a rule's status with a file's bytes). */
export const NETLIFY_REFUSAL_FILE = `${LOOKUP_DIR}/400.netlify.json`;

const withoutSlash = (p: string) => p.replace(/\/$/, "");

export function renderNetlify(model: HostModel): HostFile[] {
  // Headers apply by request path and cannot depend on the query string; Content-Type comes from
  // the served file's extension (.json or .html), so it is right for the browsable page too.
  const cors = staticCorsOrigin(model);
  const headerValues = [
    ...model.jsonHeaders.filter(([n]) => n !== "Content-Type"),
    ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : []),
  ];
  const headers = ["# build-catalogue: the live API's headers for every address under /api/.", "/api/*", ...headerValues.map(([n, v]) => `  ${n}: ${v}`), ""];

  const width = Math.max(...model.documents.map((d) => withoutSlash(d.path).length)) + 2;
  const rule = (from: string, query: string, to: string, status: number) =>
    `${from.padEnd(width)}${query ? `${query}  ` : ""}${to}  ${status}`;
  const redirects = [
    "# build-catalogue: every address of the API, then JSON 404s. First match wins; Netlify strips",
    "# the trailing slash before matching, so each rule serves the address with and without it.",
    ...(model.lookups ? queryRules(model, model.lookups, rule) : []),
    ...documentRules(model, rule),
    "# Unknown ids, then any other address under /api/: JSON 404 bodies.",
    ...model.collections.map((c) => rule(`${c.prefix}*`, "", `/${c.notFoundFile}`, 404)),
    rule("/api/*", "", `/${model.otherNotFoundFile}`, 404),
    "",
  ];
  return [
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
    ...(model.lookups ? [{ path: NETLIFY_REFUSAL_FILE, text: refusalBody(model.lookups, false) }] : []),
  ];
}

/**
 * Netlify advises fewer than 10,000 rules. Up to that, one rule per address, so an unknown id falls
 * through to its collection's JSON 404; past it, one `:id` placeholder per collection, constant in
 * number, where an unknown id names a missing file and gets Netlify's own 404 page (docs/hosts.md).
 */
export const NETLIFY_PER_ADDRESS_LIMIT = 9_000;

function documentRules(model: HostModel, rule: (from: string, query: string, to: string, status: number) => string): string[] {
  if (model.documents.length * 2 <= NETLIFY_PER_ADDRESS_LIMIT) {
    return [
      "# The browsable page (?format=api) first:",
      ...model.documents.map((d) => rule(withoutSlash(d.path), "format=api", `/${d.htmlFile}`, 200)),
      "# The JSON documents:",
      ...model.documents.map((d) => rule(withoutSlash(d.path), "", `/${d.file}`, 200)),
    ];
  }
  const lists = model.documents.filter((d) => d.path === d.collection.prefix);
  return [
    `# ${model.documents.length} addresses: the browsable page (?format=api) first, ids by placeholder.`,
    ...lists.map((d) => rule(withoutSlash(d.path), "format=api", `/${d.htmlFile}`, 200)),
    ...model.collections.map((c) => rule(`${c.prefix}:id`, "format=api", `${c.prefix}:id/index.api.html`, 200)),
    "# The JSON documents:",
    ...lists.map((d) => rule(withoutSlash(d.path), "", `/${d.file}`, 200)),
    ...model.collections.map((c) => rule(`${c.prefix}:id`, "", `${c.prefix}:id/index.json`, 200)),
  ];
}

/**
 * Query rules, before the documents' (a rule's query conditions need only be present, so a rule
 * without any would answer every query): 400 for each parameter Wagtail acts on that is not
 * pre-rendered, then the lookups, the browsable page first. Constant in number: the slug is a
 * placeholder, so a slug no page has names a missing file, which Netlify answers with its 404.
 */
function queryRules(model: HostModel, rules: LookupRules, rule: (from: string, query: string, to: string, status: number) => string): string[] {
  const refused = `/${NETLIFY_REFUSAL_FILE}`;
  const lists = model.collections.filter((c) => c.hasList).map((c) => withoutSlash(c.prefix));
  const route = (list: string) => list.split("/")[3] as "pages" | "event_pages";
  const both = (from: string, query: string, dir: string) => [
    rule(from, `${query} format=api`, `/${dir}index.api.html`, 200),
    rule(from, query, `/${dir}index.json`, 200),
  ];
  return [
    "# Queries this static host has not pre-rendered: 400, saying which it has.",
    ...lists.flatMap((l) => rules.listRefused.map((k) => rule(l, `${k}=:value`, refused, 400))),
    ...model.collections.flatMap((c) => rules.detailRefused.map((k) => rule(`${c.prefix}*`, `${k}=:value`, refused, 400))),
    ...model.collections.map((c) => rule(`${c.prefix}find`, "html_path=:path", refused, 400)),
    // ?type= is pre-rendered on /api/v2/pages/ only.
    ...lists.filter((l) => route(l) !== "pages").map((l) => rule(l, "type=:type", refused, 400)),
    "# The pre-rendered lookups: ?slug= with ?type=, ?type=, ?slug=.",
    ...lists.flatMap((l) => {
      if (route(l) !== "pages") return both(l, "slug=:slug", slugLookupDir(route(l), ":slug"));
      return [
        ...rules.types.flatMap((t) => both(l, `slug=:slug type=${t}`, typeSlugLookupDir(t, ":slug"))),
        ...rules.types.flatMap((t) => both(l, `type=${t}`, typeLookupDir(t))),
        rule(l, "type=:type", refused, 400),
        ...both(l, "slug=:slug", slugLookupDir("pages", ":slug")),
      ];
    }),
  ];
}
