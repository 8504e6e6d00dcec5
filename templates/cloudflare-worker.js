// build-catalogue: the Events Catalogue API on Cloudflare Pages (advanced mode). Pages' own rules
// cannot answer a 404 with a body, match a query string or refuse a method, so this worker answers
// every request itself, as the live API does (content format, section 8), and reads the published
// documents through env.ASSETS. It answers with headers of its own, so none that Pages adds to its
// files (Access-Control-Allow-Origin: *, its Referrer-Policy) reach the client.
// RULES is the routing table, written by `build-catalogue build --host cloudflare`.
const RULES = /* RULES */ null;

const IDS = new Map(RULES.collections.map((c) => [c.prefix, new Set(c.ids.map(String))]));
const METHODS = ["GET", "HEAD", "OPTIONS"];
const ANY_ORIGIN = RULES.corsOrigins.includes("*");

/** The bytes Django REST framework writes: 4-space indent, U+2028/U+2029 escaped, no newline. */
const serialize = (value) =>
  JSON.stringify(value, null, 4).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));

/** ?format=api, or a client preferring text/html (as DRF negotiates), gets the browsable page. */
function wantsHtml(url, request) {
  const format = url.searchParams.get("format");
  if (format === "api") return true;
  if (format === "json") return false;
  return (request.headers.get("Accept") || "").split(",")[0].trim().split(";")[0] === "text/html";
}

/** Pages answers `x.html` with a 308 to `x` and serves the file there, so ask for it there. */
const assetUrl = (file, url) => new URL(`/${file.replace(/\.html$/, "")}`, url);

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method.toUpperCase();
    const origin = request.headers.get("Origin");
    // CORS only when catalogue.json allows the request's Origin (the live API sends none).
    const corsAllowed = origin !== null && (ANY_ORIGIN || RULES.corsOrigins.includes(origin));
    const cors = corsAllowed ? [["Access-Control-Allow-Origin", ANY_ORIGIN ? "*" : origin]] : [];
    // An echoed origin (not "*") makes the answer depend on Origin: say so, for shared caches.
    const vary = (headers) =>
      corsAllowed && !ANY_ORIGIN ? headers.map(([n, v]) => (n === "Vary" ? [n, `${v}, Origin`] : [n, v])) : headers;
    const answer = (status, headers, body) => {
      headers = vary(headers);
      if (method !== "HEAD") return new Response(body, { status, headers: [...headers, ...cors] });
      // HEAD: no body, but the Content-Length of the GET (the runtime sends none for no body).
      const length = typeof body === "string" ? new TextEncoder().encode(body).byteLength : body.byteLength;
      return new Response(null, { status, headers: [...headers, ...cors, ["Content-Length", String(length)]] });
    };
    const json = (status, body) => answer(status, RULES.jsonHeaders, body);

    // Only /api/ is published: anything else, the rule files included, is a JSON 404.
    if (!path.startsWith("/api/")) return json(404, RULES.otherNotFound);
    if (!path.endsWith("/")) {
      // A relative Location with the query string kept, an empty body, for every method.
      return new Response(null, { status: 301, headers: [["Location", `${path}/${url.search}`]] });
    }
    const collection = RULES.collections.find((c) => path.startsWith(c.prefix));
    if (method === "OPTIONS") {
      if (corsAllowed && request.headers.has("Access-Control-Request-Method")) {
        return new Response(null, { status: 200, headers: [...vary(RULES.jsonHeaders), ...cors, ...RULES.preflightHeaders] });
      }
      if (collection) return json(200, collection.options);
    }
    if (!METHODS.includes(method)) return json(405, serialize({ detail: `Method "${method}" not allowed.` }));
    if (!collection) return json(404, RULES.otherNotFound);

    const rest = path.slice(collection.prefix.length);
    const isDetail = /^[0-9]+\/$/.test(rest);
    const found = isDetail ? IDS.get(collection.prefix).has(rest.slice(0, -1)) : rest === "" && collection.hasList;
    if (!found) return json(404, isDetail ? collection.notFound : RULES.otherNotFound);

    const html = wantsHtml(url, request);
    const asset = await env.ASSETS.fetch(assetUrl(`${path.slice(1)}${html ? RULES.htmlFile : RULES.jsonFile}`, url));
    // Only a deployment missing a file it lists gets here with anything but 200.
    if (asset.status !== 200) return json(404, collection.notFound);
    // Read whole, so the answer carries a Content-Length like the live API's.
    return answer(200, html ? RULES.htmlHeaders : RULES.jsonHeaders, await asset.arrayBuffer());
  },
};
