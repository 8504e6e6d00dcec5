// What `admin` writes: the admin's page, Decap CMS's bundle and chunks from the installed
// decap-cms, the extension, and config.yml for the GitHub backend, into a folder of its own.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { adminIndexHtml, decapDistDir, decapFiles, EXTENSION_FILE, extensionBundlePath } from "./admin-files.js";
import { checkAdminFolder, writeAdminFolder, type AdminFile } from "./admin-folder.js";
import { adminConfigYaml, type AdminConfigInput } from "./config.js";

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

function decapVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("decap-cms/package.json") as { version: string }).version;
}

/** The files to write, read from the installed package (Decap's, the extension). */
function adminFiles(config: AdminConfigInput): { files: AdminFile[]; decapCount: number } {
  const dist = decapDistDir();
  if (!dist) throw new Error("decap-cms is not installed beside build-catalogue (it is one of its dependencies): reinstall build-catalogue (npm ci)");
  const extension = extensionBundlePath();
  if (!existsSync(extension)) throw new Error(`the admin's extension (${extension}) is missing: build-catalogue is not built (npm run build in its checkout)`);
  const decap = decapFiles(dist).map((name) => ({ name, bytes: readFileSync(path.join(dist, name)) }));
  return {
    files: [
      { name: INDEX_FILE, bytes: adminIndexHtml() },
      { name: CONFIG_FILE, bytes: adminConfigYaml(config) },
      { name: EXTENSION_FILE, bytes: readFileSync(extension) },
      ...decap,
    ],
    decapCount: decap.length,
  };
}

/**
 * Writes the admin into `out` (`outArg` as the user gave it, for messages): refused (a
 * UsageError, nothing written) when the folder holds what an earlier run did not write.
 */
export function writeAdmin(out: string, outArg: string, config: AdminConfigInput): WrittenAdmin {
  const previous = checkAdminFolder(out, outArg);
  const { files, decapCount } = adminFiles(config);
  const { removed } = writeAdminFolder(out, files, previous);
  return { files: files.map((f) => f.name), decap: { count: decapCount, version: decapVersion() }, removed };
}
