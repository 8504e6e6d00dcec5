// build-catalogue: the Events Catalogue API on Cloudflare Pages (advanced mode). Pages' own rules
// cannot answer a 404 with a body, match a query string, or refuse methods, so this worker routes
// every request and serves the files through env.ASSETS. RULES is written by the build.
const RULES = /* RULES */ null;

const withHeaders = (pairs, status, body, method) =>
  new Response(method === "HEAD" ? null : body, { status, headers: pairs });

function corsHeaders(request, preflight) {
  const origin = request.headers.get("Origin");
  if (!origin || RULES.corsOrigins.length === 0) return [];
  const any = RULES.corsOrigins.includes("*");
  if (!any && !RULES.corsOrigins.includes(origin)) return [];
  const out = [["Access-Control-Allow-Origin", any ? "*" : origin]];
  if (preflight) out.push(...RULES.preflightHeaders);
  return out;
}

function wantsHtml(url, request) {
  const format = url.searchParams.get("format");
  if (format === "api") return true;
  if (format === "json") return false;
  const accept = (request.headers.get("Accept") || "").split(",")[0].trim().split(";")[0];
  return accept === "text/html";
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method.toUpperCase();
    if (!path.startsWith("/api/")) return env.ASSETS.fetch(request);
    if (!path.endsWith("/")) {
      return new Response(null, { status: 301, headers: [["Location", `${path}/${url.search}`]] });
    }
    const collection = RULES.collections.find((c) => path.startsWith(c.prefix));
    const html = wantsHtml(url, request);
    const cors = corsHeaders(request, false);
    const json = (status, body) => withHeaders([...RULES.jsonHeaders, ...cors], status, body, method);
    if (method === "OPTIONS") {
      if (cors.length > 0 && request.headers.get("Access-Control-Request-Method")) {
        return withHeaders([...RULES.jsonHeaders, ...corsHeaders(request, true)], 200, null, method);
      }
      if (collection) return json(200, collection.options);
    }
    if (!["GET", "HEAD", "OPTIONS"].includes(method)) {
      return json(405, `{\n    "detail": "Method \\"${method}\\" not allowed."\n}`);
    }
    if (!collection) return json(404, RULES.otherNotFound);
    const rest = path.slice(collection.prefix.length);
    const isList = rest === "" && collection.hasList;
    const isDetail = /^[0-9]+\/$/.test(rest);
    if (!isList && !isDetail) return json(404, RULES.otherNotFound);
    const file = `${path}${html ? "index.api.html" : "index.json"}`;
    const asset = await env.ASSETS.fetch(new Request(new URL(file, url), { method: "GET" }));
    if (asset.status !== 200) return json(404, collection.notFound);
    const headers = html ? RULES.htmlHeaders : RULES.jsonHeaders;
    return withHeaders([...headers, ...cors], 200, asset.body, method);
  },
};
