// Netlify's own local runtime, `netlify dev --offline` (netlify-cli, with Deno from npm for edge
// functions), serving a built folder on 127.0.0.1 as a site that deploys it would: dist published,
// its edge functions folder named in netlify.toml. The tools are 450 MB, so they are not the
// project's devDependencies: .ci/run installs them in .ci/netlify. Offline, netlify-cli would fetch
// the edge runtime's bootstrap and its types from the web; the site made here points it at the
// copies installed with netlify-cli (test/fixtures/netlify-dev), keeps every server on 127.0.0.1
// and refuses any connection beyond it.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FIXTURES, removeDir, ROOT, tempDir } from "./cli.js";
import { reportMissing } from "./programs.js";
import { freePort, startProcess, waitFor } from "./server.js";

/** A folder holding netlify-cli and Deno's npm packages (its node_modules) instead of .ci/netlify's. */
export const NETLIFY_DEV_ENV = "NETLIFY_DEV_TOOLS";
/** How to install them, from the project's folder. */
export const NETLIFY_DEV_INSTALL = "npm ci --prefix .ci/netlify";

const FIXTURE = path.join(FIXTURES, "netlify-dev");

export interface NetlifyDevTools {
  /** netlify-cli's bin/run.js, run with this Node. */
  netlify: string;
  /** The Deno binary of the npm package for this platform. */
  deno: string;
  /** The edge runtime's bootstrap that netlify-cli's own packages ship. */
  bootstrap: string;
}

/** The tools in `$NETLIFY_DEV_TOOLS` or .ci/netlify/node_modules, or undefined when one is missing. */
export function findNetlifyDev(env: NodeJS.ProcessEnv = process.env): NetlifyDevTools | undefined {
  const modules = env[NETLIFY_DEV_ENV] || path.join(ROOT, ".ci/netlify/node_modules");
  const first = (...candidates: string[]) => candidates.map((c) => path.join(modules, c)).find((p) => existsSync(p));
  // Deno's npm package installs its binary as an optional dependency per platform (and copies it into
  // deno/ from a postinstall script, which an install that skips scripts does not run).
  const platform = `${process.platform}-${process.arch}${process.platform === "linux" ? "-glibc" : ""}`;
  const tools = {
    netlify: first("netlify-cli/bin/run.js"),
    deno: first(`@deno/${platform}/deno`, "deno/deno"),
    bootstrap: first("@netlify/edge-functions-dev/dist/deno/bootstrap.mjs", "netlify-cli/node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs"),
  };
  return tools.netlify && tools.deno && tools.bootstrap ? (tools as NetlifyDevTools) : undefined;
}

/**
 * Call at the top of a suite's file, then `describe.skipIf(!tools)`. When the tools are missing:
 * under CI a test that fails naming the command that installs them; elsewhere a one-line notice.
 */
export function requireNetlifyDev(env: NodeJS.ProcessEnv = process.env): NetlifyDevTools | undefined {
  const found = findNetlifyDev(env);
  if (found) return found;
  const where = env[NETLIFY_DEV_ENV] ? `${NETLIFY_DEV_ENV}=${env[NETLIFY_DEV_ENV]}` : ".ci/netlify/node_modules";
  reportMissing("netlify dev", `netlify-cli and Deno not found (looked in ${where}): install them with ${NETLIFY_DEV_INSTALL}, or set ${NETLIFY_DEV_ENV}`, env);
  return undefined;
}

export interface NetlifyDev {
  url: string;
  /** What netlify dev printed so far. */
  output: () => string;
  stop(): Promise<void>;
}

/** The edge functions folder a build for Netlify writes when it needs one (src/host/netlify.ts). */
export const EDGE_FUNCTIONS_DIR = "_netlify/edge-functions";

const fixture = (name: string) => readFileSync(path.join(FIXTURE, name), "utf8");

/**
 * Serves `dist` with `netlify dev --offline` on a free port of 127.0.0.1, from a site folder of its
 * own (netlify.toml, and HOME, the caches and netlify-cli's state, all removed by `stop`). Resolves
 * once the site answers and, when `dist` has edge functions, netlify-cli has loaded them.
 */
