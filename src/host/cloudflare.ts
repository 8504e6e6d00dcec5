// Rules for Cloudflare Pages. _redirects cannot answer a 404, match a query string or refuse a
// method, so a _worker.js (advanced mode) answers every request: templates/cloudflare-worker.js
// with the routing table written in as data. _headers and _redirects matter only when the worker
// does not run: by default a Pages project "fails open" to its static files once a free plan's
// daily Functions requests are spent. They then keep the documents reachable with the live
// headers. They change nothing in the worker's own reads of the files: no rule matches a file's
// path, and the worker sends headers of its own. No _routes.json: the worker must see every
// request, which is Pages' default.
import { readFileSync } from "node:fs";
import { serialize } from "../emit/serialize.js";
import { CORS_PREFLIGHT_HEADERS, notFoundBody, optionsBody, OTHER_NOT_FOUND, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

const TEMPLATE_URL = new URL("../../templates/cloudflare-worker.js", import.meta.url);
const JSON_FILE = "index.json";
const HTML_FILE = "index.api.html";

export function renderCloudflare(model: HostModel): HostFile[] {
  // The worker finds a document's files beside its address; the model must agree.
  for (const d of model.documents) {
    if (d.file !== `${d.path.slice(1)}${JSON_FILE}` || d.htmlFile !== `${d.path.slice(1)}${HTML_FILE}`) {
      throw new Error(`cloudflare: ${d.path} is answered from ${d.file}, not from ${JSON_FILE} beside it`);
    }
  }
  const rules = {
    jsonHeaders: model.jsonHeaders,
    htmlHeaders: model.htmlHeaders,
    corsOrigins: model.corsOrigins,
    preflightHeaders: CORS_PREFLIGHT_HEADERS,
    jsonFile: JSON_FILE,
    htmlFile: HTML_FILE,
    // The same bytes as the 404 and OPTIONS files the build writes, without reading them per request.
    otherNotFound: serialize(OTHER_NOT_FOUND.body),
    collections: model.collections.map((c) => ({
      prefix: c.prefix,
      hasList: c.hasList,
      notFound: serialize(notFoundBody(c.model)),
      options: serialize(optionsBody(c.name)),
      ids: c.ids,
    })),
  };
  const template = readFileSync(TEMPLATE_URL, "utf8");
  if (!template.includes("/* RULES */ null")) throw new Error("cloudflare: templates/cloudflare-worker.js has no RULES placeholder");
  // A function replacement, so `$` in a header value is not read as a replacement pattern.
  const worker = template.replace("/* RULES */ null", () => JSON.stringify(rules, null, 2));

  // Fallback only. Pages sets Content-Type from the extension and adds Access-Control-Allow-Origin;
  // `!` detaches it unless one origin (or *) can be named statically.
  const cors = staticCorsOrigin(model);
  const headers = [
    "# build-catalogue: _worker.js answers every request with the live headers. These apply only",
    "# when the worker does not run and Pages serves the files itself.",
    "/api/*",
    ...model.jsonHeaders.filter(([n]) => n !== "Content-Type").map(([n, v]) => `  ${n}: ${v}`),
    cors ? `  Access-Control-Allow-Origin: ${cors}` : "  ! Access-Control-Allow-Origin",
    "",
  ];
  // Fallback only: each address rewritten to its file (Pages serves only index.html for a folder).
  // Every pattern ends in `/`, so none matches the file paths the worker reads through env.ASSETS.
  // No 301 rule: `/api/v2/event_pages/:id` would also match `index.json` and redirect the worker.
  const rewrites = model.collections.flatMap((c) => [
    ...(c.hasList ? [`${c.prefix} ${c.prefix}${JSON_FILE} 200`] : []),
    `${c.prefix}:id/ ${c.prefix}:id/${JSON_FILE} 200`,
  ]);
  const redirects = [
    "# build-catalogue: _worker.js answers every request (301, 404 bodies, ?format=api, OPTIONS, 405).",
    "# These rewrites apply only when the worker does not run and Pages serves the files itself.",
    ...rewrites,
    "",
  ];
  return [
    { path: "_worker.js", text: worker },
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
  ];
}
