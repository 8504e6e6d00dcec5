// Cloudflare Pages' worker for the admin's folder (advanced mode, `_worker.js`): the GitHub
// sign-in at oauth/auth and oauth/callback (github-oauth.ts), every other request the admin's
// static files (env.ASSETS). The client's id and secret are the Pages project's variables and secrets.
import { signIn, type SignInEnv } from "./github-oauth.js";

interface Assets {
  fetch(request: Request): Promise<Response>;
}

export default {
  async fetch(request: Request, env: SignInEnv & { ASSETS: Assets }): Promise<Response> {
    // The worker's own file is no page of the admin (Pages leaves it out of the deploy's files; wrangler pages dev does not).
    if (new URL(request.url).pathname === "/_worker.js") return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return (await signIn(request, env)) ?? env.ASSETS.fetch(request);
  },
};
