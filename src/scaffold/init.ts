// `build-catalogue init`: gives a site what it lacks. In a folder whose content/ is missing or
// empty: the starter content shipped in templates/starter/ (dated from the day it runs, so it
// builds without warnings; its image's original in content/images/, so the site keeps its
// originals from the start). In a site whose content/ holds files (one `build-catalogue import`
// wrote, or a team's own): `$schema` added to the content files that lack it (add-schemas.ts),
// nothing else in content/ touched. Either way: the JSON Schemas the `$schema` keys name when the
// package is not in the site's node_modules, the .gitignore lines a site needs, the GitHub Actions
// workflow for the chosen host and schedule (workflow.ts), and the host's files (netlify.toml). It
// never replaces a file: one that exists is kept as it is, and .gitignore only gets lines appended.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentJsonSchemas } from "../content/json-schema.js";
import { BuildFailed, UsageError } from "../errors.js";
import { packageUrl } from "../package-files.js";
import { addSchemas, type SchemaAdded, type SchemaLeft } from "./add-schemas.js";
import { DEFAULT_INIT_HOST, DEPLOY_RECIPES, type InitHost } from "./deploy-recipes.js";
import { declaresPackage, EVENT_SCHEMA_FILE, findSchemaHome, schemaReference, type SchemaHome } from "./schema-path.js";
import { DEFAULT_SCHEDULE, renderWorkflow, type ScheduleName } from "./workflow.js";

/** The starter site, inside this package; its files are written below the site's folder as they lie here. */
const STARTER = fileURLToPath(packageUrl("templates/starter/"));
export const WORKFLOW_FILE = ".github/workflows/events-catalogue.yml";
/** What a site keeps out of git: the build's output and the dependencies (the build cache is inside node_modules/.cache/). */
export const GITIGNORE_LINES = ["dist/", "node_modules/"];

export interface InitOptions {
  /** The site's folder, created when missing; default the current folder. */
  dir?: string;
  cwd?: string;
  /** The day the starter's dates count from; default today. */
  today?: Date;
  /** The host the workflow deploys to; default cloudflare. */
  host?: InitHost;
  /** How often the workflow rebuilds for is_past; default hourly. */
  schedule?: ScheduleName;
}

export interface InitResult {
  /** The site's folder, absolute. */
  dir: string;
  /** The files written, relative to the site's folder, with forward slashes, in the order written. */
  written: string[];
  /** Files that were already there and were left as they were (the workflow, a schema). */
  kept: string[];
  /** The lines added to .gitignore (created when missing); empty when it had them all. */
  gitignoreAdded: string[];
  /** Where the content's `$schema` keys point. */
  schemas: SchemaHome["kind"];
  /** The site's package.json names build-catalogue (so `npm ci` installs it, as the workflow needs). */
  declared: boolean;
  /** content/ held files already: no starter was written, `$schema` was added where missing. */
  existing: boolean;
  /** content/ of an existing site has no catalogue.json (or .yaml, .yml). */
  noCatalogue: boolean;
  /** The content files `$schema` was added to (an existing site). */
  schemaAdded: SchemaAdded[];
  /** The content files left without one, and why (an existing site). */
  schemaLeft: SchemaLeft[];
  host: InitHost;
  schedule: ScheduleName;
}

const slash = (p: string) => p.split(path.sep).join("/");

/** Every file below a folder, relative to it, sorted. */
function filesBelow(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesBelow(dir, path.join(rel, e.name)) : [path.join(rel, e.name)]));
}

/** The date `days` after `today` (UTC calendar), as YYYY-MM-DD. */
function dateFrom(today: Date, days: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
}

/**
 * A starter file's text with its placeholders filled in: `{{date +28}}` (a date that many days
 * from today; 28 days ahead stays ahead in any time zone) and `{{schema event.schema.json}}` (the
 * schema's path from the file).
 */
function fill(text: string, fromDir: string, home: SchemaHome, today: Date): string {
  return text.replace(/\{\{(\w+) ([^}]+)\}\}/g, (whole, what: string, arg: string) => {
    if (what === "date" && /^[+-]\d+$/.test(arg)) return dateFrom(today, Number(arg));
    if (what === "schema") return schemaReference(home, fromDir, arg);
    throw new Error(`templates/starter: unknown placeholder ${whole}`);
  });
}

/** `dist`, `/dist` and `dist/` ignore the same folder at the top. */
const ignoreKey = (line: string) => line.trim().replace(/^\/|\/$/g, "");

