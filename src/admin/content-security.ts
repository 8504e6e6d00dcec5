// The admin page's Content-Security-Policy: it loads and connects to its own origin alone (and,
// deployed, GitHub's API for the content and the sign-in's origin), so nothing an entry holds (an
// image `file` written `//host/x`, an `<img>` or `@import` in rich text, a link) makes the browser
// reach another host. Sent in the page itself (a meta element, which every host serves as it is)
// and, by `edit`, as a header too, with what only a header can say (no framing).
import { createHash } from "node:crypto";

/** The one inline script of the page: Decap waits for the extension to start it. */
export const MANUAL_INIT_SCRIPT = "window.CMS_MANUAL_INIT = true;";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

export interface PolicyOrigins {
  /** Origins the page fetches from besides its own (deployed: GitHub's API). */
  connect?: string[];
  /** Origins its images come from besides its own (deployed: GitHub's avatars). */
  images?: string[];
}

/** The policy, as the meta element and the header both carry it. */
export function adminPolicy(origins: PolicyOrigins = {}): string {
  const list = (extra: string[] | undefined) => (extra && extra.length > 0 ? ` ${extra.join(" ")}` : "");
  return [
    "default-src 'none'",
    // Decap's bundle and chunks, the extension, the inline flag; Decap compiles its config's
    // schema (ajv) and runs WebAssembly of its own.
    `script-src 'self' ${sha256(MANUAL_INIT_SCRIPT)} 'unsafe-eval' 'wasm-unsafe-eval'`,
    // Decap's components style themselves with inline styles (emotion).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${list(origins.images)}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    // Decap reads pictures it holds in memory (an upload before it is saved) by fetching their blob: URLs.
    `connect-src 'self' blob: data:${list(origins.connect)}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The header `edit` sends: the same policy, and no page of another site may frame the admin. */
export const adminPolicyHeader = (origins: PolicyOrigins = {}) => `${adminPolicy(origins)}; frame-ancestors 'none'`;

/** GitHub's own API and the avatars it names. */
const GITHUB_API = "https://api.github.com";
const GITHUB_AVATARS = "https://avatars.githubusercontent.com";

/**
 * What the deployed admin reaches: GitHub's API (REST and GraphQL) and the avatars, or an
 * Enterprise server's API (`apiRoot`) in their place, whose origin serves its avatars too (without
 * subdomain isolation); and the sign-in's own origin when it is given.
 */
export function deployedOrigins(oauthUrl?: string, apiRoot?: string): PolicyOrigins {
  const api = apiRoot ? new URL(apiRoot).origin : GITHUB_API;
  const connect = [api];
  if (oauthUrl) {
    const origin = new URL(oauthUrl).origin;
    if (!connect.includes(origin)) connect.push(origin);
  }
  return { connect, images: [apiRoot ? api : GITHUB_AVATARS] };
}
