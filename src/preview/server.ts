// The preview server: builds content/ into a temporary folder, serves it on 127.0.0.1 as the live
// API answers, and rebuilds when content/ changes, and (without --now) when a performance starts,
// so is_past and in_past stay current. While the content has errors it answers them. Its links
// and redirects point at itself (--base-url), and --cors opens it to a front end on another port.
// It answers only requests for its own host (request-check.ts), and a 400 to what it cannot read.
// `edit` runs it with a handler of its own in front (the admin: PreviewOptions.handle).
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../build.js";
import type { Diagnostic } from "../model/diagnostics.js";
import { BuildFailed } from "../errors.js";
import type { HostModel } from "../host/rules.js";
import { parseBaseUrl } from "../options.js";
import { BAD_TARGET_BODY, type ServedFiles } from "../runtime/respond.js";
import { corsHeaders, parseCorsOrigins } from "./cors.js";
import { buildErrorAnswer } from "./error-page.js";
import { RebuildQueue } from "./rebuild-queue.js";
import { allowedHosts, checkRequest, type OwnAddress } from "./request-check.js";
import { mediaAnswer, previewFiles, respond, type PreviewAnswer } from "./respond.js";
import { watchContent, type ContentWatcher } from "./watch-content.js";

export interface PreviewOptions {
  content?: string;
  port?: number;
  now?: string;
  cwd?: string;
  /** The API's URL in every `detail_url` and redirect, in place of catalogue.json's `base_url`; default the preview's own origin, `http://127.0.0.1:<port>`. */
  baseUrl?: string;
  /** Origins allowed by CORS ("*": any; each value may be a comma list), in place of catalogue.json's `cors_origins`. */
  cors?: readonly string[];
  /** The largest image original read, in bytes (see BuildOptions.maxOriginalBytes). */
  maxOriginalBytes?: number;
  /** Called after each build with its outcome. */
  onBuild?: (outcome: BuildOutcome) => void;
  /** Called when the watcher fails: changes may go unseen until the preview is started again. */
  onWatchError?: (error: Error) => void;
  /** Called the first time a request names a host the preview does not answer to (undefined: none), for the first few such hosts. */
  onRefusedHost?: (host: string | undefined, preview: { url: string; baseUrl: string }) => void;
  /** Called when answering a request fails (a bug): the client gets a 500 with the message alone. */
  onRequestError?: (error: Error) => void;
  /**
   * Answers a request before the preview does, once its Host is checked (request-check.ts) and
   * without waiting for a build: resolves true when it has answered, false to leave it to the
   * preview. `edit` serves its admin this way, beside the API.
   */
  handle?: (req: IncomingMessage, res: ServerResponse, preview: PreviewHandle) => Promise<boolean>;
  /** On content errors, go on answering the last build that succeeded (the errors still go to onBuild); default: answer the errors. */
  keepLastGood?: boolean;
}

/** What `handle` is given of the preview. */
export interface PreviewHandle {
  /** The address it answers at (known once it listens). */
  own: OwnAddress;
  /** A build is running, or waiting to start after a change. */
  building: () => boolean;
  /** Says the content changed, as the watcher does: a build follows. */
  changed: () => void;
}

export type BuildOutcome =
  /** `reused`: the pages the rebuild kept from the one before (see BuildResult); `diagnostics`: its warnings. */
  | { ok: true; events: number; reused: number; milliseconds: number; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[]; message: string | null };

export interface Preview {
  url: string;
  port: number;
  /** The URL every `detail_url` and redirect starts with. */
  baseUrl: string;
  /** Rebuilds now (also done on every change under content/). */
  rebuild: () => Promise<BuildOutcome>;
  close: () => Promise<void>;
}

/** How long the watcher waits for the changes that follow one closely (a save, a checkout) before it builds. */
const QUIET_MS = 100;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How many refused hosts are reported: enough to tell a misconfigured proxy, never a flood. */
const REPORTED_HOSTS = 10;

