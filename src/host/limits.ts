// The documented limits of each host, checked against what a build wrote for it: a build that
// passes one still succeeds (the files are right), but warns before a deploy is refused.
import { warning, type Diagnostic } from "../diagnostics.js";
import type { Host } from "./host.js";

/** What the writer saw go by: enough to check every host's limits without reading files back. */
export class OutputTally {
  files = 0;
  largest = { path: "", bytes: 0 };
  /** The rule files at the top of the output, by path, as text. */
  readonly ruleFiles = new Map<string, string>();

  async *observeAsync<T extends { path: string; bytes: Buffer; existing?: { size: number } }>(files: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const file of files) {
      this.see(file);
      yield file;
    }
  }

  private see(file: { path: string; bytes: Buffer; existing?: { size: number } }): void {
    this.files++;
    const size = file.existing?.size ?? file.bytes.length;
    if (size > this.largest.bytes) this.largest = { path: file.path, bytes: size };
    if (RULE_FILES.has(file.path)) this.ruleFiles.set(file.path, file.bytes.toString("utf8"));
  }

  *observe<T extends { path: string; bytes: Buffer; existing?: { size: number } }>(files: Iterable<T>): Generator<T> {
    for (const file of files) {
      this.files++;
      const size = file.existing?.size ?? file.bytes.length;
      if (size > this.largest.bytes) this.largest = { path: file.path, bytes: size };
      if (RULE_FILES.has(file.path)) this.ruleFiles.set(file.path, file.bytes.toString("utf8"));
      yield file;
    }
  }
}

const RULE_FILES = new Set(["_redirects", "_headers", "vercel.json"]);
const MIB = 1024 * 1024;
const n = (x: number) => x.toLocaleString("en-US");

/** Netlify: `_redirects` past 10,000 rules (Netlify advises fewer; a deploy may fail). */
export const NETLIFY_RULES = 10_000;
/** Cloudflare Pages: files per deploy (Free plan; paid plans take 100,000) and bytes per file. */
export const CLOUDFLARE_FILES_FREE = 20_000;
export const CLOUDFLARE_FILES_PAID = 100_000;
export const CLOUDFLARE_FILE_BYTES = 25 * MIB;
/** Vercel: `routes` entries and characters of each route's `src` (its schema's maxItems and maxLength). */
export const VERCEL_ROUTES = 2_048;
export const VERCEL_SRC = 4_096;

const ruleLines = (text: string) => text.split("\n").filter((l) => l.trim() !== "" && !l.trimStart().startsWith("#")).length;

export function hostLimitWarnings(hosts: readonly Host[], tally: OutputTally, outArg: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const file = (rel: string) => `${outArg}/${rel}`;
  for (const host of hosts) {
    if (host.name === "netlify") {
      const rules = ruleLines(tally.ruleFiles.get("_redirects") ?? "");
      if (rules > NETLIFY_RULES) {
        out.push(warning(file("_redirects"), [], `holds ${n(rules)} rules: Netlify advises fewer than ${n(NETLIFY_RULES)} and a deploy may fail; see docs/hosts.md for the catalogue sizes each host takes`));
      }
    }
    if (host.name === "cloudflare") {
      if (tally.files > CLOUDFLARE_FILES_FREE) {
        const plan = tally.files > CLOUDFLARE_FILES_PAID ? `more than any Cloudflare Pages plan takes (${n(CLOUDFLARE_FILES_PAID)})` : `more than Cloudflare Pages' Free plan takes (${n(CLOUDFLARE_FILES_FREE)}; paid plans take ${n(CLOUDFLARE_FILES_PAID)})`;
        out.push(warning(`${outArg}/`, [], `holds ${n(tally.files)} files, ${plan}; see docs/hosts.md for the catalogue sizes each plan takes`));
      }
      if (tally.largest.bytes > CLOUDFLARE_FILE_BYTES) {
        out.push(warning(file(tally.largest.path), [], `is ${(tally.largest.bytes / MIB).toFixed(1)} MiB: Cloudflare Pages refuses files over 25 MiB`));
      }
    }
    if (host.name === "vercel") {
      const config = JSON.parse(tally.ruleFiles.get("vercel.json") ?? "{}") as { routes?: { src?: string }[] };
      const routes = config.routes ?? [];
      if (routes.length > VERCEL_ROUTES) {
        out.push(warning(file("vercel.json"), ["routes"], `holds ${n(routes.length)} routes: Vercel refuses more than ${n(VERCEL_ROUTES)}`));
      }
      const long = routes.findIndex((r) => (r.src ?? "").length > VERCEL_SRC);
      if (long >= 0) out.push(warning(file("vercel.json"), ["routes", long, "src"], `is longer than the ${n(VERCEL_SRC)} characters Vercel accepts`));
    }
  }
  return out;
}
