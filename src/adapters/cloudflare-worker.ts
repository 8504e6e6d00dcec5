// Cloudflare Pages' worker (advanced mode, a `_worker.js` folder): every request answered by the
// runtime responder, as the live API answers it, the build's files read through env.ASSETS. The
// media folder, when the output holds it, is static files served as Pages serves them.
import { respond, type ServedFiles, type ServedRules } from "../runtime/respond.js";
import { answerResponse, servedRequest } from "./fetch-runtime.js";

interface Assets {
  fetch(request: Request | URL): Promise<Response>;
}

export function cloudflareWorker(rules: ServedRules) {
  /** One reader per isolate: the responder keeps the query index it reads through it. */
  let files: ServedFiles | null = null;
  return {
    async fetch(request: Request, env: { ASSETS: Assets }): Promise<Response> {
      if (rules.mediaPrefix && new URL(request.url).pathname.startsWith(rules.mediaPrefix)) return env.ASSETS.fetch(request);
      files ??= {
        async read(path: string) {
          const asset = await env.ASSETS.fetch(new URL(`/${path}`, "https://assets.invalid"));
          return asset.status === 200 ? asset.text() : null;
        },
      };
      return answerResponse(await respond(rules, files, servedRequest(request)), request.method);
    },
  };
}