/** Stops listening and ends the connections still open (a browser keeps one): stopping never waits on a client. */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** What the preview serves: the last build's model and files, or why there is none. */
type Served = { model: HostModel; files: ServedFiles } | { failed: BuildOutcome & { ok: false } };

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const cwd = options.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, options.content ?? "content");
  const givenBaseUrl = options.baseUrl === undefined ? null : parseBaseUrl(options.baseUrl);
  const cors = options.cors === undefined ? null : parseCorsOrigins(options.cors);

  // The port comes first: the default base URL is the preview's own origin, and the first build writes it.
  // Known once listening (the port may be any free one): until then every host is refused.
  let own: OwnAddress = { hosts: new Set(), url: "", baseUrl: "" };
  const server = await listen(options, () => own, (req, res) => serveOne(req, res));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const baseUrl = givenBaseUrl ?? url;
  own = { hosts: allowedHosts(port, baseUrl), url, baseUrl };

  const work = mkdtempSync(path.join(tmpdir(), "build-catalogue-preview-"));
  const outDir = path.join(work, "dist");
  const builds = previewBuilds(options, cwd, outDir, baseUrl);

  let watcher = null as ContentWatcher | null;
  // Watching before the first build: a change made while it runs is built after it.
  const starting = (async () => {
    watcher = await watchContent(contentDir, () => builds.queue.changed(), (e) => options.onWatchError?.(e));
    await builds.queue.request();
  })();
  const started = starting.catch(() => undefined);

  const handle: PreviewHandle = {
    own,
    building: () => builds.queue.busy(),
    changed: () => builds.queue.changed(),
  };
  const serveOne = async (req: IncomingMessage, res: ServerResponse) => {
    if (options.handle && (await options.handle(req, res, handle))) return;
    // The first build, and every change the watcher has seen, are built before anything is answered: never the build before them.
    await started;
    await builds.queue.idle();
    await builds.whileAnswering(async () => writeAnswer(req, res, await answerFor(builds.served(), outDir, req, cors)));
  };

  try {
    await starting;
  } catch (e) {
    await watcher?.close();
    await closeServer(server);
    rmSync(work, { recursive: true, force: true });
    throw watcher ? e : new BuildFailed(`the preview could not watch ${options.content ?? "content"}/ for changes: ${(e as Error).message}`);
  }

  return {
    url,
    port,
    baseUrl,
    rebuild: () => builds.queue.request(),
    close: async () => {
      builds.stopClock();
      await watcher?.close();
      await builds.queue.stop();
      await closeServer(server);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * The preview's HTTP server, listening on 127.0.0.1 at --port: what cannot be read, and what is
 * meant for another host than `own()`, is refused (the first few such hosts reported); `serve`
 * answers the rest.
 */
async function listen(options: PreviewOptions, own: () => OwnAddress, serve: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<Server> {
  // node:http is loaded here, not with the module: the command's bundle holds the preview, and
  // loading it (with net and stream) slowed every build's start.
  const { createServer } = await import("node:http");
  const reported = new Set<string | undefined>();
  const server: Server = createServer((req, res) => {
    try {
      // What cannot be read, and what is meant for another host, are refused before anything is read.
      const refused = checkRequest(req, own());
      if (refused) {
        if (refused.status === 421 && !reported.has(refused.host) && reported.size < REPORTED_HOSTS) {
          reported.add(refused.host);
          options.onRefusedHost?.(refused.host, own());
        }
        res.writeHead(refused.status, [...refused.headers, ["Content-Length", String(Buffer.byteLength(refused.body))]].flat());
        res.end(req.method === "HEAD" ? undefined : refused.body);
        return;
      }
    } catch (e) {
      answerFailure(res, e, options);
      return;
    }
    serve(req, res).catch((e: unknown) => answerFailure(res, e, options));
  });
  // CONNECT asks for a tunnel, which the preview is not: a 400 rather than a silent close.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BAD_TARGET_BODY)}\r\nConnection: close\r\n\r\n${BAD_TARGET_BODY}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8000, "127.0.0.1", () => resolve());
  });
  return server;
}

/**
 * A bug, not the content: say so rather than leave the client waiting; its stack goes to the
 * terminal (onRequestError), never to the client.
 */
function answerFailure(res: ServerResponse, e: unknown, options: PreviewOptions): void {
  const error = e instanceof Error ? e : new Error(String(e));
  options.onRequestError?.(error);
  if (res.writableEnded) return;
  try {
    // Part of an answer is out: the client can only be told by the connection's end.
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: `the preview failed: ${error.message}` }));
  } catch {
    res.destroy();
  }
}

