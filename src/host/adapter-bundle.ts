// The host runtimes' adapters, as the package's build bundled them (scripts/bundle.mjs): one ES
// module each, which a host's rule file completes with its routing data and default export.
import { readFileSync } from "node:fs";
import { packageUrl } from "../package-files.js";

export type AdapterName = "cloudflare-worker" | "netlify-edge" | "vercel-edge";

/** The bundle of `name`, then `tail` (the lines that give it the site's rules). */
export function adapterModule(name: AdapterName, tail: readonly string[]): string {
  const bundle = readFileSync(packageUrl(`lib/adapters/${name}.bundle.js`), "utf8");
  return [`// build-catalogue ${name}: the runtime responder and the query engine, with this build's routing data at the end.`, bundle.trimEnd(), "", ...tail, ""].join("\n");
}
