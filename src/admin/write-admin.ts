// What `admin` writes: the admin's page, Decap CMS's bundle and chunks (with its license) as the
// package carries them, the extension, and config.yml for the GitHub backend, into a folder of its own.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { adminIndexHtml, decapDistDir, decapFiles, decapVersion, EXTENSION_FILE, extensionBundlePath } from "./admin-files.js";
import { checkAdminFolder, writeAdminFolder, type AdminFile } from "./admin-folder.js";
import { adminConfigYaml, type AdminConfigInput } from "./config.js";
import { SAME_ORIGIN } from "./sign-in-hosts.js";
import { adminPolicy, deployedOrigins } from "./content-security.js";

/** The sign-in's address (`--oauth-url`), whose origin the page may reach (none beyond its own when the sign-in is on its origin). */
const oauthUrlOf = (config: AdminConfigInput) => (config.oauth && config.oauth.baseUrl !== SAME_ORIGIN ? config.oauth.baseUrl : undefined);

export const CONFIG_FILE = "config.yml";
export const INDEX_FILE = "index.html";

export interface WrittenAdmin {
  /** Every file written, by name. */
  files: string[];
  /** How many of them are Decap's, and its version. */
  decap: { count: number; version: string };
  /** Files of an earlier run no longer written (an older Decap's chunks), removed. */
  removed: string[];
}

/** The files to write, read from the installed package (Decap's, the extension). */
function adminFiles(config: AdminConfigInput, extra: AdminFile[]): { files: AdminFile[]; decapCount: number; version: string } {
  const dist = decapDistDir();
  if (!dist) throw new Error("Decap CMS's bundle is missing from build-catalogue's package (lib/admin/decap/): build-catalogue is not built (npm run build in its checkout) or not fully installed");
  const extension = extensionBundlePath();
  if (!existsSync(extension)) throw new Error(`the admin's extension (${extension}) is missing: build-catalogue is not built (npm run build in its checkout)`);
  const decap = decapFiles(dist).map((name) => ({ name, bytes: readFileSync(path.join(dist, name)) }));
  return {
    files: [
      { name: INDEX_FILE, bytes: adminIndexHtml(adminPolicy(deployedOrigins(oauthUrlOf(config), config.apiRoot))) },
      { name: CONFIG_FILE, bytes: adminConfigYaml(config) },
      { name: EXTENSION_FILE, bytes: readFileSync(extension) },
      ...extra,
      ...decap,
    ],
    decapCount: decap.length,
    version: decapVersion(dist),
  };
}

/**
 * Writes the admin into `out` (`outArg` as the user gave it, for messages): refused (a
 * UsageError, nothing written) when the folder holds what an earlier run did not write. `extra`:
 * the host's files for the sign-in (sign-in-files.ts).
 */
export function writeAdmin(out: string, outArg: string, config: AdminConfigInput, extra: AdminFile[] = []): WrittenAdmin {
  const previous = checkAdminFolder(out, outArg);
  const { files, decapCount, version } = adminFiles(config, extra);
  const { removed } = writeAdminFolder(out, files, previous);
  return { files: files.map((f) => f.name), decap: { count: decapCount, version }, removed };
}
