// The pre-rendered lookups in nginx (docs/hosts.md): the directives nginx.conf gets for them
// (`?slug=` and `?type=` read from `$arg_…` and rewritten to an internal location that serves the
// file under `_lookup/`, or the empty answer; every other query a 400), and nginx-http.conf, what
// find/?html_path= needs and nginx can hold only in the http block: a `map` from each page's path
// to its id. That file is optional (nginx.conf then answers find/ with a 400 saying so) and grows
// with the catalogue, one line per spelling of a path; nginx.conf stays the same size.
import { serialize } from "../runtime/serialize.js";
import { EMPTY_LOOKUP_FILE, IGNORED_PARAMETERS, LOOKUP_DIR, refusalBody, type LookupRules } from "./lookups.js";
import type { Collection, Header } from "./rules.js";

/** A single-quoted nginx string. nginx expands `$name` in these values and has no escape for `$`. */
export function quote(text: string): string {
  if (text.includes("$")) throw new Error(`nginx: cannot write a literal "$" into nginx.conf (in ${JSON.stringify(text)})`);
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

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
  // nginx's default buckets (64 bytes) hold one or two keys, so a map of thousands fails to build an
  // optimal hash: buckets for four of the longest key, and room for as many buckets as keys. The
  // http block must not set these itself (nginx refuses a duplicate).
  const longest = entries.reduce((n, [k]) => Math.max(n, element(k)), 0);
  const bucket = Math.max(64, powerOfTwo(4 * longest + 8));
  const sizes = [
    `map_hash_bucket_size ${bucket};`,
    ...(entries.length > 1024 ? [`map_hash_max_size ${powerOfTwo(entries.length)};`] : []),
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

/** A regex alternation of literal names. */
export const alternation = (names: readonly string[]) => names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
/** The query string holds only these parameters, each once (QueryDict keeps the last of a repeated one, nginx's $arg_ the first). */
export const onlyParameters = (names: readonly string[], body: string) => {
  const p = `(?:${alternation(names)})`;
  return [
    `if ($args !~ "^(?:${p}=[^&]*)?(?:&${p}=[^&]*)*$") { return 400 ${body}; }`,
    `if ($args ~ "(?:^|&)(${p})=.*&\\1=") { return 400 ${body}; }`,
  ];
};

/** Written once, at server level (`set $bc_refusal`); every refusal returns it. */
const REFUSAL = "$bc_refusal";

/** The lookups' directives, by where nginx.conf puts them. */
export interface LookupDirectives {
  /** At server level: the refusal's body, and find/'s variables declared. */
  server: string[];
  /** In a collection's list location: the pre-rendered queries. */
  list: (c: Collection) => string[];
  /** In a detail location: the queries a detail refuses. */
  detail: string[];
  /** In a collection's find/ location. */
  find: (c: Collection) => string[];
  /** Inside `location ^~ /api/`: the internal locations that serve the lookups' files. */
  locations: string[];
  /** After it: the named location that answers find/'s redirect. */
  named: string[];
}

/**
 * The lookups (src/host/lookups.ts) in nginx: `?slug=` and `?type=` are read from `$arg_…` and
 * rewritten to an internal location that serves the pre-rendered file, or the empty answer when no
 * page has the slug; any other list query answers 400. find/ redirects through the `map` of
 * nginx-http.conf when the http block includes it, and answers 400 saying so when it does not.
 */
export function lookupDirectives(rules: LookupRules, headers: readonly Header[], cors: boolean): LookupDirectives {
  return {
    server: [
      "# The answer to a query no file answers: this static host has only the pre-rendered lookups.",
      `set $bc_refusal ${quote(refusalBody(rules, true))};`,
      "# find/?html_path=: nginx-http.conf, included in the http block, maps each page's path to its id",
      `# (${FIND_PAGE}) and sets ${FIND_READY}. This never-true \`if\` only declares both, so that this file also`,
      "# works without it (find/ then answers 400 saying so).",
      `if ($request_method = BC_NEVER) { set ${FIND_PAGE} ""; set ${FIND_READY} ""; }`,
    ],
    list: (c) => listLookups(rules, c),
    detail: [
      "# Wagtail applies these to a detail (fields, filters): not pre-rendered, 400.",
      `if ($args ~ "(?:^|&)(?:${alternation(rules.detailRefused)})(?:=|&|$)") { return 400 ${REFUSAL}; }`,
    ],
    find: (c) => findDirectives(rules, c),
    locations: lookupLocations(),
    named: [
      "location @bc_found {",
      '    default_type "text/html; charset=utf-8";   # as Django\'s redirect',
      ...headers.map(([n, v]) => `    add_header ${n} ${quote(v)} always;`),
      ...(cors ? ["    add_header Access-Control-Allow-Origin $bc_cors_origin always;"] : []),
      "    return 200 '';   # the status stays 302 (error_page =302), the Location stays set",
      "}",
    ],
  };
}

/** A list's pre-rendered queries (?slug=, and for pages/ ?type=) rewritten to their files; any other query answers 400. */
function listLookups(rules: LookupRules, c: Collection): string[] {
  const route = c.prefix.split("/")[3]!;
  const withType = route === "pages";
  const allowed = ["slug", ...(withType ? ["type"] : []), "format", ...IGNORED_PARAMETERS];
  return [
    `# Pre-rendered lookups (${withType ? "?slug=, ?type=, both" : "?slug="}); any other query answers 400.`,
    ...onlyParameters(allowed, REFUSAL),
    // nginx does not decode query values: an encoded one cannot be looked up.
    `if ($args ~ "(?:^|&)(?:slug|type)=[^&]*%") { return 400 ${REFUSAL}; }`,
    "set $bc_slug $arg_slug;",
    '# Not a slug (a-z, 0-9, hyphens) means no page has it: "-" names no lookup, so the empty answer.',
    'if ($arg_slug !~ "^[a-z0-9-]+$") { set $bc_slug "-"; }',
    'set $bc_lookup "";',
    ...(withType
      ? [
          `if ($arg_type !~ "^(?:|${alternation(rules.types)})$") { return 400 ${REFUSAL}; }`,
          "if ($arg_type) { set $bc_lookup type/$arg_type/; }",
        ]
      : []),
    'if ($args ~ "(?:^|&)slug=") { set $bc_lookup ${bc_lookup}slug/$bc_slug/; }',
    `if ($bc_lookup) { rewrite ^ /api/_bc/lookup/${route}/$bc_lookup last; }`,
  ];
}

/** find/?html_path=: a 302 to the page the map of nginx-http.conf names, 404 when none, 400 without the map. */
function findDirectives(rules: LookupRules, c: Collection): string[] {
  const noFind = quote(serialize({
    message: "This server answers find/ only when its http block includes nginx-http.conf (written beside nginx.conf). " +
      "Without it, look the page up with ?slug= instead, or ask the preview or the Cloudflare worker.",
  }));
  const notFound = quote(serialize({ message: "not found" }));
  const canonical = '"^(?:(?:/[a-z0-9-]+)*/?|(?:%2F[a-z0-9-]+)*(?:%2F)?)$"';
  const event = c.prefix.includes("event_pages");
  return [
    ...onlyParameters(["html_path", "format", ...IGNORED_PARAMETERS], REFUSAL),
    `if ($args !~ "(?:^|&)html_path=") { return 404 ${notFound}; }`,
    `if (${FIND_READY} = "") { return 400 ${noFind}; }`,
    "# Only a path written as the site writes it (lowercase, one kind of slash) is looked up.",
    `if ($arg_html_path !~ ${canonical}) { return 400 ${REFUSAL}; }`,
    `if (${FIND_PAGE} ~ "^${event ? "e" : "[ep]"}([0-9]+)$") { return 302 ${quote(`${rules.baseUrl}/api/v2/pages/`).slice(0, -1)}$1/'; }`,
    `return 404 ${notFound};`,
  ];
}

/** The internal locations that serve the pre-rendered lookups, and find/'s 302 answered again. */
function lookupLocations(): string[] {
  return [
    "# The pre-rendered lookups: the browsable page or the JSON, or the empty answer for a slug no page has.",
    `location ~ ^/api/_bc/lookup/(?<bc_lookup>.+/)$ {`,
    "    internal;",
    "    if ($bc_browsable) { rewrite ^ /api/_bc/lookup-html/$bc_lookup last; }",
    `    try_files /${LOOKUP_DIR}/\${bc_lookup}index.json /api/_bc/empty;`,
    "}",
    `location ~ ^/api/_bc/lookup-html/(?<bc_lookup>.+/)$ {`,
    "    internal;",
    `    try_files /${LOOKUP_DIR}/\${bc_lookup}index.api.html /api/_bc/empty;`,
    "}",
    `location = /api/_bc/empty { internal; try_files /${EMPTY_LOOKUP_FILE} =404; }`,
    "# find/: nginx puts an HTML body into its own 302; answered again below, without it.",
    "error_page 302 =302 @bc_found;",
  ];
}
