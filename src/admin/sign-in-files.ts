// What `admin --host` writes beside the admin's files for the GitHub sign-in on the admin's own
// origin (src/admin/sign-in/github-oauth.ts, bundled per host by scripts/bundle.mjs), and what
// config.yml then says: Decap's `base_url` the admin's origin, `auth_endpoint` oauth/auth beside it.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { packageUrl } from "../package-files.js";
import type { AdminFile } from "./admin-folder.js";
import { AUTH_PATH, CALLBACK_PATH } from "./sign-in/github-oauth.js";

/**
 * Decap's auth_endpoint in config.yml, from the admin's folder (the extension makes it a path from
 * the origin): oauth/auth, on Vercel api/oauth/auth (Vercel runs functions from api/ alone). The
 * callback is beside it (oauth/callback, api/oauth/callback).
 */
export const authEndpointOf = (host: AdminHost) => (host === "vercel" ? `api/${AUTH_PATH}` : AUTH_PATH);

import type { AdminHost } from "./sign-in-hosts.js";

/** Cloudflare Pages runs a `_worker.js` in the folder it deploys (advanced mode); it never serves the file itself. */
export const CLOUDFLARE_WORKER_FILE = "_worker.js";
/** The sign-in's server for nginx, run with `node oauth-server.mjs`. */
export const NODE_SERVER_FILE = "oauth-server.mjs";
/** The port the Node server listens on unless PORT says otherwise. */
export const NODE_SERVER_PORT = 8787;

/** Vercel's edge functions, one for each address (the same module). */
export const VERCEL_FUNCTION_FILES = [`api/${AUTH_PATH}.js`, `api/${CALLBACK_PATH}.js`];

/** Each host's bundle in the package (lib/admin/sign-in/) and the names it is written under. */
const BUNDLES: Record<Exclude<AdminHost, "netlify">, { bundle: string; names: string[] }> = {
  cloudflare: { bundle: "cloudflare-pages", names: [CLOUDFLARE_WORKER_FILE] },
  vercel: { bundle: "vercel-edge", names: VERCEL_FUNCTION_FILES },
  nginx: { bundle: "node-server", names: [NODE_SERVER_FILE] },
};

const NOTE = "// Written by `build-catalogue admin`: the admin's GitHub sign-in (docs/editing.md, \"Signing in\"). Do not edit; run admin again.\n";

/** Whether the host's sign-in is served on the admin's origin (every host but Netlify, whose own provider signs in). */
export const signsInOnOwnOrigin = (host: AdminHost) => host !== "netlify";

/** The files the host needs for the sign-in (none for Netlify). */
export function signInFiles(host: AdminHost): AdminFile[] {
  if (host === "netlify") return [];
  const { bundle, names } = BUNDLES[host];
  const file = fileURLToPath(packageUrl(`lib/admin/sign-in/${bundle}.bundle.js`));
  if (!existsSync(file)) throw new Error(`the admin's sign-in for ${host} (${file}) is missing: build-catalogue is not built (npm run build in its checkout)`);
  const bytes = NOTE + readFileSync(file, "utf8");
  return names.map((name) => ({ name, bytes }));
}
