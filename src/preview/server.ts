// The preview server: builds content/ into a temporary folder, serves it on 127.0.0.1 as the live
// API answers, and rebuilds when content/ changes. While the content has errors it answers them.
import { mkdtempSync, rmSync, watch, type FSWatcher } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../build.js";
import type { Diagnostic } from "../diagnostics.js";
import type { HostModel } from "../host/rules.js";
import { buildErrorAnswer } from "./error-page.js";
import { respond } from "./respond.js";

export interface PreviewOptions {
  content?: string;
  port?: number;
  now?: string;
  cwd?: string;
  /** Rebuild incrementally (default true): only the pages whose files changed are built again. */
  cache?: boolean;
  /** Called after each build with its outcome. */
  onBuild?: (outcome: BuildOutcome) => void;
}

export type BuildOutcome =
  | { ok: true; events: number; milliseconds: number }
  | { ok: false; diagnostics: Diagnostic[]; message: string | null };

export interface Preview {
  url: string;
  port: number;
  /** Rebuilds now (also done on every change under content/). */
  rebuild: () => Promise<BuildOutcome>;
  close: () => Promise<void>;
}

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const cwd = options.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, options.content ?? "content");
  const work = mkdtempSync(path.join(tmpdir(), "build-catalogue-preview-"));
  const outDir = path.join(work, "dist");
  let state: { model: HostModel } | { failed: BuildOutcome & { ok: false } } = { failed: { ok: false, diagnostics: [], message: "building..." } };

  const rebuild = async (): Promise<BuildOutcome> => {
    let outcome: BuildOutcome;
    try {
      // The preview's cache lives in its own temporary folder, removed with it.
      const result = await build({ content: options.content ?? "content", out: outDir, now: options.now, hosts: [], cwd, cache: options.cache ?? true, cacheDir: path.join(work, "cache") });
      outcome = result.ok && result.model
        ? { ok: true, events: result.events, milliseconds: result.milliseconds }
        : { ok: false, diagnostics: result.diagnostics, message: null };
      state = result.ok && result.model ? { model: result.model } : { failed: outcome as BuildOutcome & { ok: false } };
    } catch (e) {
      outcome = { ok: false, diagnostics: [], message: (e as Error).message };
      state = { failed: outcome };
    }
    options.onBuild?.(outcome);
    return outcome;
  };
  await rebuild();

  const server: Server = createServer((req, res) => {
    const h = req.headers;
    const answer = "model" in state
      ? respond(outDir, state.model, {
          method: req.method ?? "GET", url: req.url ?? "/", accept: h.accept, origin: h.origin,
          corsRequestMethod: h["access-control-request-method"] as string | undefined,
        })
      : buildErrorAnswer(state.failed.diagnostics, state.failed.message, h.accept);
    const headers = answer.headers.some(([n]) => n === "Content-Length") ? answer.headers : [...answer.headers, ["Content-Length", String(answer.body.length)] as const];
    res.writeHead(answer.status, headers.flat() as string[]);
    res.end(req.method === "HEAD" ? undefined : answer.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8000, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  // Rebuild on changes, batched: an editor's save often touches a file several times.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const watcher: FSWatcher = watch(contentDir, { recursive: true }, () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(rebuild);
    }, 150);
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    rebuild: () => (running = running.then(rebuild)) as Promise<BuildOutcome>,
    close: async () => {
      watcher.close();
      if (timer) clearTimeout(timer);
      await running;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
