// Rules for Netlify: _headers and _redirects. Netlify removes the trailing slash before matching,
// so every address is served by a 200 rewrite to its file (the slashless address answers the same,
// not a 301). Ids are listed one by one, so an unknown id falls through to the 404 rules.
import { staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

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
    "# The browsable page (?format=api) first:",
    ...model.documents.map((d) => rule(withoutSlash(d.path), "format=api", `/${d.htmlFile}`, 200)),
    "# The JSON documents:",
    ...model.documents.map((d) => rule(withoutSlash(d.path), "", `/${d.file}`, 200)),
    "# Unknown ids, then any other address under /api/: JSON 404 bodies.",
    ...model.collections.map((c) => rule(`${c.prefix}*`, "", `/${c.notFoundFile}`, 404)),
    rule("/api/*", "", `/${model.otherNotFoundFile}`, 404),
    "",
  ];
  return [
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
  ];
}
