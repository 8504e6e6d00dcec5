// vercel.json validated by Vercel's own @vercel/routing-utils, turned into the build output's
// config (`.vercel/output/config.json`) as `vercel build` makes it, and every request answered by
// @cloudflare/next-on-pages' router, a copy of Vercel's routing (its `handleRequest` and
// `RoutesMatcher`, bundled from the package's sources with esbuild): the phases (`handle`), `check`,
// `has` values matched as regular expressions ignoring case with named captures, `src` ignoring
// case unless `caseSensitive`, first match wins, the request's query string added to a redirect's
// Location, and a missing file Vercel's own 404. The static files are served by a small fetcher
// standing in for the asset server: the bytes, with the route's headers only.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { getTransformedRoutes, normalizeRoutes } from "@vercel/routing-utils";
import { expect } from "vitest";
import { ROOT } from "./cli.js";
import { VERCEL_FUNCTION_PATH, VERCEL_FUNCTIONS_DIR } from "../../src/host/vercel.js";

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


/** An edge function of a build output: `.vercel/output/functions/<path>.func`, the path it answers. */
interface EdgeFunctionDir { path: string; dir: string; entrypoint: string }

function edgeFunctionDirs(functionsDir: string, prefix = ""): EdgeFunctionDir[] {
  let found: EdgeFunctionDir[] = [];
  for (const name of readdirSync(functionsDir)) {
    const full = path.join(functionsDir, name);
    if (!statSync(full).isDirectory()) continue;
    if (name.endsWith(".func")) {
      const config = JSON.parse(readFileSync(path.join(full, ".vc-config.json"), "utf8")) as { runtime: string; entrypoint: string };
      expect(config.runtime, full).toBe("edge");
      found.push({ path: `${prefix}/${name.slice(0, -".func".length)}`, dir: full, entrypoint: config.entrypoint });
    } else found = found.concat(edgeFunctionDirs(full, `${prefix}/${name}`));
  }
  return found;
}

/**
 * An edge function run as `vercel dev` runs one (@vercel/node's dev server): the entrypoint bundled
 * by esbuild for the browser platform in CommonJS, wrapped with @vercel/node's own edge handler
 * template, in Vercel's edge runtime (`edge-runtime`, the version @vercel/node depends on).
 */
async function edgeFunction(fn: EdgeFunctionDir, env?: Record<string, string>): Promise<(request: Request) => Promise<Response>> {
  const { EdgeRuntime } = await import("edge-runtime");
  const compiled = await build({
    entryPoints: [path.join(fn.dir, fn.entrypoint)], bundle: true, platform: "browser", conditions: ["edge-light"],
    format: "cjs", write: false, legalComments: "none", logLevel: "silent",
  });
  const template = readFileSync(path.join(ROOT, "node_modules/@vercel/node/dist/edge-handler-template.js"), "utf8");
  const initialCode = [
    '"use strict";',
    `(() => { ${compiled.outputFiles[0]!.text}; })();`,
    "const userModule = module.exports;",
    template,
    "registerFetchListener(userModule, { isMiddleware: false, entrypointLabel: 'api' }, { Request, Response });",
  ].join("\n");
  // The compiled entry is CommonJS (`exports.default`), as `vercel build` writes it.
  const module = { exports: {} };
  // The project's environment variables, when given, as @vercel/node's dev server gives them (process.env).
  const runtime = new EdgeRuntime({ initialCode, extend: (context) => Object.assign(context, { module, exports: module.exports, ...(env ? { process: { env } } : {}) }) });
  return async (request) => {
    const url = new URL(request.url);
    // What Vercel's proxy tells the function of the address it was asked for.
    const headers = { ...Object.fromEntries(request.headers), "x-forwarded-host": url.host, "x-forwarded-proto": url.protocol.slice(0, -1), "x-forwarded-port": url.port };
    const answer = await runtime.dispatchFetch(request.url, { method: request.method, headers });
    await answer.waitUntil();
    return new Response(request.method === "HEAD" ? null : await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] });
  };
}

export interface VercelServer { base: string; stop(): Promise<void> }

