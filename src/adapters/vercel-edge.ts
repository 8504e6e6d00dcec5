// Vercel's edge function: the answers of the requests vercel.json routes to it (a query string
// Wagtail acts on, find/), from the runtime responder, the same code as the preview's and the
// Cloudflare worker's. Every other address is a static file answered by the routes alone.
import { respond, type ServedRules } from "../runtime/respond.js";
import { answerResponse, deployedFiles, servedRequest } from "./fetch-runtime.js";

/** The request header that routes the function's own reads of the build's files to the files (src/host/vercel.ts). */
export const VERCEL_READ_HEADER = "x-build-catalogue-read";

export function vercelEdgeFunction(rules: ServedRules) {
  const files = deployedFiles({ [VERCEL_READ_HEADER]: "1" });
  return async (request: Request): Promise<Response> => {
    files.origin = new URL(request.url).origin;
    return answerResponse(await respond(rules, files, servedRequest(request)), request.method);
  };
}
