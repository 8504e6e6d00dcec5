// The admin's files, as `edit` serves them and `admin` writes them: Decap CMS's own bundle from the
// installed decap-cms package (never a CDN), our extension (lib/admin/admin.js, bundled by
// scripts/bundle.mjs from src/admin/extension/), and the page that loads both.
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { packageUrl } from "../package-files.js";

/** The extension's bundle: registers the formats and widgets, then starts the CMS. */
export const EXTENSION_FILE = "build-catalogue-admin.js";
/** Decap's bundle (React included), loaded by the page; it loads its numbered chunks from beside itself. */
export const DECAP_FILE = "decap-cms.js";

/**
 * Where the extension's bundle is in the installed package: from the package's root, since in the
 * command's bundle (lib/cli.bundle.js) this module's own URL is the bundle's (package-files.ts).
 */
export function extensionBundlePath(): string {
  return fileURLToPath(packageUrl("lib/admin/admin.js"));
}

/** decap-cms's dist/ folder in the installed package, or null when decap-cms is not installed. */
export function decapDistDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve("decap-cms/package.json")), "dist");
    return existsSync(path.join(dir, DECAP_FILE)) ? dir : null;
  } catch {
    return null;
  }
}

/** The files of Decap's dist/ the admin needs: the bundle, its chunks, CSS and WebAssembly (no source maps, no licence notes). */
export function decapFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.(js|css|wasm)$/.test(name) && !/\.LICENSE\.txt$/.test(name))
    .sort();
}

/** The admin's page: Decap's bundle, then the extension, which starts the CMS (CMS_MANUAL_INIT) once its formats and widgets are registered. */
export function adminIndexHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Events catalogue admin</title>
  <script>window.CMS_MANUAL_INIT = true;</script>
</head>
<body>
  <script src="${DECAP_FILE}"></script>
  <script src="${EXTENSION_FILE}"></script>
</body>
</html>
`;
}
