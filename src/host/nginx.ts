// Rules for nginx: nginx.conf, the directives that go inside a `server { }` block whose `root` is
// the output folder. Everything under /api/ is one `location ^~ /api/`: its types and the live
// headers are written once and inherited by the locations nested in it, and `^~` keeps the rest of
// the user's server (its regex locations) away from the API. The documents, their 404 bodies and
// the browsable pages are the build's own files, reached only through rewrites and error pages.
// No `if` guards a file: each `if` inside a location ends in `return` or `rewrite ... last`, the
// uses nginx documents as safe; `map` is not allowed inside `server`, so the request's flags
// (browsable, CORS) are `set` at server level instead.
import { serialize } from "../runtime/serialize.js";
import { OPENAPI_PATH } from "../runtime/respond.js";
import { CORS_PREFLIGHT_HEADERS, methodNotAllowedBody, optionsBody, type Collection, type Header, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { IMAGE_DETAIL_PARAMETERS, imageRefusalBody, LOOKUP_DIR } from "./lookups.js";
import { lookupDirectives, onlyParameters, alternation, quote, renderNginxFindMap, type LookupDirectives } from "./nginx-lookups.js";

const indent = (lines: string[], by = "    ") => lines.map((l) => (l ? by + l : l));
const withoutContentType = (headers: readonly Header[]) => headers.filter(([n]) => n !== "Content-Type");
const contentType = (headers: readonly Header[]) => headers.find(([n]) => n === "Content-Type")?.[1] ?? "application/json";
/** `Access-Control-Allow-Methods` -> `$bc_access_control_allow_methods`. */
const variable = (header: string) => `$bc_${header.toLowerCase().replace(/-/g, "_")}`;

/** What each part of nginx.conf is written from. */
interface NginxContext {
  model: HostModel;
  /** CORS is on (cors_origins in catalogue.json). */
  cors: boolean;
  /** The live headers but Content-Type (the types map gives it), with Origin in Vary when the answer depends on it. */
  headers: Header[];
  /** The 405 body, naming the method. */
  method405: string;
  lookups: LookupDirectives | null;
}

export function renderNginx(model: HostModel): HostFile[] {
  const r = nginxContext(model);
  const out = [...serverPreamble(model), ...(r.cors ? corsFlags(model) : [])];
  if (r.lookups) out.push(...r.lookups.server, "");
  out.push("location ^~ /api/ {", ...indent(apiLocation(r)), "}");
  out.push(
    "location @bc_moved {",
    "    absolute_redirect off;   # a relative Location, as the live API",
    "    default_type \"\";",
    "    return 200 '';   # the status stays 301 (error_page =301), the Location stays set",
    "}",
    "",
  );
  if (r.lookups) out.push(...r.lookups.named, "");
  return [
    { path: "nginx.conf", text: out.join("\n") },
    ...(model.lookups ? [{ path: "nginx-http.conf", text: renderNginxFindMap(model.lookups) }] : []),
  ];
}

function nginxContext(model: HostModel): NginxContext {
  // The JSON files and the browsable pages share one location, so one list of headers: the
  // types map gives each its Content-Type, which must be the only difference.
  if (JSON.stringify(withoutContentType(model.jsonHeaders)) !== JSON.stringify(withoutContentType(model.htmlHeaders))) {
    throw new Error("nginx: the browsable page's headers differ from the JSON ones beyond Content-Type");
  }
  const cors = model.corsOrigins.length > 0;
  const anyOrigin = model.corsOrigins.includes("*");
  // Echoing one of several origins makes the answer depend on Origin: caches must know.
  const headers = withoutContentType(model.jsonHeaders).map(([n, v]): Header => (n === "Vary" && cors && !anyOrigin ? [n, `${v}, Origin`] : [n, v]));
  const method405 = quote(serialize(methodNotAllowedBody("NGINX_METHOD"))).replace("NGINX_METHOD", "$request_method");
  return { model, cors, headers, method405, lookups: model.lookups ? lookupDirectives(model.lookups, headers, cors) : null };
}

/** How to include the file, the files it keeps from being served, and the browsable page's flag. */
function serverPreamble(model: HostModel): string[] {
  return [
    "# build-catalogue: how the Events Catalogue API answers, for nginx. Include it inside the",
    "# server block that serves this folder:",
    "#   server { listen 8080; root /srv/dist; include /srv/dist/nginx.conf; }",
    ...(model.lookups ? ["# and, for find/?html_path=, nginx-http.conf in the http block (see that file)."] : []),
    "location = /nginx.conf { return 404; }",
    ...(model.lookups ? ["location = /nginx-http.conf { return 404; }", `location ^~ /${LOOKUP_DIR}/ { return 404; }   # served only through /api/`] : []),
    "",
    "# The browsable page: ?format=api, or a browser asking for text/html, unless ?format=json.",
    'set $bc_browsable "";',
    'if ($http_accept ~* "^text/html") { set $bc_browsable 1; }',
    "if ($arg_format = api) { set $bc_browsable 1; }",
    'if ($arg_format = json) { set $bc_browsable ""; }',
    "",
  ];
}

/** The request's CORS flags, set at server level: the origin to echo, and a preflight's headers. */
function corsFlags(model: HostModel): string[] {
  return [
    "# CORS (cors_origins in catalogue.json): an allowed Origin is echoed back; a preflight (OPTIONS",
    "# with Access-Control-Request-Method) from it also gets the allowed methods and headers.",
    ...(model.corsOrigins.includes("*")
      ? ["set $bc_cors_origin '*';"]
      : ['set $bc_cors_origin "";', ...model.corsOrigins.map((o) => `if ($http_origin = ${quote(o)}) { set $bc_cors_origin $http_origin; }`)]),
    'set $bc_preflight "";',
    "if ($http_access_control_request_method) { set $bc_preflight $bc_cors_origin; }",
    'if ($request_method != OPTIONS) { set $bc_preflight ""; }',
    ...CORS_PREFLIGHT_HEADERS.map(([n]) => `set ${variable(n)} "";`),
    `if ($bc_preflight) { ${CORS_PREFLIGHT_HEADERS.map(([n, v]) => `set ${variable(n)} ${quote(v)};`).join(" ")} }`,
    "",
  ];
}

/**
 * The answers of one address: OPTIONS and 405 bodies are fixed (405 names the method), GET and
 * HEAD are rewritten to the file beside the address.
 */
const methods = (r: NginxContext, c: Collection) => [
  ...(r.cors ? ["if ($bc_preflight) { return 200 ''; }"] : []),
  `if ($request_method = OPTIONS) { return 200 ${quote(serialize(optionsBody(c.name)))}; }`,
  `if ($request_method !~ ^(GET|HEAD)$) { return 405 ${r.method405}; }`,
];
const dispatch = (r: NginxContext, c: Collection, dir: string, queries: string[] = []) => [
  ...methods(r, c),
  ...queries,
  `if ($bc_browsable) { rewrite ^ ${dir}index.api.html last; }`,
  `rewrite ^ ${dir}index.json last;`,
];

/** Inside `location ^~ /api/`: the types and live headers, the build's files kept internal, each collection's addresses. */
function apiLocation(r: NginxContext): string[] {
  const { model, headers, cors } = r;
  const api = [
    `types { ${contentType(model.jsonHeaders)} json; ${JSON.stringify(contentType(model.htmlHeaders))} html; }`,
    `default_type ${contentType(model.jsonHeaders)};`,
    "charset off;",
    "etag off;   # nginx would write ETag before the live headers",
    "# The live headers, in order; `always` puts them on 404 and 405 answers too.",
    ...headers.map(([n, v]) => `add_header ${n} ${quote(v)} always;`),
    ...(cors ? [["Access-Control-Allow-Origin", "$bc_cors_origin"], ...CORS_PREFLIGHT_HEADERS.map(([n]) => [n, variable(n)])].map(([n, v]) => `add_header ${n} ${v} always;`) : []),
    `error_page 404 /${model.otherNotFoundFile};`,
    "",
    "# The build's files answer only through the rules below (`internal`): asked for directly, 404.",
    ...[model.otherNotFoundFile, ...model.collections.map((c) => c.notFoundFile)].map((f) => `location = /${f} { internal; }`),
    "",
    "# The OpenAPI document: a file with a name, served as it is (GET and HEAD).",
    `location = ${OPENAPI_PATH} { if ($request_method !~ ^(GET|HEAD)$) { return 405 ${r.method405}; } }`,
  ];
  for (const c of model.collections) {
    api.push(
      `location ~ ^${c.prefix}(?:[0-9]+/)?index\\.(?:json|api\\.html)$ {`,
      "    internal;",
      `    error_page 404 /${c.notFoundFile};   # an id without a file is unknown here`,
      "}",
    );
  }
  for (const c of model.collections) api.push("", `# ${c.prefix}: ${c.name}`, ...(c.kind === "images" ? imageLocations(r, c) : pageLocations(r, c)));
  if (r.lookups) api.push("", ...r.lookups.locations);
  api.push(
    "",
    "# An address without its trailing slash: 301 to it, the query string kept, for every method.",
    "# The raw $request_uri, not the decoded $uri, so an encoded CR or LF stays encoded in Location.",
    "location ~ [^/]$ {",
    '    if ($request_uri ~ "^([^?]*)") { return 301 $1/$is_args$args; }',
    "    error_page 301 =301 @bc_moved;   # answered again below, without nginx's HTML body",
    "}",
    "",
    "# Any other address under /api/: the JSON 404 (error_page above), for every method.",
    "return 404;",
  );
  return api;
}

/** The images endpoint's addresses: no query of it is pre-rendered; the list takes format alone, a detail ignores what Wagtail ignores. */
function imageLocations(r: NginxContext, c: Collection): string[] {
  const imageRefusal = quote(imageRefusalBody());
  return [
    `location = ${c.prefix} {`, ...indent(dispatch(r, c, c.prefix, onlyParameters(["format", "_"], imageRefusal))), "}",
    `location ~ ^${c.prefix}(?<bc_id>[0-9]+)/$ {`,
    ...indent(dispatch(r, c, `${c.prefix}$bc_id/`, [`if ($args ~ "(?:^|&)(?:${alternation(IMAGE_DETAIL_PARAMETERS)})(?:=|&|$)") { return 400 ${imageRefusal}; }`])),
    "}",
    `location = ${c.prefix}find/ {`, ...indent([...methods(r, c), `return 400 ${imageRefusal};`]), "}",
  ];
}

/** A page collection's addresses: its list (with the pre-rendered queries' lookups), a page by id, find/. */
function pageLocations(r: NginxContext, c: Collection): string[] {
  const { lookups } = r;
  return [
    ...(c.hasList ? [`location = ${c.prefix} {`, ...indent(dispatch(r, c, c.prefix, lookups?.list(c) ?? [])), "}"] : []),
    `location ~ ^${c.prefix}(?<bc_id>[0-9]+)/$ {`, ...indent(dispatch(r, c, `${c.prefix}$bc_id/`, lookups?.detail ?? [])), "}",
    ...(lookups ? [`location = ${c.prefix}find/ {`, ...indent([...methods(r, c), ...lookups.find(c)]), "}"] : []),
  ];
}
