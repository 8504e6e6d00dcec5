// The GitHub sign-in of the deployed admin, on the admin's own origin: the OAuth web flow Decap
// CMS's GitHub backend expects from an "external OAuth client" (decap-cms-lib-auth, netlify-auth.js).
// Decap opens `<base_url>/<auth_endpoint>?provider=github&scope=repo&...` in a popup; `auth`
// sends the popup to GitHub with a random state (kept in a cookie); GitHub sends it back to
// `callback` with a code, which is exchanged for a token with the client secret; the callback's
// page then does Decap's handshake through window.opener: it posts "authorizing:github", waits for
// the admin's answer, and posts `authorization:github:success:{"token":...,"provider":"github"}`
// (or `...:error:{"message":...}`) back to it.
//
// Web platform alone (fetch, Request, Response, crypto.getRandomValues): each host's entry
// (cloudflare-pages.ts, vercel-edge.ts, node-server.ts) is bundled with it by scripts/bundle.mjs,
// and `admin --host` writes the bundle beside the admin's files.
import { hexOf } from "../../runtime/hex.js";

export interface SignInEnv {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  /** GitHub's web origin, for GitHub Enterprise Server (default https://github.com). */
  GITHUB_OAUTH_ORIGIN?: string;
}

/** The two addresses, from the admin's folder: Decap's auth_endpoint and the OAuth app's callback. */
export const AUTH_PATH = "oauth/auth";
export const CALLBACK_PATH = "oauth/callback";

const STATE_COOKIE = "build_catalogue_oauth_state";
const PROVIDER = "github";
/** Scopes Decap asks for (its auth_scope, or repo; public_repo for open authoring). */
const SCOPE = /^[a-z_:]+(?:[ ,][a-z_:]+)*$/;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

function randomHex(bytes: number): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return hexOf(a);
}

function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Whether `path` is the flow's address `what` ("oauth/auth"): the admin may be served below a prefix (an nginx location). */
const isPath = (pathname: string, what: string) => pathname === `/${what}` || pathname.endsWith(`/${what}`);

/**
 * The flow's answer to `request`, or null when it is not one of its two addresses (the host then
 * serves the admin's files). `request.url` must be the address the browser asked for (its origin is
 * the admin's).
 */
export async function signIn(request: Request, env: SignInEnv): Promise<Response | null> {
  const url = new URL(request.url);
  const auth = isPath(url.pathname, AUTH_PATH);
  const callback = isPath(url.pathname, CALLBACK_PATH);
  if (!auth && !callback) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return text(405, "Method not allowed", { Allow: "GET, HEAD" });
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  const secret = env.GITHUB_CLIENT_SECRET?.trim();
  if (!clientId || !secret) return text(500, "The GitHub sign-in is not set up: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set (the host's secrets or environment variables).");
  const github = (env.GITHUB_OAUTH_ORIGIN?.trim() || "https://github.com").replace(/\/+$/, "");
  const callbackUrl = new URL(auth ? "callback" : url.pathname, url).href.replace(/[?#].*$/, "");
  const cookiePath = new URL(".", url).pathname;
  return auth ? start(url, clientId, github, callbackUrl, cookiePath) : finish(request, url, clientId, secret, github, callbackUrl, cookiePath);
}

/** GET auth: to GitHub's authorization page, the state in a cookie only this origin's callback reads. */
function start(url: URL, clientId: string, github: string, callbackUrl: string, cookiePath: string): Response {
  const provider = url.searchParams.get("provider");
  if (provider !== null && provider !== PROVIDER) return text(400, `Only GitHub's sign-in is served here, not "${provider}".`);
  const asked = url.searchParams.get("scope");
  const scope = asked !== null && SCOPE.test(asked) ? asked : "repo";
  const state = randomHex(32);
  const to = new URL("/login/oauth/authorize", github);
  to.search = new URLSearchParams({ client_id: clientId, redirect_uri: callbackUrl, scope, state }).toString();
  return new Response(null, {
    status: 302,
    headers: {
      Location: to.href,
      "Set-Cookie": `${STATE_COOKIE}=${state}; Path=${cookiePath}; Max-Age=600; Secure; HttpOnly; SameSite=Lax`,
      "Cache-Control": "no-store",
    },
  });
}

/** GET callback: the state checked against the cookie, the code exchanged for a token, the handshake's page. */
async function finish(request: Request, url: URL, clientId: string, secret: string, github: string, callbackUrl: string, cookiePath: string): Promise<Response> {
  const state = url.searchParams.get("state");
  const expected = cookieOf(request, STATE_COOKIE);
  if (!state || !expected || !sameText(state, expected)) {
    return text(400, "The sign-in's state is missing or does not match this browser's: start the sign-in again from the admin.");
  }
  const clear = `${STATE_COOKIE}=; Path=${cookiePath}; Max-Age=0; Secure; HttpOnly; SameSite=Lax`;
  const refused = url.searchParams.get("error");
  if (refused) return handshake({ error: url.searchParams.get("error_description") || refused }, clear);
  const code = url.searchParams.get("code");
  if (!code) return handshake({ error: "GitHub sent no code back" }, clear);
  let token: string;
  try {
    const answer = await fetch(new URL("/login/oauth/access_token", github), {
      method: "POST",
      // Form-encoded, as OAuth 2.0 (RFC 6749) has a token request; the answer in JSON.
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: clientId, client_secret: secret, code, redirect_uri: callbackUrl }).toString(),
    });
    const body = (await answer.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown; error_description?: unknown };
    if (typeof body.access_token !== "string" || !body.access_token) {
      const why = typeof body.error_description === "string" ? body.error_description : typeof body.error === "string" ? body.error : `HTTP ${answer.status}`;
      return handshake({ error: `GitHub gave no token: ${why}` }, clear);
    }
    token = body.access_token;
  } catch (e) {
    return handshake({ error: `GitHub could not be reached: ${(e as Error).message}` }, clear);
  }
  return handshake({ token }, clear);
}

/** Compared in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

/** JSON safe inside a script element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/**
 * The callback's page: Decap's handshake with the admin that opened it. The message goes only to
 * an opener on this same origin (the admin's), never to a page elsewhere that opened the popup.
 */
function handshake(result: { token: string } | { error: string }, clearCookie: string): Response {
  const message =
    "token" in result
      ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: result.token, provider: PROVIDER })}`
      : `authorization:${PROVIDER}:error:${JSON.stringify({ message: result.error, provider: PROVIDER })}`;
  const nonce = randomHex(16);
  const script = `(function () {
  var message = ${scriptJson(message)};
  var shown = document.getElementById("status");
  if (!window.opener) { shown.textContent = "Open the admin and sign in from there."; return; }
  window.addEventListener("message", function answer(e) {
    if (e.origin !== window.location.origin || e.data !== "authorizing:${PROVIDER}") return;
    window.removeEventListener("message", answer);
    window.opener.postMessage(message, e.origin);
  });
  window.opener.postMessage("authorizing:${PROVIDER}", window.location.origin);
})();`;
  const shown = "token" in result ? "Signed in. This window closes by itself." : `The sign-in failed: ${result.error}`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Signing in</title></head>
<body>
<p id="status">${escapeHtml(shown)}</p>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "Set-Cookie": clearCookie,
    },
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
