// Rules for nginx: nginx.conf, the directives that go inside a `server { }` block whose `root` is
// the output folder. Everything under /api/ is one `location ^~ /api/`: its types and the live
// headers are written once and inherited by the locations nested in it, and `^~` keeps the rest of
// the user's server (its regex locations) away from the API. The documents, their 404 bodies and
// the browsable pages are the build's own files, reached only through rewrites and error pages.
// No `if` guards a file: each `if` inside a location ends in `return` or `rewrite ... last`, the
// uses nginx documents as safe; `map` is not allowed inside `server`, so the request's flags
// (browsable, CORS) are `set` at server level instead.
//
// Every request under /api/ with a query string (a list's, a detail's, the images'), and every
// find/, goes to nginx's JavaScript module (njs: `js_content`), which runs the responder and the
// query engine the preview and the Cloudflare worker run (nginx-api.js, src/host/nginx-njs.ts),
// imported by nginx-http.conf in the http block; the plain addresses stay files.
import { serialize } from "../runtime/serialize.js";
import { QUERY_INDEX_FILE } from "../runtime/query/query-index.js";
import { OPENAPI_PATH } from "../runtime/respond.js";
import { CORS_PREFLIGHT_HEADERS, methodNotAllowedBody, optionsBody, type Collection, type Header, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { NJS_MODULE_FILE, renderNjsModule } from "./nginx-njs.js";

/** A single-quoted nginx string. nginx expands `$name` in these values and has no escape for `$`. */
export function quote(text: string): string {
  if (text.includes("$")) throw new Error(`nginx: cannot write a literal "$" into nginx.conf (in ${JSON.stringify(text)})`);
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

/** The name nginx-http.conf imports the module as, and the internal address that hands a request to it. */
const NJS_IMPORT = "bc_api";
const NJS_LOCATION = "/_bc_api_query";
/** Hands the request to the module; $request_uri (what it reads) keeps the request as sent. */
const toNjs = `rewrite ^ ${NJS_LOCATION} last;`;
/** A query string beyond nothing: the module answers (as the preview, `format` alone included). */
const queried = [`if ($args) { ${toNjs} }`];

const QUERY_DIR = QUERY_INDEX_FILE.split("/")[0]!;
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
}

export function renderNginx(model: HostModel): HostFile[] {
  const r = nginxContext(model);
  const out = [...serverPreamble(), ...(r.cors ? corsFlags(model) : [])];
  out.push("location ^~ /api/ {", ...indent(apiLocation(r)), "}");
  out.push(
    "location @bc_moved {",
    "    absolute_redirect off;   # a relative Location, as the live API",
    "    default_type \"\";",
    "    return 200 '';   # the status stays 301 (error_page =301), the Location stays set",
    "}",
    "",
    "# The queries: the module of nginx-http.conf answers, with the headers it writes itself (none",
    "# of /api/'s add_header: this location is outside it). Reached only through the rewrites above.",
    `location = ${NJS_LOCATION} {`,
    "    internal;",
    `    js_content ${NJS_IMPORT}.handle;`,
    "}",
    "",
  );
  if (!model.timeZone) throw new Error("nginx: the host model has no time zone (the catalogue's, which the queries read)");
  return [
    { path: "nginx.conf", text: out.join("\n") },
    { path: "nginx-http.conf", text: renderHttpConf() },
    { path: NJS_MODULE_FILE, text: renderNjsModule(model, model.timeZone) },
  ];
}

/** For the http block: the module that answers the queries, found through `js_path` (the build's folder). */
function renderHttpConf(): string {
  return [
    "# build-catalogue: the queries' module, for the http block that holds the server including",
    "# nginx.conf. nginx's JavaScript module must be loaded (Debian: apt-get install",
    "# libnginx-mod-http-js, which loads it from /etc/nginx/modules-enabled/), and js_path must name",
    "# this folder, where nginx-api.js is:",
    "#   http { js_path /srv/dist/; include /srv/dist/nginx-http.conf; server { ...; include /srv/dist/nginx.conf; } }",
    `js_import ${NJS_IMPORT} from ${NJS_MODULE_FILE};`,
    "",
  ].join("\n");
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
  return { model, cors, headers, method405 };
}

/** How to include the file, the files it keeps from being served, and the browsable page's flag. */
function serverPreamble(): string[] {
  return [
    "# build-catalogue: how the Events Catalogue API answers, for nginx. Include it inside the",
    "# server block that serves this folder:",
    "#   server { listen 8080; root /srv/dist; include /srv/dist/nginx.conf; }",
    "# and nginx-http.conf in the http block, for the queries (see that file).",
    "location = /nginx.conf { return 404; }",
    "location = /nginx-http.conf { return 404; }",
    `location = /${NJS_MODULE_FILE} { return 404; }`,
    `location ^~ /${QUERY_DIR}/ { return 404; }   # the query indexes, read by the module`,
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
const dispatch = (r: NginxContext, c: Collection, dir: string) => [
  ...queried,
  ...methods(r, c),
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
  for (const c of model.collections) api.push("", `# ${c.prefix}: ${c.name}`, ...collectionLocations(r, c));
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

/** A collection's addresses: its list, an item by id, and find/ (the module answers it, query or none). */
function collectionLocations(r: NginxContext, c: Collection): string[] {
  return [
    ...(c.hasList ? [`location = ${c.prefix} {`, ...indent(dispatch(r, c, c.prefix)), "}"] : []),
    `location ~ ^${c.prefix}(?<bc_id>[0-9]+)/$ {`, ...indent(dispatch(r, c, `${c.prefix}$bc_id/`)), "}",
    `location = ${c.prefix}find/ { ${toNjs} }`,
  ];
}