export async function init(options: InitOptions = {}): Promise<InitResult> {
  const cwd = options.cwd ?? process.cwd();
  const dirArg = options.dir ?? ".";
  const dir = path.resolve(cwd, dirArg);
  const shown = (rel: string) => slash(path.join(dirArg, rel));
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--dir: ${dirArg} is a file, not a folder; name the folder to start the site in`);
  const contentDir = path.join(dir, "content");
  let existing = false;
  if (existsSync(contentDir)) {
    if (!statSync(contentDir).isDirectory()) throw new UsageError(`${shown("content")} is a file; init writes the starter content into a content/ folder: move the file away, or choose another folder with --dir`);
    // Content there already is the site's: no starter, only what it lacks.
    existing = readdirSync(contentDir).length > 0;
  }
  const host = options.host ?? DEFAULT_INIT_HOST;
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  const recipe = DEPLOY_RECIPES[host];

  // Point the content at the package in the site's node_modules when it is there (or named in
  // package.json); otherwise at a copy of the schemas written into the site beside content/.
  // The folder init starts is the site: nothing above it is looked at, so no path leads out of it.
  const found = findSchemaHome(contentDir, EVENT_SCHEMA_FILE, dir);
  const home: SchemaHome = found ?? { kind: "site", dir: path.join(dir, "schemas") };
  const today = options.today ?? new Date();
  // The starter's image original (content/images/) is copied as its bytes; its text files are filled in.
  const planned: { rel: string; text: string | Buffer }[] = existing
    ? []
    : filesBelow(STARTER).map((rel) => ({
        rel: slash(rel),
        text: /\.(json|ya?ml)$/.test(rel)
          ? fill(readFileSync(path.join(STARTER, rel), "utf8"), path.dirname(path.join(dir, rel)), home, today)
          : readFileSync(path.join(STARTER, rel)),
      }));
  if (!found) for (const s of contentJsonSchemas()) planned.push({ rel: `schemas/${s.name}`, text: s.text });
  planned.push({ rel: WORKFLOW_FILE, text: renderWorkflow({ host, schedule }) });
  planned.push(...recipe.files.map((f) => ({ rel: f.path, text: f.text })));

  const gitignore = path.join(dir, ".gitignore");
  const existingIgnore = existsSync(gitignore) ? readFileSync(gitignore, "utf8") : null;
  const have = new Set((existingIgnore ?? "").split(/\r?\n/).map(ignoreKey));
  const gitignoreAdded = GITIGNORE_LINES.filter((l) => !have.has(ignoreKey(l)));

  const written: string[] = [];
  const kept: string[] = [];
  let schemaAdded: SchemaAdded[] = [];
  let schemaLeft: SchemaLeft[] = [];
  try {
    for (const { rel, text } of planned) {
      const file = path.join(dir, rel);
      // A file may be there already (outside content/, which the starter goes into only when empty): it is the site's, and stays.
      if (existsSync(file)) {
        kept.push(rel);
        continue;
      }
      await mkdir(path.dirname(file), { recursive: true });
      // "wx": never replace a file, even one that appeared since the check above.
      await writeFile(file, text, { encoding: "utf8", flag: "wx" });
      written.push(rel);
    }
    if (existingIgnore === null) await writeFile(gitignore, `${gitignoreAdded.join("\n")}\n`, { encoding: "utf8", flag: "wx" });
    else if (gitignoreAdded.length > 0) {
      // Appended, never rewritten: the lines already there stay as they are (and set the line ending).
      const eol = existingIgnore.includes("\r\n") ? "\r\n" : "\n";
      const sep = existingIgnore === "" || existingIgnore.endsWith("\n") ? "" : eol;
      await appendFile(gitignore, `${sep}${gitignoreAdded.join(eol)}${eol}`, "utf8");
    }
    // After the schemas are written: a path names a file that exists.
    if (existing) ({ added: schemaAdded, left: schemaLeft } = await addSchemas(dir, contentDir, home));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const done = written.length ? ` (written before it: ${written.join(", ")})` : "";
    throw new BuildFailed(`could not write ${existing ? "what the site lacks" : "the starter site"} into ${dirArg}: ${err.code ? `${err.code} ` : ""}${err.message}${done}; check that the folder is writable.`);
  }
  const noCatalogue = existing && !["catalogue.json", "catalogue.yaml", "catalogue.yml"].some((n) => existsSync(path.join(contentDir, n)));
  return {
    dir, written, kept, gitignoreAdded, schemas: home.kind, declared: declaresPackage(path.join(dir, "package.json")),
    existing, noCatalogue, schemaAdded, schemaLeft, host, schedule,
  };
}
