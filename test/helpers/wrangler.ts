// `wrangler pages dev` (workerd, offline) serving a build on 127.0.0.1, as Cloudflare Pages would.
import path from "node:path";
import { ROOT } from "./cli.js";
import { freePort, startProcess, waitForHttp, type Started } from "./server.js";

const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");

export interface PagesDev {
  dist: string;
  base: string;
  server: Started;
}

export interface PagesDevOptions {
  /** Environment variables of the project (wrangler's --binding), as the Pages project's variables and secrets. */
  bindings?: Record<string, string>;
  /** The address waited for (default the API's event pages). */
  ready?: string;
}

/** Serves `dist`; wrangler's own state and config stay in `dir`. */
export async function pagesDev(dist: string, dir: string, options: PagesDevOptions = {}): Promise<PagesDev> {
  const [port, inspector] = [await freePort(), await freePort()];
  const home = path.join(dir, `home-${port}`);
  const server = startProcess(
    process.execPath,
    [WRANGLER, "pages", "dev", dist, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--compatibility-date", "2024-09-01", ...Object.entries(options.bindings ?? {}).flatMap(([k, v]) => ["--binding", `${k}=${v}`])],
    {
      cwd: dir,
      env: {
        // Offline and quiet: no telemetry, no npm update check (the banner's), no fetch of the
        // Request.cf object (miniflare skips it under NODE_ENV=test), no prompts, no user config.
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        NODE_ENV: "test",
        CI: "true",
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, ".config"),
      },
    },
  );
  const site = { dist, base: `http://127.0.0.1:${port}`, server };
  try {
    await waitForHttp(`${site.base}${options.ready ?? "/api/v2/event_pages/"}`, 90_000, server);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return site;
}
