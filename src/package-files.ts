// Where this package's own files are. The command runs as one bundled module (lib/cli.bundle.js,
// see scripts/bundle.mjs), in which every module's import.meta.url is the bundle's: a module
// finds the package's files from the package's root, never from its own place. This module sits
// one folder below the root in lib/ and src/, as the bundle does.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const PACKAGE_ROOT_URL = new URL("../", import.meta.url);
export const PACKAGE_ROOT = fileURLToPath(PACKAGE_ROOT_URL);

/** Running the TypeScript sources (the tests), not the compiled modules. */
export const FROM_SOURCES = fileURLToPath(import.meta.url).endsWith(".ts");

/** A file of the package, by its path from the root. */
export const packageUrl = (rel: string): URL => new URL(rel, PACKAGE_ROOT_URL);

/** A module of the package by its path below lib/ (below src/ when running the TypeScript sources). */
export const moduleUrl = (rel: string): URL => packageUrl(`${FROM_SOURCES ? "src" : "lib"}/${rel}`);

/** This package's version, from its package.json. */
export const packageVersion = (): string => (JSON.parse(readFileSync(packageUrl("package.json"), "utf8")) as { version: string }).version;
