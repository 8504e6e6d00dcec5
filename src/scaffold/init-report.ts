// What `build-catalogue init` prints: the files it wrote (and left), then the next steps.
import path from "node:path";
import { WORKFLOW_FILE, type InitResult } from "./init.js";

/** The lines to print, in order. */
export function initReport(result: InitResult, dirArg: string): string[] {
  const out: string[] = [];
  const here = path.resolve(dirArg) === path.resolve(".");
  out.push(`Started a site in ${here ? "this folder" : `${dirArg.replace(/\/+$/, "")}/`}:`);
  for (const file of result.written) out.push(`  wrote ${file}`);
  if (result.gitignoreAdded.length > 0) out.push(`  .gitignore: added ${result.gitignoreAdded.join(", ")}`);
  for (const file of result.kept) out.push(`  left ${file} as it was (it was there already)`);
  if (result.schemas === "site") {
    out.push("The content's $schema keys name schemas/ (the JSON Schemas, for editors); after upgrading build-catalogue, run build-catalogue schema --out schemas again.");
  }
  const steps: [string, string][] = [];
  if (!here) steps.push([`cd ${dirArg}`, ""]);
  if (!result.declared) steps.push(["npm install --save-dev build-catalogue", "make it a dependency of the site (CI runs npm ci)"]);
  steps.push(
    ["npx build-catalogue", "build content/ into dist/"],
    ["npx build-catalogue preview", "serve the API on 127.0.0.1:8000, rebuilt on every change"],
    ["npx build-catalogue new event <slug>", "start another event page"],
  );
  const width = Math.max(...steps.map(([c]) => c.length));
  out.push("Next:");
  for (const [command, what] of steps) out.push(`  ${what ? `${command.padEnd(width)}   ${what}` : command}`);
  out.push(
    "Then replace the starter's example values (the URLs in content/catalogue.json, the venue, the image, the event) with your own, and " +
      `set up the deploy step of ${WORKFLOW_FILE} (its comments say how).`,
  );
  return out;
}