/**
 * The preview's builds into `outDir`, one at a time (the queue): what the last left to serve, and,
 * without a fixed --now, the clock that rebuilds when an is_past or in_past next changes, as a
 * content change does. A build updates the folder in place, so it waits for the requests being
 * answered (and new ones wait for it): no answer mixes files of two builds.
 */
function previewBuilds(options: PreviewOptions, cwd: string, outDir: string, baseUrl: string) {
  let served: Served = { failed: { ok: false, diagnostics: [], message: "building..." } };
  let clock: NodeJS.Timeout | null = null;
  let closed = false;
  let answering = 0;
  let answered: (() => void) | null = null;
  const buildOnce = async (): Promise<BuildOutcome> => {
    let outcome: BuildOutcome;
    if (clock) clearTimeout(clock);
    clock = null;
    if (answering > 0) await new Promise<void>((resolve) => (answered = resolve));
    try {
      const result = await build({ content: options.content ?? "content", out: outDir, now: options.now, hosts: [], cwd, cacheName: "preview", baseUrl, maxOriginalBytes: options.maxOriginalBytes });
      if (options.now === undefined && result.nextChange && !closed) {
        // The change is right after the start (a start equal to now is not past): 1 ms later.
        const wait = Math.min(MAX_TIMER_MS, Math.max(0, result.nextChange.instant.epochMs + 1 - Date.now()));
        clock = setTimeout(() => void queue.request(), wait);
        clock.unref();
      }
      outcome = result.ok && result.model
        ? { ok: true, events: result.events, reused: result.reused, milliseconds: result.milliseconds, diagnostics: result.diagnostics }
        : { ok: false, diagnostics: result.diagnostics, message: null };
      // A build with content errors writes nothing: the last one that succeeded is still whole on disk.
      const keep = !(result.ok && result.model) && options.keepLastGood === true && "model" in served;
      if (!keep) served = result.ok && result.model ? { model: result.model, files: previewFiles(outDir) } : { failed: outcome as BuildOutcome & { ok: false } };
    } catch (e) {
      outcome = { ok: false, diagnostics: [], message: (e as Error).message };
      served = { failed: outcome };
    }
    options.onBuild?.(outcome);
    return outcome;
  };
  const queue = new RebuildQueue(buildOnce, QUIET_MS);
  return {
    queue,
    served: () => served,
    /** Answers a request: no build starts until it (and every other being answered) is done. */
    async whileAnswering(answer: () => Promise<void>): Promise<void> {
      answering++;
      try {
        await answer();
      } finally {
        if (--answering === 0 && answered) {
          answered();
          answered = null;
        }
      }
    },
    /** No rebuild at the next change any more: the preview is closing. */
    stopClock(): void {
      closed = true;
      if (clock) clearTimeout(clock);
    },
  };
}

/** The answer to a request, from what the last build left: its media, its API, or its errors. */
async function answerFor(served: Served, outDir: string, req: IncomingMessage, cors: string[] | null): Promise<PreviewAnswer> {
  const h = req.headers;
  const media = "model" in served ? await mediaAnswer(outDir, served.model, req.url!) : null;
  if (media) return media;
  if ("model" in served) {
    return respond(served.files, served.model, {
      method: req.method ?? "GET", url: req.url ?? "/", accept: h.accept, origin: h.origin,
      corsRequestMethod: h["access-control-request-method"] as string | undefined,
    }, cors ?? undefined);
  }
  const answer = buildErrorAnswer(served.failed.diagnostics, served.failed.message, h.accept);
  // A front end on another origin reads the errors too.
  if (cors) answer.headers.push(...corsHeaders(cors, h.origin));
  return answer;
}

/** Writes an answer; HEAD gets GET's headers, its length included, and no body. */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: PreviewAnswer): void {
  const headers = answer.headers.some(([n]) => n === "Content-Length") ? answer.headers : [...answer.headers, ["Content-Length", String(answer.body.length)] as const];
  res.writeHead(answer.status, headers.flat() as string[]);
  res.end(req.method === "HEAD" ? undefined : answer.body);
}
