// The documented limits of the hosts a build writes for, checked against what the build wrote:
// past one, the files are still right, but the host would refuse the deploy (or advises
// against it), so the build warns before anyone deploys. Pure: it reads a tally the writer
// kept while writing, never the files.
import { warning, type Diagnostic } from "../model/diagnostics.js";
import type { OutputTally } from "../model/output.js";
import type { Host } from "./rules.js";

const MIB = 1024 * 1024;
const n = (x: number) => x.toLocaleString("en-US");
const SIZES = "docs/hosts.md lists the catalogue sizes each host and plan takes";

/**
 * Netlify advises fewer than 10,000 rules: "If you need to set up 10,000 redirects or more, we
 * recommend using wildcards or placeholders as much as possible", and "if the size of this output
 * is too large, the deploy might fail" (https://docs.netlify.com/routing/redirects/). So 10,000
 * rules is already past the advice: the warning starts there.
 */
export const NETLIFY_RULES_ADVISED_BELOW = 10_000;
/**
 * Cloudflare Pages: "sites can contain up to 20,000 files on the Free plan"; paid plans up to
 * 100,000 (https://developers.cloudflare.com/pages/platform/limits/#files, and the changelog of
 * 2026-01-23, https://developers.cloudflare.com/changelog/post/2026-01-23-pages-file-limit-increase/,
 * which also needs PAGES_WRANGLER_MAJOR_VERSION=4 set on the project).
 */
export const CLOUDFLARE_FILES_FREE = 20_000;
export const CLOUDFLARE_FILES_PAID = 100_000;
/**
 * Cloudflare Pages: "a 25 MiB individual file size limit"
 * (https://developers.cloudflare.com/workers/static-assets/billing-and-limitations/, which states
 * it matches the limits in Cloudflare Pages, https://developers.cloudflare.com/pages/platform/limits/).
 */
export const CLOUDFLARE_FILE_BYTES = 25 * MIB;
/**
 * Vercel: vercel.json is validated against the JSON schema @vercel/routing-utils publishes
 * (dist/schemas.js, https://github.com/vercel/vercel/tree/main/packages/routing-utils): a route's
 * `src` has `maxLength: 4096`, and `headers`, `redirects` and `rewrites` have `maxItems: 2048`.
 * `routes` itself has no maxItems there (routing-utils 6.6) and Vercel's docs name no number, so
 * 2,048 is held as its bound too: the most Vercel takes of any other list of rules.
 */
export const VERCEL_ROUTES = 2_048;
export const VERCEL_SRC_CHARS = 4_096;

/** Lines of a Netlify-style rule file that are rules: not blank, not a comment. */
function ruleCount(text: string): number {
  let count = 0;
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#")) count++;
  }
  return count;
}

/** A warning for each documented limit of `hosts` that the written output passes. `outArg` is --out as the user wrote it. */
export function hostLimitWarnings(hosts: readonly Host[], tally: OutputTally, outArg: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const dir = outArg.replace(/\/+$/, "") || ".";
  const file = (rel: string) => `${dir}/${rel}`;
  for (const host of hosts) {
    if (host.name === "netlify") {
      const text = tally.ruleFiles.get("_redirects");
      const rules = text === undefined ? 0 : ruleCount(text);
      if (rules >= NETLIFY_RULES_ADVISED_BELOW) {
        out.push(
          warning(
            file("_redirects"),
            [],
            `holds ${n(rules)} rules: Netlify advises fewer than ${n(NETLIFY_RULES_ADVISED_BELOW)}, and a deploy with too many may fail. ` +
              `The rules should not grow with the catalogue past 9,000; report this, and deploy to nginx or Cloudflare meanwhile (${SIZES})`,
          ),
        );
      }
    }
    if (host.name === "cloudflare") {
      if (tally.files > CLOUDFLARE_FILES_FREE) {
        const past =
          tally.files > CLOUDFLARE_FILES_PAID
            ? `more than any Cloudflare Pages plan takes (${n(CLOUDFLARE_FILES_PAID)} on paid plans), so the deploy will be refused: deploy to nginx instead, or split the catalogue`
            : `more than Cloudflare Pages takes on its Free plan (${n(CLOUDFLARE_FILES_FREE)}), so a deploy there will be refused: a paid plan takes ${n(CLOUDFLARE_FILES_PAID)} (set PAGES_WRANGLER_MAJOR_VERSION=4 on the project)`;
        out.push(warning(`${dir}/`, [], `holds ${n(tally.files)} files, ${past} (${SIZES})`));
      }
      // Only the largest file is tallied: it is named, and any other over the limit shows once it is fixed.
      if (tally.largest.bytes > CLOUDFLARE_FILE_BYTES) {
        const page = /^api\/v2\/(?:pages|event_pages)\/[0-9]+\//.test(tally.largest.path);
        const todo = page
          ? "it is one page's document: shorten that page's content (its description blocks)"
          : `it holds every page, so it grows with the catalogue: deploy to nginx instead (${SIZES})`;
        out.push(
          warning(
            file(tally.largest.path),
            [],
            `is ${(tally.largest.bytes / MIB).toFixed(1)} MiB (${n(tally.largest.bytes)} bytes): Cloudflare Pages refuses a file over 25 MiB, so the deploy will be refused; ${todo}`,
          ),
        );
      }
    }
    if (host.name === "vercel") {
      const text = tally.ruleFiles.get("vercel.json");
      const routes = text === undefined ? [] : ((JSON.parse(text) as { routes?: { src?: string }[] }).routes ?? []);
      if (routes.length > VERCEL_ROUTES) {
        out.push(
          warning(
            file("vercel.json"),
            ["routes"],
            `holds ${n(routes.length)} routes: Vercel takes at most ${n(VERCEL_ROUTES)} rules in a list, so the deploy may be refused; deploy to nginx or Cloudflare instead (${SIZES})`,
          ),
        );
      }
      const long = routes.findIndex((r) => typeof r.src === "string" && r.src.length > VERCEL_SRC_CHARS);
      if (long >= 0) {
        out.push(
          warning(
            file("vercel.json"),
            ["routes", long, "src"],
            `is ${n(routes[long]!.src!.length)} characters long: Vercel's schema takes at most ${n(VERCEL_SRC_CHARS)}, so the deploy will be refused. ` +
              `The build packs ids into routes below that length; report this, and deploy to nginx or Cloudflare meanwhile`,
          ),
        );
      }
    }
  }
  return out;
}
