// Rules for Cloudflare Pages. _redirects cannot answer a 404, match a query string or refuse a
// method, so a _worker.js folder (advanced mode) answers every request: src/adapters/cloudflare-worker.ts,
// bundled with the runtime (the responder and the query engine, the very code the preview runs)
// by the package's build, with the routing data appended. _headers and _redirects matter only when the worker
// does not run: by default a Pages project "fails open" to its static files once a free plan's
// daily Functions requests are spent. They then keep the documents reachable with the live
// headers. They change nothing in the worker's own reads of the files: no rule matches a file's
// path, and the worker sends headers of its own. No _routes.json: the worker must see every
// request, which is Pages' default.
import { browsableTemplate } from "../io/browsable-page.js";
import { servedRules, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";
import { adapterModule } from "./adapter-bundle.js";

const JSON_FILE = "index.json";

export function renderCloudflare(model: HostModel): HostFile[] {
  const worker = adapterModule("cloudflare-worker", [`export default cloudflareWorker(${JSON.stringify(servedRules(model, browsableTemplate()), null, 2)});`]);

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
    // Event details are read from the generic route's file (a Cloudflare-only build writes no other); images from their own.
    `${c.prefix}:id/ ${c.kind === "images" ? c.prefix : "/api/v2/pages/"}:id/${JSON_FILE} 200`,
  ]);
  const redirects = [
    "# build-catalogue: _worker.js answers every request (301, 404 bodies, ?format=api, OPTIONS, 405).",
    "# These rewrites apply only when the worker does not run and Pages serves the files itself.",
    ...rewrites,
    "",
  ];
  return [
    { path: "_worker.js/index.js", text: worker },
    { path: "_headers", text: headers.join("\n") },
    { path: "_redirects", text: redirects.join("\n") },
  ];
}
