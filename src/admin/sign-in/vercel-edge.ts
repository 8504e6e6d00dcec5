// Vercel's functions for the admin's project (api/oauth/auth.js and api/oauth/callback.js, Edge
// runtime; vercel.json rewrites oauth/* to them): the GitHub sign-in (github-oauth.ts), the
// client's id and secret from the project's environment variables.
import { signIn } from "./github-oauth.js";

declare const process: { env: Record<string, string | undefined> };

export const config = { runtime: "edge" };

export default async function handler(request: Request): Promise<Response> {
  const env = process.env;
  const answer = await signIn(request, { GITHUB_CLIENT_ID: env.GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET: env.GITHUB_CLIENT_SECRET, GITHUB_OAUTH_ORIGIN: env.GITHUB_OAUTH_ORIGIN });
  return answer ?? new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
