// What `build-catalogue init` prints: what it wrote and added, what it left as it was, then the
// next steps (the deploy's secrets and variables among them).
import path from "node:path";
import type { SchemaLeft } from "./add-schemas.js";
import { packageVersion } from "../package-files.js";
import { DEPLOY_RECIPES } from "./deploy-recipes.js";
import { WORKFLOW_FILE, type InitResult } from "./init.js";
import { DEFAULT_SCHEDULE } from "./workflow.js";

/** Up to three names, then how many more. */
function some(files: string[]): string {
  return `${files.slice(0, 3).join(", ")}${files.length > 3 ? `, and ${files.length - 3} more` : ""}`;
}

/** The files left without `$schema`, one line per reason. */
function leftLines(left: SchemaLeft[]): string[] {
  const byWhy = new Map<string, string[]>();
  for (const { file, why } of left) byWhy.set(why, [...(byWhy.get(why) ?? []), file]);
  return [...byWhy].map(([why, files]) =>
    files.length === 1 ? `  left ${files[0]} as it was: it ${why}` : `  left ${files.length} content files as they were (${some(files)}): each ${why}`,
  );
}

/** The lines to print, in order. */
export function initReport(result: InitResult, dirArg: string): string[] {
  const out: string[] = [];
  const here = path.resolve(dirArg) === path.resolve(".");
  const where = here ? "this folder" : `${dirArg.replace(/\/+$/, "")}/`;
  out.push(result.existing ? `Added what the site in ${where} lacked:` : `Started a site in ${where}:`);
  for (const file of result.written) out.push(`  wrote ${file}`);
  if (result.gitignoreAdded.length > 0) out.push(`  .gitignore: added ${result.gitignoreAdded.join(", ")}`);
  const added = result.schemaAdded.map((a) => a.file);
  if (added.length > 0) out.push(`  added $schema to ${added.length === 1 ? added[0] : `${added.length} content files (${some(added)})`}`);
  for (const file of result.kept) out.push(`  left ${file} as it was (it was there already)`);
  out.push(...leftLines(result.schemaLeft));
  if (result.existing && result.written.length === 0 && result.gitignoreAdded.length === 0 && added.length === 0) out.push("  nothing was missing");
  if (result.schemas === "site" && (result.written.some((f) => f.startsWith("schemas/")) || added.length > 0 || !result.existing)) {
    out.push("The content's $schema keys name schemas/ (the JSON Schemas, for editors); after upgrading build-catalogue, run build-catalogue schema --out schemas again.");
  }
  if (result.kept.includes(WORKFLOW_FILE) && (result.existing || result.host !== "cloudflare" || result.schedule !== DEFAULT_SCHEDULE)) {
    out.push(`The workflow there is yours and stays: to have init write another (--host, --schedule), move ${WORKFLOW_FILE} away and run init again, or paste the steps from docs/hosts.md of build-catalogue.`);
  }
  if (result.noCatalogue) out.push("content/ holds no catalogue.json (nor .yaml): the build needs one; build-catalogue check says what else is missing.");

  const steps: [string, string][] = [];
  if (!here) steps.push([`cd ${dirArg}`, ""]);
  // The way that works before the package is on a registry: its tarball committed with the site (docs/installing.md).
  if (!result.declared) {
    const tarball = `build-catalogue-${packageVersion()}.tgz`;
    steps.push([`npm install --save-dev ./vendor/${tarball}`, `make it a dependency of the site, its tarball committed in vendor/ (CI runs npm ci; other ways: docs/installing.md of build-catalogue)`]);
  }
  if (result.existing) {
    steps.push(["npx build-catalogue check", "validate content/"], ["npx build-catalogue preview", "serve the API on 127.0.0.1:8000, rebuilt on every change"]);
  } else {
    steps.push(
      ["npx build-catalogue", "build content/ into dist/"],
      ["npx build-catalogue preview", "serve the API on 127.0.0.1:8000, rebuilt on every change"],
      ["npx build-catalogue new event <slug>", "start another event page"],
    );
  }
  const width = Math.max(...steps.map(([c]) => c.length));
  out.push("Next:");
  for (const [command, what] of steps) out.push(`  ${what ? `${command.padEnd(width)}   ${what}` : command}`);
  const recipe = DEPLOY_RECIPES[result.host];
  const settings = [
    recipe.secrets.length ? `the secret${recipe.secrets.length > 1 ? "s" : ""} ${recipe.secrets.join(", ")}` : "",
    recipe.variables.length ? `the variable${recipe.variables.length > 1 ? "s" : ""} ${recipe.variables.join(", ")}` : "",
  ].filter(Boolean).join(" and ");
  const deploy = result.kept.includes(WORKFLOW_FILE)
    ? `check that ${WORKFLOW_FILE} deploys where you want (docs/hosts.md of build-catalogue has a recipe per host)`
    : `set ${settings} in the repository's settings (Secrets and variables → Actions), which ${WORKFLOW_FILE} deploys to ${recipe.title} with (docs/hosts.md of build-catalogue)`;
  out.push(
    result.existing
      ? `Then commit what init added, and ${deploy}.`
      : `Then replace the starter's example values (the URLs in content/catalogue.json, the venue, the image, the event) with your own, and ${deploy}.`,
    // The form editors use in a browser, for a team where not everyone edits files.
    "For editors in a browser: npx build-catalogue edit opens the admin (Decap CMS: forms over content/) at 127.0.0.1:8000/admin/, and npx build-catalogue admin --repo OWNER/NAME writes it for the web (editors sign in with GitHub, each change a pull request), to deploy as a site of its own.",
  );
  return out;
}
