// Rules for `serve` (serve-handler): serve.json, so that `npx serve dist` answers like the API
// wherever serve.json can say it, and a root 404.html holding a JSON body.
import { serialize } from "../runtime/serialize.js";
import { OTHER_NOT_FOUND, staticCorsOrigin, type HostModel } from "./rules.js";
import type { HostFile } from "./rules.js";

export function renderServe(model: HostModel): HostFile[] {
  const cors = staticCorsOrigin(model);
  const headers = [
    ...model.jsonHeaders.map(([key, value]) => ({ key, value })),
    ...(cors ? [{ key: "Access-Control-Allow-Origin", value: cors }] : []),
  ];
  const rewrites = model.collections.flatMap((c) => [
    // serve matches the path without its trailing slash (it resolves it away first).
    ...(c.hasList ? [{ source: c.prefix.slice(0, -1), destination: `${c.prefix}index.json` }] : []),
    // The parameter is constrained to digits, or the rewrite would apply again to its own result.
    { source: `${c.prefix}:id(\\d+)`, destination: `${c.prefix}:id/index.json` },
  ]);
  const config = {
    directoryListing: false,
    trailingSlash: true,
    cleanUrls: false,
    rewrites,
    headers: [
      { source: "api/**/*.json", headers },
      { source: "404.html", headers },
    ],
  };
  return [
    { path: "serve.json", text: `${JSON.stringify(config, null, 2)}\n` },
    // serve has one 404 page for the whole site, found by this name: it holds the API's JSON body.
    { path: "404.html", text: serialize(OTHER_NOT_FOUND.body) },
  ];
}
