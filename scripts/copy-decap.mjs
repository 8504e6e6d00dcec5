// Copies Decap CMS's prebuilt browser bundle into the package (lib/admin/decap/), so that a site's
// install needs no decap package: the bundle, the chunks it loads by number and its WebAssembly
// (the files the admin serves and writes: decapFiles in src/admin/admin-files.ts), the notices of
// what the bundle holds (decap-cms.js.LICENSE.txt), Decap's own license (scripts/decap-cms.LICENSE:
// the package ships none) and its version, from the exactly pinned devDependency decap-cms.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DECAP_FOLDER, DECAP_LICENSE, DECAP_VERSION_FILE, decapFiles } from "../lib/admin/admin-files.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));
const manifest = require("decap-cms/package.json");
const pinned = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).devDependencies?.["decap-cms"];
if (pinned !== manifest.version) throw new Error(`copy-decap: package.json pins decap-cms ${pinned}, and ${manifest.version} is installed: run npm ci`);
const dist = path.join(path.dirname(require.resolve("decap-cms/package.json")), "dist");
const to = path.join(root, DECAP_FOLDER);
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
const files = decapFiles(dist);
for (const name of files) copyFileSync(path.join(dist, name), path.join(to, name));
copyFileSync(path.join(root, "scripts/decap-cms.LICENSE"), path.join(to, DECAP_LICENSE));
writeFileSync(path.join(to, DECAP_VERSION_FILE), `${JSON.stringify({ name: manifest.name, version: manifest.version, license: manifest.license, files: [...files, DECAP_LICENSE].sort() }, null, 2)}\n`);
