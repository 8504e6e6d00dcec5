// The `$schema` a scaffolded content file names: a path inside the site, relative to the file,
// that works for everyone who clones the site (never an absolute path, never a path into the
// package wherever this command happens to run from, such as a global npx cache).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const PACKAGE_NAME = "build-catalogue";

/** The event pages' JSON Schema; a page's `$schema` names it relative to the page. */
export const EVENT_SCHEMA_FILE = "event.schema.json";

/** Where a schema a site can name lives, and how the content reaches it. */
export type SchemaHome =
  /** The package in the site's node_modules (installed, or named in the site's package.json). */
  | { kind: "node_modules"; dir: string }
  /** The site's own copy, written by `build-catalogue schema` (or `init`). */
  | { kind: "site"; dir: string };

/**
 * The site's root as seen from its content folder: the nearest folder at or above it that holds a
 * package.json or .git; without one, the content folder's parent (where `init` puts it).
 */
export function siteRoot(contentDir: string): string {
  for (let dir = contentDir; ; ) {
    if (existsSync(path.join(dir, "package.json")) || existsSync(path.join(dir, ".git"))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.dirname(contentDir);
    dir = up;
  }
}

/** Whether a package.json names the package as a dependency, so `npm ci` installs it beside it. */
export function declaresPackage(packageJson: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(packageJson, "utf8")) as Record<string, unknown>;
    return ["dependencies", "devDependencies", "optionalDependencies"].some((k) => {
      const deps = pkg[k];
      return deps !== null && typeof deps === "object" && PACKAGE_NAME in deps;
    });
  } catch {
    return false;
  }
}

/**
 * The schemas folder the content's `$schema` should name (`schemaFile` being one of its files, such
 * as event.schema.json), searched only inside the site:
 * 1. node_modules/build-catalogue/schemas of the nearest folder from the content folder up to the
 *    site's root that has the package installed, or else the site root's, when its package.json
 *    names the package (every clone gets it with `npm ci`);
 * 2. the site's own copy: schemas/ beside the content folder, or at the site's root;
 * null when there is none. `root` is the site's root (default: found from the content folder).
 */
export function findSchemaHome(contentDir: string, schemaFile: string, root = siteRoot(contentDir)): SchemaHome | null {
  for (let dir = contentDir; ; dir = path.dirname(dir)) {
    const installed = path.join(dir, "node_modules", PACKAGE_NAME, "schemas");
    if (existsSync(path.join(installed, schemaFile))) return { kind: "node_modules", dir: installed };
    if (dir === root || path.dirname(dir) === dir) break;
  }
  if (declaresPackage(path.join(root, "package.json"))) return { kind: "node_modules", dir: path.join(root, "node_modules", PACKAGE_NAME, "schemas") };
  for (const dir of [path.join(path.dirname(contentDir), "schemas"), path.join(root, "schemas")]) {
    if (existsSync(path.join(dir, schemaFile))) return { kind: "site", dir };
  }
  return null;
}

/** `schemaFile` of `home` as a path relative to the folder `fromDir`, with forward slashes. */
export function schemaReference(home: SchemaHome, fromDir: string, schemaFile: string): string {
  return path.relative(fromDir, path.join(home.dir, schemaFile)).split(path.sep).join("/");
}
