// The admin's files, as `edit` serves them and `admin` writes them: Decap CMS's own bundle, which
// the package carries (lib/admin/decap/, copied from the pinned decap-cms by scripts/copy-decap.mjs;
// never a CDN), our extension (lib/admin/admin.js, bundled by scripts/bundle.mjs from
// src/admin/extension/), and the page that loads both.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageUrl } from "../package-files.js";
import { adminPolicy, MANUAL_INIT_SCRIPT } from "./content-security.js";

/** The extension's bundle: registers the formats and widgets, then starts the CMS. */
export const EXTENSION_FILE = "build-catalogue-admin.js";
/** Decap's bundle (React included), loaded by the page; it loads its numbered chunks from beside itself. */
export const DECAP_FILE = "decap-cms.js";

/**
 * Where the extension's bundle is in the installed package: lib/admin/admin.js, found from the
 * package's root (in the CLI's bundle, lib/cli.bundle.js, import.meta.url is the bundle's), and
 * in lib/ when the tests run the sources too (it is built, never run from src/).
 */
export function extensionBundlePath(): string {
  return fileURLToPath(packageUrl("lib/admin/admin.js"));
}

/** Where the package carries Decap's bundle, from its root. */
export const DECAP_FOLDER = "lib/admin/decap";
/** Beside the bundle: the notices of what it holds, Decap's license, and its name, version and files. */
export const DECAP_NOTICES = "decap-cms.js.LICENSE.txt";
export const DECAP_LICENSE = "LICENSE";
export const DECAP_VERSION_FILE = "decap-cms.json";

/** The folder of Decap's bundle in this package, or null when it is missing (the package is not built). */
export function decapDistDir(): string | null {
  const dir = fileURLToPath(packageUrl(DECAP_FOLDER));
  return existsSync(path.join(dir, DECAP_FILE)) ? dir : null;
}

/** The version of Decap CMS the package carries. */
export function decapVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, DECAP_VERSION_FILE), "utf8")) as { version: string }).version;
}

/**
 * The files of Decap's build the admin needs: the bundle, the chunks it loads by number
 * (`<n>.decap-cms.js`) and its WebAssembly, the notices of what the bundle holds and Decap's license
 * (in the package's copy). decap-cms's
 * dist/ also holds a second copy of the same build under another name (cms.js, cms.css,
 * `<n>.cms.js`), which the page never loads, and source maps: left out.
 */
export function decapFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name === DECAP_FILE || /^\d+\.decap-cms\.js$/.test(name) || /\.wasm$/.test(name) || name === DECAP_NOTICES || name === DECAP_LICENSE)
    .sort();
}

/** The admin's page: Decap's bundle, then the extension, which starts the CMS (CMS_MANUAL_INIT) once its formats and widgets are registered. */
export function adminIndexHtml(policy: string = adminPolicy()): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="${policy}">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Events catalogue admin</title>
  <script>${MANUAL_INIT_SCRIPT}</script>
</head>
<body>
  <script src="${DECAP_FILE}"></script>
  <script src="${EXTENSION_FILE}"></script>
</body>
</html>
`;
}
