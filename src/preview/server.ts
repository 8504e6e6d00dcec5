// The preview server: builds content/ into a temporary folder, serves it on 127.0.0.1 as the live
// API answers, and rebuilds when content/ changes, and (without --now) when a performance starts,
// so is_past and in_past stay current. While the content has errors it answers them.
import { mkdtempSync, rmSync, watch, type FSWatcher } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../build.js";
import type { Diagnostic } from "../model/diagnostics.js";
import type { HostModel } from "../host/rules.js";
import { buildErrorAnswer } from "./error-page.js";
import { previewFiles, respond } from "./respond.js";
import type { ServedFiles } from "../runtime/respond.js";

export interface PreviewOptions {
  content?: string;
  port?: number;
  now?: string;
  cwd?: string;
  /** Called after each build with its outcome. */
  onBuild?: (outcome: BuildOutcome) => void;
}

export type BuildOutcome =
  /** `reused`: the pages the rebuild kept from the one before (see BuildResult). */
  | { ok: true; events: number; reused: number; milliseconds: number }
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
  let state: { model: HostModel; files: ServedFiles } | { failed: BuildOutcome & { ok: false } } = { failed: { ok: false, diagnostics: [], message: "building..." } };

  // Without a fixed --now, the next change of is_past/in_past is a rebuild like a content change.
  let clock: NodeJS.Timeout | null = null;
  let closed = false;
  // Builds run one after another: a change, a timed rebuild and rebuild() queue here.
  let running: Promise<unknown> = Promise.resolve();
  const MAX_TIMER_MS = 2 ** 31 - 1;
  const rebuild = async (): Promise<BuildOutcome> => {
    let outcome: BuildOutcome;
    if (clock) clearTimeout(clock);
    clock = null;
    try {
      const result = await build({ content: options.content ?? "content", out: outDir, now: options.now, hosts: [], cwd, cacheName: "preview" });
      if (options.now === undefined && result.nextChange && !closed) {
        // The change is right after the start (a start equal to now is not past): 1 ms later.
        const wait = Math.min(MAX_TIMER_MS, Math.max(0, result.nextChange.instant.epochMs + 1 - Date.now()));
        clock = setTimeout(() => void (running = running.then(rebuild)), wait);
        clock.unref();
      }
      outcome = result.ok && result.model
        ? { ok: true, events: result.events, reused: result.reused, milliseconds: result.milliseconds }
        : { ok: false, diagnostics: result.diagnostics, message: null };
      state = result.ok && result.model ? { model: result.model, files: previewFiles(outDir) } : { failed: outcome as BuildOutcome & { ok: false } };
    } catch (e) {
      outcome = { ok: false, diagnostics: [], message: (e as Error).message };
      state = { failed: outcome };
    }
    options.onBuild?.(outcome);
    return outcome;
  };
  await rebuild();

  // Loaded here, not with the module: the command's bundle holds the preview, and a build that
  // loaded node:http (with net and stream) at start-up took 5 to 10 ms longer to start.
  const { createServer } = await import("node:http");
  const server: Server = createServer((req, res) => {
    serveOne(req, res).catch((e: Error) => {
      // A bug, not the content: say so rather than leave the client waiting.
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: `the preview failed: ${e.message}` }));
    });
  });
  const serveOne = async (req: IncomingMessage, res: ServerResponse) => {
    const h = req.headers;
    const answer = "model" in state
      ? await respond(state.files, state.model, {
          method: req.method ?? "GET", url: req.url ?? "/", accept: h.accept, origin: h.origin,
          corsRequestMethod: h["access-control-request-method"] as string | undefined,
        })
      : buildErrorAnswer(state.failed.diagnostics, state.failed.message, h.accept);
    const headers = answer.headers.some(([n]) => n === "Content-Length") ? answer.headers : [...answer.headers, ["Content-Length", String(answer.body.length)] as const];
    res.writeHead(answer.status, headers.flat() as string[]);
    res.end(req.method === "HEAD" ? undefined : answer.body);
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8000, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  // Rebuild on changes, batched: an editor's save often touches a file several times.
  let timer: NodeJS.Timeout | null = null;
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
      closed = true;
      watcher.close();
      if (timer) clearTimeout(timer);
      if (clock) clearTimeout(clock);
      await running;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
