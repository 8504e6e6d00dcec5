// Rules for nginx: nginx.conf, the directives that go inside a `server { }` block whose `root`
// is the output folder. Fixed bodies (404, OPTIONS, 405) are written into the rules themselves.
import { serialize } from "../emit/serialize.js";
import { METHODS, methodNotAllowedBody, notFoundBody, optionsBody, OTHER_NOT_FOUND, type Collection, type Header, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

/** A single-quoted nginx string: backslash, quote and newline escaped. */
const quote = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;

function headerLines(headers: readonly Header[], indent: string, cors: boolean, cache: string | null): string {
  // Content-Type comes from default_type (nginx writes it first); the others in the live order.
  // `always` puts them on 404 and 405 answers too. add_header is not inherited by a block that
  // has its own, so every block lists them all.
  const lines = headers.filter(([n]) => n !== "Content-Type" && n !== "Cache-Control").map(([n, v]) => `add_header ${n} ${quote(v)} always;`);
  if (cache) lines.push(`add_header Cache-Control ${quote(cache)};`);
  if (cors) lines.push("add_header Access-Control-Allow-Origin $bc_cors_origin always;", "add_header Access-Control-Allow-Methods $bc_cors_methods always;", "add_header Access-Control-Allow-Headers $bc_cors_headers always;", "add_header Access-Control-Max-Age $bc_cors_max_age always;");
  return lines.map((l) => indent + l).join("\n");
}

export function renderNginx(model: HostModel): HostFile[] {
  const cors = model.corsOrigins.length > 0;
  // Each block sets its own type (an empty `types` map, so no extension decides it) and headers,
  // leaving the rest of the user's server as it is.
  const json = (indent: string) =>
    `${indent}types { }\n${indent}default_type application/json;\n${indent}charset off;\n${indent}etag off;\n${headerLines(model.jsonHeaders, indent, cors, model.cacheControl)}`;
  const html = (indent: string) =>
    `${indent}types { }\n${indent}default_type "text/html; charset=utf-8";\n${indent}charset off;\n${indent}etag off;\n${headerLines(model.htmlHeaders, indent, cors, model.cacheControl)}`;
  const allowed = METHODS.join("|");
  const method405 = serialize(methodNotAllowedBody("METHOD")).replace("METHOD", "$request_method");
  const out: string[] = [];
  out.push(`# build-catalogue: how the Events Catalogue API answers, for nginx.
# Include inside the server block that serves this folder:
#   server { listen 8080; root /srv/dist; include /srv/dist/nginx.conf; }
location = /nginx.conf { return 404; }
`);
  if (cors) {
    const origins = model.corsOrigins.includes("*") ? null : model.corsOrigins.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    out.push(`# CORS (catalogue.json cors_origins): an allowed Origin is echoed; preflights get the methods.
set $bc_cors_origin "";
set $bc_cors_methods "";
set $bc_cors_headers "";
set $bc_cors_max_age "";
${origins ? `if ($http_origin ~ ${quote(`^(${origins})$`)}) { set $bc_cors_origin $http_origin; }` : `if ($http_origin) { set $bc_cors_origin "*"; }`}
set $bc_preflight "$bc_cors_origin:$request_method:$http_access_control_request_method";
if ($bc_preflight ~ "^.+:OPTIONS:.+$") { set $bc_cors_methods ${quote("GET, HEAD, OPTIONS")}; set $bc_cors_headers ${quote("Accept, Content-Type, Authorization")}; set $bc_cors_max_age 86400; }
`);
  }
  out.push(`# The browsable page (?format=api, or a browser asking for text/html) unless ?format=json.
set $bc_browsable "";
if ($http_accept ~* "^text/html") { set $bc_browsable 1; }
if ($arg_format = api) { set $bc_browsable 1; }
if ($arg_format = json) { set $bc_browsable ""; }

# The files behind the addresses are reached only by the rewrites below.
location ~ ^/api/.+\\.api\\.html$ {
    internal;
${html("    ")}
    error_page 404 = @bc_not_found;
}
location @bc_not_found {
${json("    ")}
    return 404 ${quote(serialize(OTHER_NOT_FOUND.body))};
}
`);
  const dispatch = (c: Collection, target: string, indent: string) =>
    [
      `if ($request_method = OPTIONS) { return 200 ${quote(serialize(optionsBody(c.name)))}; }`,
      `if ($request_method !~ ^(${allowed})$) { return 405 ${quote(method405)}; }`,
      `if ($bc_browsable) { rewrite ^ ${target}index.api.html last; }`,
      `rewrite ^ ${target}index.json last;`,
    ].map((l) => indent + l).join("\n");
  for (const c of model.collections) {
    const name = c.model.toLowerCase();
    out.push(`# ${c.prefix}: ${c.name}
location ~ ^${c.prefix}(?:[0-9]+/)?index\\.json$ {
    internal;
${json("    ")}
    error_page 404 = @bc_${name}_not_found;
}
location @bc_${name}_not_found {
${json("    ")}
    return 404 ${quote(serialize(notFoundBody(c.model)))};
}
${c.hasList ? `location = ${c.prefix} {
${json("    ")}
${dispatch(c, c.prefix, "    ")}
}
` : ""}location ~ ^${c.prefix}(?<bc_id>[0-9]+)/$ {
${json("    ")}
${dispatch(c, `${c.prefix}$bc_id/`, "    ")}
}
`);
  }
  out.push(`# An address without its trailing slash: 301 to it, the query string kept, for every method.
location ~ ^/api/.*[^/]$ {
    absolute_redirect off;   # a relative Location, as the live API
    return 301 $uri/$is_args$args;
}
# Any other address under /api/: a JSON 404, never an HTML page.
location /api/ {
${json("    ")}
    if ($request_method !~ ^(${allowed})$) { return 405 ${quote(method405)}; }
    return 404 ${quote(serialize(OTHER_NOT_FOUND.body))};
}
`);
  return [{ path: "nginx.conf", text: out.join("\n") }];
}
