// Netlify's edge function (Deno): the API's answers that no file and rule can give, from the
// runtime responder, the same code as the preview's and the Cloudflare worker's. Netlify cannot
// route by query string, so the function runs for every address under /api/ but the files it
// reads. A GET or HEAD without a query string is passed on to the files and _redirects
// (`context.next()`), and only when that ends in Netlify's own 404 page (a placeholder rule past
// the rule budget naming a file that does not exist) does the responder answer instead; every
// other request (a query string, find/, OPTIONS, another method) is the responder's.
import { respond, type ServedRules } from "../runtime/respond.js";
import { answerResponse, deployedFiles, servedRequest } from "./fetch-runtime.js";

interface NetlifyContext {
  next(): Promise<Response>;
}

/**
 * The address a request is for. Netlify's server asks again, with the path's `.html`, `.htm`,
 * `/index.html` and `/index.htm` alternatives, when an answer under it is a 404 (as it looks for a
 * static page; `netlify dev` does so for an edge function's answer too): no address of the API
 * ends so, and such a path is answered as the address it came from, so the last answer is the API's.
 */
function requestFor(request: Request, url: URL) {
  const alternative = /(?:\/index)?\.html?$/.exec(url.pathname);
  if (!alternative) return servedRequest(request);
  return { ...servedRequest(request), url: `${url.origin}${url.pathname.slice(0, alternative.index)}/${url.search}` };
}

export function netlifyEdgeFunction(rules: ServedRules) {
  const files = deployedFiles();
  return async (request: Request, context: NetlifyContext): Promise<Response> => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    files.origin = url.origin;
    if ((method === "GET" || method === "HEAD") && url.search === "" && !/\/find\/?$/.test(url.pathname)) {
      const answer = await context.next();
      if (answer.status !== 404 || (answer.headers.get("content-type") ?? "").includes("json")) return answer;
      // Netlify's own 404 page: the API's JSON 404 of the address instead.
      await answer.body?.cancel();
      const served = requestFor(request, url);
      return answerResponse(await respond(rules, files, { ...served, url: served.url.replace(/^([^?]*[^/?])(\?|$)/, "$1/$2") }), method);
    }
    return answerResponse(await respond(rules, files, requestFor(request, url)), method);
  };
}
