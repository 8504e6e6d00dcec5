// build-catalogue: the Events Catalogue API on Cloudflare Pages (advanced mode, a `_worker.js`
// folder). Pages' own rules cannot answer a 404 with a body, match a query string or refuse a
// method, so this worker answers every request, as the live API does (content format, section 8)
// and as Wagtail answers list queries, with the very code the preview runs (./runtime/, copied
// from build-catalogue's compiled library). It reads the published files through env.ASSETS.
// RULES is the routing data, written by `build-catalogue build --host cloudflare`.
import { respond } from "./runtime/respond.js";

const RULES = /* RULES */ null;

/** One reader per isolate: the responder keeps the query index it reads through it. */
let files = null;

function assetFiles(env) {
  return {
    async read(path) {
      const asset = await env.ASSETS.fetch(new URL(`/${path}`, "https://assets.invalid"));
      return asset.status === 200 ? asset.text() : null;
    },
  };
}

export default {
  async fetch(request, env) {
    // The media folder, when the output holds it: static files, served as Pages serves them.
    if (RULES.mediaPrefix && new URL(request.url).pathname.startsWith(RULES.mediaPrefix)) return env.ASSETS.fetch(request);
    files ??= assetFiles(env);
    const a = await respond(RULES, files, {
      method: request.method,
      url: request.url,
      accept: request.headers.get("Accept"),
      origin: request.headers.get("Origin"),
      corsRequestMethod: request.headers.get("Access-Control-Request-Method"),
    });
    if (request.method.toUpperCase() !== "HEAD") return new Response(a.status === 301 || a.body === "" ? null : a.body, { status: a.status, headers: a.headers });
    // HEAD: no body, but the Content-Length of the GET (the runtime sends none for no body).
    const length = new TextEncoder().encode(a.body).byteLength;
    return new Response(null, { status: a.status, headers: [...a.headers, ["Content-Length", String(length)]] });
  },
};
