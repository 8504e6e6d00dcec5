// Rules for Vercel: vercel.json for deploying the output folder as a project of its own, and the
// edge function that answers queries (src/adapters/vercel-edge.ts, the runtime responder). Only
// `routes` can answer 301 (trailingSlash answers 308) and 404 or 405 with bodies of our own, and
// `routes` cannot be mixed with headers/redirects/rewrites, so everything is a route. Vercel
// matches `src` ignoring case unless a route says `caseSensitive`, and `has` values always
// ignoring case, as unanchored regular expressions: every route is case-sensitive but the last
// 404. A route's `has` names one query key: each key Wagtail acts on (src/host/query-keys.ts) is
// a route to the function, and find/ always is; a plain address is a file. `vercel build` turns
// the folder into the Build Output API's static files; the function is written ready in that API's
// own form (`_vercel/functions/`), which the recipe copies beside them: `vercel build` makes
// functions only of api/ (here the API's own files, which it would then no longer serve) or of
// `builds`, which took over ten minutes on 10,000 event pages.
import { methodNotAllowedFile, REFUSED_METHODS, servedRules, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { OPENAPI_PATH } from "../runtime/respond.js";
import { adapterModule } from "./adapter-bundle.js";
import { browsableTemplate } from "../io/browsable-page.js";
import { VERCEL_READ_HEADER } from "../adapters/vercel-edge.js";

/** The Build Output API's functions, which the recipe copies into `.vercel/output/functions/` after `vercel build`. */
export const VERCEL_FUNCTIONS_DIR = "_vercel/functions";
/** The edge function's address: `.vercel/output/functions/api-answers.func`. */
export const VERCEL_FUNCTION_PATH = "/api-answers";

type Route = Record<string, unknown>;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IDS_PER_ROUTE = 400; // keeps each route's source short on large catalogues
const exact = { caseSensitive: true };
const FUNCTION = { dest: VERCEL_FUNCTION_PATH };

export function renderVercel(model: HostModel): HostFile[] {
  const cors = staticCorsOrigin(model);
  const headersOf = (list: readonly (readonly [string, string])[]) =>
    Object.fromEntries([...list, ...(cors ? [["Access-Control-Allow-Origin", cors] as const] : [])]);
  const json = headersOf(model.jsonHeaders);

  const routes: Route[] = [
    // The function's own reads of the build's files: the files, before any rule of the API.
    { src: "^(/(?:api|_query)/.+\\.json)$", ...exact, has: [{ type: "header", key: VERCEL_READ_HEADER }], dest: "$1" },
    // The OpenAPI document: a file with a name, served as it is.
    { src: `^${escapeRegex(OPENAPI_PATH)}$`, ...exact, methods: ["GET", "HEAD"], dest: OPENAPI_PATH, headers: json },
    ...REFUSED_METHODS.map((method) => ({ src: `^${escapeRegex(OPENAPI_PATH)}$`, ...exact, methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json })),
    // A path without its trailing slash: 301 (Vercel keeps the query string on redirects).
    { src: "^/api/(.*[^/])$", ...exact, status: 301, headers: { Location: "/api/$1/" } },
    ...model.collections.map((c) => ({ src: `^${escapeRegex(c.prefix)}.*$`, ...exact, methods: ["OPTIONS"], dest: `/${c.optionsFile}`, headers: json })),
    ...REFUSED_METHODS.map((method) => ({ src: "^/api/.*$", ...exact, methods: [method], dest: `/${methodNotAllowedFile(method)}`, status: 405, headers: json })),
    ...functionRoutes(model),
  ];
  for (const c of model.collections) {
    const prefix = escapeRegex(c.prefix);
    if (c.hasList) routes.push({ src: `^${prefix}$`, ...exact, dest: `${c.prefix}index.json`, headers: json });
    // Ids are listed, so an unknown one falls through to the 404 routes below.
    for (let i = 0; i < c.ids.length; i += IDS_PER_ROUTE) {
      const ids = c.ids.slice(i, i + IDS_PER_ROUTE).join("|");
      routes.push({ src: `^${prefix}(${ids})/$`, ...exact, dest: `${c.prefix}$1/index.json`, headers: json });
    }
  }
  routes.push(
    ...model.collections.map((c) => ({ src: `^${escapeRegex(c.prefix)}.*$`, ...exact, status: 404, dest: `/${c.notFoundFile}`, headers: json })),
    // Any other address under /api/, in any case (Vercel's own 404 is an HTML page).
    { src: "^/api/.*$", status: 404, dest: `/${model.otherNotFoundFile}`, headers: json },
  );
  const fn = adapterModule("vercel-edge", [`export default vercelEdgeFunction(${JSON.stringify(servedRules(model, browsableTemplate()))});`]);
  const func = `${VERCEL_FUNCTIONS_DIR}${VERCEL_FUNCTION_PATH}.func`;
  // As `vercel build` describes an edge function it built.
  const config = { runtime: "edge", deploymentTarget: "v8-worker", entrypoint: "index.js" };
  return [
    { path: "vercel.json", text: `${JSON.stringify({ routes }, null, 2)}\n` },
    { path: `${func}/.vc-config.json`, text: `${JSON.stringify(config, null, 2)}\n` },
    { path: `${func}/index.js`, text: fn },
  ];
}

type Condition = { type: "query"; key: string; value?: string };
const query = (key: string, value?: string): Condition => ({ type: "query", key, ...(value === undefined ? {} : { value }) });

/**
 * The requests the function answers, before the files' routes (which match whatever the query):
 * find/ on every collection, each query key Wagtail acts on, and the browsable page (`format=api`),
 * which the runtime renders. Constant in number: a few dozen routes at any size.
 */
function functionRoutes(model: HostModel): Route[] {
  const keys = model.queryKeys!;
  const browsable = query("format", "^api$");
  return model.collections.flatMap((c) => {
    const prefix = escapeRegex(c.prefix);
    const [list, detail] = c.kind === "images" ? [keys.imageList, keys.imageDetail] : [keys.list, keys.detail];
    return [
      { src: `^${prefix}find/$`, ...exact, ...FUNCTION },
      ...[...list.map((k) => query(k)), browsable].map((has) => ({ src: `^${prefix}$`, ...exact, has: [has], ...FUNCTION })),
      ...[...detail.map((k) => query(k)), browsable].map((has) => ({ src: `^${prefix}[0-9]+/$`, ...exact, has: [has], ...FUNCTION })),
    ];
  });
}
