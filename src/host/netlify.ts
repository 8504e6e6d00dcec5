// Rules for Netlify: _headers and _redirects. Netlify removes the trailing slash before matching,
// so every address is served by a 200 rewrite to its file (the slashless address answers the same,
// not a 301). Up to a few thousand documents, ids are listed one by one, so an unknown id falls
// through to the 404 rules; past that, one placeholder rule per collection (`:id`) keeps the file
// far under the 10,000 rules Netlify advises, and an unknown id gets Netlify's own not-found answer.
import { documentCount, documentFiles, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

const withoutSlash = (p: string) => p.replace(/\/$/, "");

/** Per-address rules (two per document) while they stay this few; placeholders beyond. */
export const NETLIFY_LISTED_RULES_UP_TO = 5_000;

export function renderNetlify(model: HostModel): HostFile[] {
  // Headers apply by request path and cannot depend on the query string; Content-Type comes from
  // the served file's extension (.json or .html), so it is right for the browsable page too.
  const cors = staticCorsOrigin(model);
  const headerValues = [
    ...model.jsonHeaders.filter(([n]) => n !== "Content-Type"),
    ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : []),
  ];
  const headers = ["# build-catalogue: the live API's headers for every address under /api/.", "/api/*", ...headerValues.map(([n, v]) => `  ${n}: ${v}`), ""];

  const count = documentCount(model);
  const listed = 2 * count <= NETLIFY_LISTED_RULES_UP_TO;
  // Placeholders stand for ids; the list is the one document of its own (it has no id).
  const addresses = listed
    ? model.documents.map((d) => ({ from: withoutSlash(d.path), file: `/${d.file}`, html: `/${d.htmlFile}` }))
    : model.collections.flatMap((c) => [
        ...(c.hasList ? [documentFiles(c, null)] : []).map((d) => ({ from: withoutSlash(d.path), file: `/${d.file}`, html: `/${d.htmlFile}` })),
        { from: `${c.prefix}:id`, file: `${c.prefix}:id/index.json`, html: `${c.prefix}:id/index.api.html` },
      ]);
  const width = Math.max(...addresses.map((a) => a.from.length), ...model.collections.map((c) => c.prefix.length + 1)) + 2;
  const rule = (from: string, query: string, to: string, status: number) =>
    `${from.padEnd(width)}${query ? `${query}  ` : ""}${to}  ${status}`;
  const redirects = [
    "# build-catalogue: every address of the API, then JSON 404s. First match wins; Netlify strips",
    "# the trailing slash before matching, so each rule serves the address with and without it.",
    ...(listed ? [] : [
      `# ${count} documents: one placeholder rule per collection instead of one rule per address`,
      "# (Netlify advises fewer than 10,000 rules); an unknown id gets Netlify's own not-found answer.",
    ]),
    "# The browsable page (?format=api) first:",
    ...addresses.map((a) => rule(a.from, "format=api", a.html, 200)),
    "# The JSON documents:",
    ...addresses.map((a) => rule(a.from, "", a.file, 200)),
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
