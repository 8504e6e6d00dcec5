// vercel.json validated by Vercel's own @vercel/routing-utils, turned into the build output's
// config (`.vercel/output/config.json`) as `vercel build` makes it, and every request answered by
// @cloudflare/next-on-pages' router, a copy of Vercel's routing (its `handleRequest` and
// `RoutesMatcher`, bundled from the package's sources with esbuild): the phases (`handle`), `check`,
// `has` values matched as regular expressions ignoring case with named captures, `src` ignoring
// case unless `caseSensitive`, first match wins, the request's query string added to a redirect's
// Location, and a missing file Vercel's own 404. The static files are served by a small fetcher
// standing in for the asset server: the bytes, with the route's headers only.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { expect } from "vitest";
import { ROOT } from "./cli.js";

export interface VercelAnswer {
  status: number;
  /** Lowercase names, as the router's Headers give them. */
  headers: Record<string, string>;
  body: Buffer;
}

type Route = Record<string, unknown> & { src?: string; handle?: string };
type Phase = "none" | "filesystem" | "miss" | "rewrite" | "resource" | "hit" | "error";
interface Router {
  handleRequest(
    context: { request: Request; assetsFetcher: { fetch(request: Request): Promise<Response> }; ctx: { waitUntil(p: Promise<unknown>): void } },
    config: { routes: Record<Phase, Route[]> },
    output: Record<string, { type: "static" }>,
    metadata: { collectedLocales: string[] },
  ): Promise<Response>;
}

const NEXT_ON_PAGES = path.join(ROOT, "node_modules/@cloudflare/next-on-pages");
let router: Promise<Router> | null = null;

/** next-on-pages' request handler, bundled once per test process from its TypeScript sources. */
function loadRouter(): Promise<Router> {
  return (router ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bc-vercel-router-"));
    const outfile = path.join(dir, "router.mjs");
    await build({
      entryPoints: [path.join(NEXT_ON_PAGES, "templates/_worker.js/handleRequest.ts")],
      bundle: true, platform: "node", format: "esm", outfile, logLevel: "silent",
    });
    const loaded = (await import(pathToFileURL(outfile).href)) as Router;
    rmSync(dir, { recursive: true, force: true });
    return loaded;
  })());
}

/**
 * The routes of `.vercel/output/config.json` for a static project: vercel.json's, transformed by
 * routing-utils, then the error route `vercel build` adds for a static project's 404 page.
 */
export function outputRoutes(vercelJson: { routes: Route[] }): Route[] {
  const transformed = getTransformedRoutes(vercelJson as never);
  expect(transformed.error).toBeNull();
  return [...(transformed.routes as Route[]), { handle: "error" }, { status: 404, src: "^(?!/api).*$", dest: "/404.html" }];
}

/** Runs the real `vercel build` (offline: a hand-written project link) in `dist`; its output config and static folder. */
export function vercelBuild(dist: string): { routes: Route[]; staticDir: string } {
  mkdirSync(path.join(dist, ".vercel"), { recursive: true });
  const settings = { framework: null, buildCommand: null, outputDirectory: ".", installCommand: null, devCommand: null, rootDirectory: null };
  writeFileSync(path.join(dist, ".vercel/project.json"), JSON.stringify({ projectId: "prj_local", orgId: "team_local", settings }));
  const run = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vercel/dist/vc.js"), "build", "--yes"], {
    cwd: dist, encoding: "utf8", env: { ...process.env, VERCEL_TELEMETRY_DISABLED: "1", CI: "1" }, timeout: 120_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const config = JSON.parse(readFileSync(path.join(dist, ".vercel/output/config.json"), "utf8")) as { routes: Route[] };
  return { routes: config.routes, staticDir: path.join(dist, ".vercel/output/static") };
}

/** next-on-pages' processVercelConfig: routes grouped by phase (`handle`), each `src` anchored. */
function byPhase(routes: Route[]): Record<Phase, Route[]> {
  const phases: Record<Phase, Route[]> = { none: [], filesystem: [], miss: [], rewrite: [], resource: [], hit: [], error: [] };
  let phase: Phase = "none";
  for (const r of routes) {
    if (r.handle) phase = r.handle as Phase;
    else phases[phase].push({ ...r, src: r.src === undefined ? undefined : `${r.src.startsWith("^") ? "" : "^"}${r.src}${r.src.endsWith("$") ? "" : "$"}` });
  }
  return phases;
}

function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (prefix === "" && (name.startsWith(".") || name === "vercel.json")) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`/${prefix}${name}`];
  });
}

/**
 * Validates `dist`'s vercel.json and returns what Vercel answers a request. With `real`, the
 * output config and static files are `vercel build`'s; otherwise vercel.json's routes as
 * `outputRoutes` transforms them, over `dist` itself.
 */
export async function vercelRoutes(dist: string, { real = false } = {}): Promise<(method: string, url: string) => Promise<VercelAnswer>> {
  const config = JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8")) as { routes: Route[] };
  const normalized = normalizeRoutes(config.routes as never);
  expect(normalized.error).toBeNull();
  const { routes, staticDir } = real ? vercelBuild(dist) : { routes: outputRoutes(config), staticDir: dist };
  const phases = byPhase(routes);
  const output = Object.fromEntries(filesUnder(staticDir).map((f) => [f, { type: "static" as const }]));
  const { handleRequest } = await loadRouter();
  // The asset server: a path as next-on-pages asks for it (without `.html` or `/index.html`), the file's bytes.
  const assetsFetcher = {
    async fetch(request: Request): Promise<Response> {
      const p = decodeURIComponent(new URL(request.url).pathname);
      const file = [p, `${p}.html`, `${p}index.html`].find((f) => output[f] !== undefined);
      if (!file) return new Response(null, { status: 404 });
      return new Response(request.method === "HEAD" ? null : new Uint8Array(readFileSync(path.join(staticDir, file))), { status: 200 });
    },
  };
  return async (method: string, url: string) => {
    const request = new Request(new URL(url, "https://site.example"), { method });
    const response = await handleRequest({ request, assetsFetcher, ctx: { waitUntil: () => {} } }, { routes: phases }, output, { collectedLocales: [] });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
  };
}

