// What `admin --host` writes beside the admin's files for the GitHub sign-in on the admin's own
// origin (src/admin/sign-in/github-oauth.ts, bundled per host by scripts/bundle.mjs), and what
// config.yml then says: Decap's `base_url` the admin's origin, `auth_endpoint` oauth/auth beside it.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { packageUrl } from "../package-files.js";
import type { AdminFile } from "./admin-folder.js";
import { AUTH_PATH } from "./sign-in/github-oauth.js";

/** Decap's auth_endpoint in config.yml: from the admin's folder (the extension makes it a path from the origin). */
export const AUTH_ENDPOINT = AUTH_PATH;

import type { AdminHost } from "./sign-in-hosts.js";

/** Cloudflare Pages runs a `_worker.js` in the folder it deploys (advanced mode); it never serves the file itself. */
export const CLOUDFLARE_WORKER_FILE = "_worker.js";
/** The sign-in's server for nginx, run with `node oauth-server.mjs`. */
export const NODE_SERVER_FILE = "oauth-server.mjs";
/** The port the Node server listens on unless PORT says otherwise. */
export const NODE_SERVER_PORT = 8787;

/** Each host's bundle in the package (lib/admin/sign-in/) and the name it is written under. */
const BUNDLES: Record<Exclude<AdminHost, "netlify">, { bundle: string; name: string }> = {
  cloudflare: { bundle: "cloudflare-pages", name: CLOUDFLARE_WORKER_FILE },
  nginx: { bundle: "node-server", name: NODE_SERVER_FILE },
};

const NOTE = "// Written by `build-catalogue admin`: the admin's GitHub sign-in (docs/editing.md, \"Signing in\"). Do not edit; run admin again.\n";

/** Whether the host's sign-in is served on the admin's origin (every host but Netlify, whose own provider signs in). */
export const signsInOnOwnOrigin = (host: AdminHost) => host !== "netlify";

/** The files the host needs for the sign-in (none for Netlify). */
export function signInFiles(host: AdminHost): AdminFile[] {
  if (host === "netlify") return [];
  const { bundle, name } = BUNDLES[host];
  const file = fileURLToPath(packageUrl(`lib/admin/sign-in/${bundle}.bundle.js`));
  if (!existsSync(file)) throw new Error(`the admin's sign-in for ${host} (${file}) is missing: build-catalogue is not built (npm run build in its checkout)`);
  return [{ name, bytes: NOTE + readFileSync(file, "utf8") }];
}
