// Rules for Cloudflare Pages: a _worker.js (advanced mode) that routes every request, since
// _redirects cannot answer 404 or match a query string; _headers for the files themselves
// (removing the CORS header Pages adds by default); a _redirects that says the worker routes.
import { readFileSync } from "node:fs";
import { serialize } from "../emit/serialize.js";
import { CORS_PREFLIGHT_HEADERS, notFoundBody, optionsBody, OTHER_NOT_FOUND, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

const TEMPLATE_URL = new URL("../../templates/cloudflare-worker.js", import.meta.url);

export function renderCloudflare(model: HostModel): HostFile[] {
  const rules = {
    jsonHeaders: model.jsonHeaders,
    htmlHeaders: model.htmlHeaders,
    corsOrigins: model.corsOrigins,
    preflightHeaders: CORS_PREFLIGHT_HEADERS,
    otherNotFound: serialize(OTHER_NOT_FOUND.body),
    collections: model.collections.map((c) => ({
      prefix: c.prefix,
      hasList: c.hasList,
      notFound: serialize(notFoundBody(c.model)),
      options: serialize(optionsBody(c.name)),
    })),
  };
  const worker = readFileSync(TEMPLATE_URL, "utf8").replace("/* RULES */ null", JSON.stringify(rules, null, 2));
  const cors = staticCorsOrigin(model);
  const headers = [
    "# build-catalogue: headers of the files when Pages serves them itself; the worker (_worker.js)",
    "# answers every /api/ request with the live headers.",
    "/api/*",
    ...model.jsonHeaders.filter(([n]) => n !== "Content-Type").map(([n, v]) => `  ${n}: ${v}`),
    cors ? `  Access-Control-Allow-Origin: ${cors}` : "  ! Access-Control-Allow-Origin",
    "",
  ];
  const redirects = [
    "# build-catalogue: _worker.js routes every request (301 to the trailing slash, 404 bodies,",
    "# ?format=api); Pages does not apply _redirects in advanced mode, and no rule is needed here.",
    "",
  ];
  return [
    { path: "_worker.js", text: worker },
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
  ];
}
