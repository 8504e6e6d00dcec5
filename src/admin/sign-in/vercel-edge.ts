// Vercel's functions for the admin's project, api/oauth/auth.js and api/oauth/callback.js (this one
// module under both names; Vercel's Edge runtime, which gives the project's environment variables
// as process.env): the GitHub sign-in (github-oauth.ts). Its `export const config = { runtime: "edge" }`,
// which Vercel reads from the file's text, is added by scripts/bundle.mjs after the bundle's exports.
import { signIn } from "./github-oauth.js";

declare const process: { env: Record<string, string | undefined> };

export default async function handler(request: Request): Promise<Response> {
  const env = process.env;
  const answer = await signIn(request, { GITHUB_CLIENT_ID: env.GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET: env.GITHUB_CLIENT_SECRET, GITHUB_OAUTH_ORIGIN: env.GITHUB_OAUTH_ORIGIN });
  return answer ?? new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