/**
 * Whether Vercel's router sends the query `url` to no route of the function, so that the address
 * answers its plain document (docs/hosts.md): a query on a list or detail address (ending "/", not
 * find/) none of whose keys a function route of `dist`'s own vercel.json names (`format` only as
 * `format=api`, the route's value, matched ignoring case).
 */
export function unroutedOnVercel(dist: string, url: string): boolean {
  const config = JSON.parse(readFileSync(path.join(dist, "vercel.json"), "utf8")) as { routes: { has?: { type: string; key: string }[]; dest?: string }[] };
  const routed = new Set(config.routes.filter((r) => r.dest === VERCEL_FUNCTION_PATH).flatMap((r) => (r.has ?? []).map((h) => h.key)));
  const u = new URL(url, "http://x");
  const query = [...u.searchParams];
  const reaches = ([k, v]: [string, string]) => (k === "format" ? v.toLowerCase() === "api" : routed.has(k));
  return u.pathname.endsWith("/") && !u.pathname.endsWith("/find/") && query.length > 0 && !query.some(reaches);
}

/**
 * `dist` deployed as the recipe deploys it: the real `vercel build`, then every request over HTTP on
 * 127.0.0.1 answered by Vercel's routing (next-on-pages' copy, as `vercelRoutes`), the static
 * files by a stand-in for the asset server, and the edge functions by Vercel's edge runtime
 * (`edgeFunction`); a function's own requests to the deployment come back through the same router.
 */
export async function startVercel(dist: string, options: { env?: Record<string, string> } = {}): Promise<VercelServer> {
  const { routes, staticDir } = vercelBuild(dist);
  // The recipe's next step (src/scaffold/deploy-recipes.ts): the API's function beside the files.
  // (A project of its own functions in api/, the admin's, has none.)
  if (existsSync(path.join(dist, VERCEL_FUNCTIONS_DIR))) cpSync(path.join(dist, VERCEL_FUNCTIONS_DIR), path.join(dist, ".vercel/output/functions"), { recursive: true });
  const phases = byPhase(routes);
  const output: Record<string, { type: "static" } | { type: "function"; entrypoint: string }> = Object.fromEntries(filesUnder(staticDir).map((f) => [f, { type: "static" as const }]));
  const registry = ((globalThis as Record<string, unknown>).__bcVercelFunctions ??= {}) as Record<string, (r: Request) => Promise<Response>>;
  const modules = mkdtempSync(path.join(os.tmpdir(), "bc-vercel-functions-"));
  for (const fn of edgeFunctionDirs(path.join(dist, ".vercel/output/functions"))) {
    const key = `${modules}${fn.path}`;
    registry[key] = await edgeFunction(fn, options.env);
    const entry = path.join(modules, `${Object.keys(registry).length}.mjs`);
    writeFileSync(entry, `export default (request) => globalThis.__bcVercelFunctions[${JSON.stringify(key)}](request);\n`);
    output[fn.path] = { type: "function", entrypoint: pathToFileURL(entry).href };
  }
  const { handleRequest } = await loadRouter();
  const assetsFetcher = {
    async fetch(request: Request): Promise<Response> {
      const p = decodeURIComponent(new URL(request.url).pathname);
      const file = [p, `${p}.html`, `${p}index.html`].find((f) => output[f]?.type === "static");
      if (!file) return new Response(null, { status: 404 });
      return new Response(request.method === "HEAD" ? null : new Uint8Array(readFileSync(path.join(staticDir, file))), { status: 200 });
    },
  };
  const { createServer } = await import("node:http");
  const server = createServer((req, res) => {
    const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host}`), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([n, v]) => (v === undefined ? [] : [[n, Array.isArray(v) ? v.join(", ") : v] as [string, string]])),
    });
    handleRequest({ request, assetsFetcher, ctx: { waitUntil: () => {} } }, { routes: phases }, output as never, { collectedLocales: [] })
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, [...response.headers].flat());
        res.end(req.method === "HEAD" ? undefined : body);
      })
      .catch((e: unknown) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`the router failed: ${String(e)}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      rmSync(modules, { recursive: true, force: true });
    }),
  };
}