export async function startNetlifyDev(dist: string, tools: NetlifyDevTools = findNetlifyDev()!): Promise<NetlifyDev> {
  const site = tempDir("bc-netlify-dev-");
  const home = path.join(site, "home");
  const bin = path.join(site, "bin");
  for (const d of [bin, path.join(home, ".config/netlify"), path.join(home, ".cache"), path.join(home, ".local/share")]) mkdirSync(d, { recursive: true });
  // Without a package.json of its own, netlify-cli takes the nearest parent folder with one as the project.
  writeFileSync(path.join(site, "package.json"), `${JSON.stringify({ name: "netlify-dev-site", private: true })}\n`);
  // netlify-cli reads its telemetry setting here (what `netlify --telemetry-disable` writes).
  writeFileSync(path.join(home, ".config/netlify/config.json"), `${JSON.stringify({ telemetryDisabled: true })}\n`);
  // netlify-cli starts Deno with PATH alone: the wrapper, first on PATH, sets the rest.
  const deno = path.join(bin, "deno");
  writeFileSync(deno, fixture("deno").replace('"DENO_DIR"', JSON.stringify(path.join(home, "deno"))).replace('"DENO"', JSON.stringify(tools.deno)));
  chmodSync(deno, 0o755);
  writeFileSync(path.join(site, "edge-bootstrap.mjs"), fixture("edge-bootstrap.mjs").replace('"BOOTSTRAP"', JSON.stringify(pathToFileURL(tools.bootstrap).href)));
  cpSync(path.join(FIXTURE, "offline-shims"), path.join(site, "offline-shims"), { recursive: true });
  // Edge functions import https://edge.netlify.com/ for types, and so does netlify-cli's reading of their config.
  writeFileSync(path.join(site, "offline-import-map.json"), `${JSON.stringify({ imports: { "https://edge.netlify.com/": "./offline-shims/edge.netlify.com/" } }, null, 2)}\n`);
  // netlify-cli wants the published folder inside the site's: a link to it.
  const publish = "dist";
  symlinkSync(path.resolve(dist), path.join(site, publish));
  writeFileSync(
    path.join(site, "netlify.toml"),
    [
      "[build]",
      `  publish = ${JSON.stringify(publish)}`,
      `  edge_functions = ${JSON.stringify(`${publish}/${EDGE_FUNCTIONS_DIR}`)}`,
      '  command = ""',
      "",
      "[dev]",
      '  framework = "#static"',
      "  autoLaunch = false",
      "",
      "[functions]",
      '  deno_import_map = "./offline-import-map.json"',
      "",
    ].join("\n"),
  );

  const port = await freePort();
  const server = startProcess(process.execPath, [tools.netlify, "dev", "--offline", "--port", String(port), "--no-open"], {
    cwd: site,
    env: {
      PATH: [bin, path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter),
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      XDG_DATA_HOME: path.join(home, ".local/share"),
      DENO_DIR: path.join(home, "deno"),
      DENO_NO_UPDATE_CHECK: "1",
      NO_UPDATE_NOTIFIER: "1",
      BROWSER: "none",
      NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(path.join(site, "edge-bootstrap.mjs")).href,
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(FIXTURE, "preload.mjs")).href}`,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(server.process.pid!, server.stop);
    removeDir(site);
  };
  const edge = existsSync(path.join(dist, EDGE_FUNCTIONS_DIR));
  try {
    await waitFor(
      server,
      async () => {
        const log = server.output();
        if (/Failed to load edge/.test(log) || server.process.exitCode !== null) throw new Error(`netlify dev failed:\n${log.slice(-4000)}`);
        if (edge && !/Loaded edge function/.test(log)) return undefined;
        return (await answers(`${url}/api/v2/`)) || undefined;
      },
      edge ? "netlify dev and its edge functions" : "netlify dev",
      90_000,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, output: server.output, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Stops netlify-cli and then whatever it left of its process group (Deno, the static server). */
async function stopGroup(pid: number, stop: () => Promise<void>): Promise<void> {
  await stop();
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-pid, "SIGKILL");
}
