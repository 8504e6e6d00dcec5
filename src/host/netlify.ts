// Rules for Netlify: _headers, _redirects and an edge function. Netlify removes the trailing slash
// before matching a rule, so every address is served by a 200 rewrite to its file. Rules are exact
// (one per address) while they fit the rule budget, so an unknown id falls through to its JSON
// 404; past it, one placeholder per collection. Netlify cannot route by query string, so the edge
// function (src/adapters/netlify-edge.ts, the runtime responder) runs for every address under
// /api/ but the files themselves: it answers every query string, find/, methods, OPTIONS and a
// path without its slash as the live API does, and passes a plain GET or HEAD on to the files and
// these rules (docs/hosts.md, Netlify).
import { servedRules, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { adapterModule } from "./adapter-bundle.js";
import { browsableTemplate } from "../io/browsable-page.js";

/**
 * Netlify advises fewer than 10,000 rules (src/host/limits.ts). The rules that grow with the
 * catalogue (one per address) are written while they total at most this many; the rest of the
 * file is a few rules at any size.
 */
export const NETLIFY_ITEM_RULES = 9_000;

/** The edge function; a site names its folder in netlify.toml (`edge_functions`). */
export const NETLIFY_EDGE_FUNCTION_FILE = "_netlify/edge-functions/api-answers.js";

/**
 * Where the function runs: every address under /api/ but a file's own path (`index.json`,
 * `openapi.json`), so its reads of the build's files, and a plain file, go straight to the files.
 */
export const NETLIFY_EDGE_FUNCTION_CONFIG = { path: "/api/*", excludedPattern: "^/api/.*\\.(?:json|html)$" };

const withoutSlash = (p: string) => p.replace(/\/$/, "");

export function renderNetlify(model: HostModel): HostFile[] {
  // Headers apply by request path; Content-Type comes from the served file's extension. The edge
  // function sets them all on its own answers, Content-Type included.
  const cors = staticCorsOrigin(model);
  const jsonHeaders = [...model.jsonHeaders, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])];
  const headerValues = jsonHeaders.filter(([n]) => n !== "Content-Type");
  const headers = ["# build-catalogue: the live API's headers for every address under /api/.", "/api/*", ...headerValues.map(([n, v]) => `  ${n}: ${v}`), ""];

  // Each rule as [from, to, status], padded into columns once all are known.
  type Rule = readonly [from: string, to: string, status: number];
  const documents: (string | Rule)[] = model.documents.length <= NETLIFY_ITEM_RULES
    ? ["# The documents, one rule each:", ...model.documents.map((d): Rule => [withoutSlash(d.path), `/${d.file}`, 200])]
    : [
        `# ${model.documents.length} addresses: ids by placeholder (an unknown id names a missing file, answered by the edge function).`,
        ...model.collections.filter((c) => c.hasList).map((c): Rule => [withoutSlash(c.prefix), `/${c.prefix.slice(1)}index.json`, 200]),
        ...model.collections.map((c): Rule => [`${c.prefix}:id`, `${c.prefix}:id/index.json`, 200]),
      ];
  const lines: (string | Rule)[] = [
    "# build-catalogue: the API's plain addresses (GET and HEAD without a query string; the edge",
    "# function answers the rest), then JSON 404s. First match wins; Netlify strips the trailing",
    "# slash before matching, so each rule serves the address with and without it.",
    ...documents,
    "# Unknown ids, then any other address under /api/: JSON 404 bodies.",
    ...model.collections.map((c): Rule => [`${c.prefix}*`, `/${c.notFoundFile}`, 404]),
    ["/api/*", `/${model.otherNotFoundFile}`, 404],
  ];
  const width = Math.max(...lines.map((l) => (typeof l === "string" ? 0 : l[0].length))) + 2;
  const redirects = [...lines.map((l) => (typeof l === "string" ? l : `${l[0].padEnd(width)}${l[1]}  ${l[2]}`)), ""];
  const edgeFunction = adapterModule("netlify-edge", [
    `export default netlifyEdgeFunction(${JSON.stringify(servedRules(model, browsableTemplate()))});`,
    `export const config = ${JSON.stringify(NETLIFY_EDGE_FUNCTION_CONFIG)};`,
  ]);
  return [
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
    { path: NETLIFY_EDGE_FUNCTION_FILE, text: edgeFunction },
  ];
}
