// What the runtimes that speak the Fetch API (Netlify's edge functions, Vercel's edge functions,
// Cloudflare's worker) share around the runtime responder: a request read as the responder reads
// it, its answer as a Response, and the build's files read back from the deployment itself.
import type { ServedAnswer, ServedFiles, ServedRequest } from "../runtime/respond.js";

export function servedRequest(request: Request): ServedRequest {
  return {
    method: request.method,
    url: request.url,
    accept: request.headers.get("Accept"),
    origin: request.headers.get("Origin"),
    corsRequestMethod: request.headers.get("Access-Control-Request-Method"),
  };
}

/** The answer as a Response: a HEAD gets the headers of the GET, its Content-Length among them, and no body. */
export function answerResponse(a: ServedAnswer, method: string): Response {
  // Headers repeat no name here, but a list keeps the live order.
  const headers = a.headers.map(([n, v]) => [n, v]);
  if (method.toUpperCase() !== "HEAD") return new Response(a.status === 301 || a.body === "" ? null : a.body, { status: a.status, headers });
  const length = new TextEncoder().encode(a.body).byteLength;
  return new Response(null, { status: a.status, headers: [...headers, ["Content-Length", String(length)]] });
}

/**
 * The build's files, fetched from the deployment that serves them (an edge function has no disk):
 * `origin` is the address of the request being answered, set before each answer. One reader per
 * isolate, so the responder reads the query index once per isolate. `headers` mark the reads for
 * the host's routes (Vercel's send them to the files, not to the API's rules).
 */
export function deployedFiles(headers: Record<string, string> = {}): ServedFiles & { origin: string } {
  return {
    origin: "",
    async read(path: string) {
      const answer = await fetch(`${this.origin}/${path}`, { headers });
      if (answer.status === 200) return answer.text();
      // Drained, so the connection is free for the next read.
      await answer.body?.cancel();
      return null;
    },
  };
}
