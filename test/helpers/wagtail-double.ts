// A server on 127.0.0.1 that answers as a live Wagtail does, for the import's tests: it passes each
// request to the preview (the project's build, served with Wagtail's paging) and adds what a live
// site does that the preview does not: a smaller page size (400 "limit cannot be higher than N"),
// an images endpoint of its own (listing the images a test gives, some or all) or none at all
// (Django's 404, as a Wagtail that registers only the pages endpoints), the originals, a 429, a
// 500 or a dropped connection once, HTML, a 401, a request that never ends, or a document
// altered; or answers as a hostile site does, with any answer a test writes itself. Also an async
// runner of the CLI, since the server runs in the test's own process.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { BIN, type CliRun } from "./cli.js";
import { recordedAnswers, REFERENCE_IMAGES } from "./wagtail-reference.js";

export interface DoubleImage {
  id: number;
  title: string;
  file: string;
  width?: number;
  height?: number;
}

export type Fault = "429" | "500" | "drop" | "html" | "401" | "hang";

export interface DoubleOptions {
  /** The preview's address; requests other than images and originals go there. */
  upstream: string;
  /** Wagtail's WAGTAILAPI_LIMIT_MAX: a larger limit answers 400. Default 20. */
  maxLimit?: number;
  /** Path and query → a fault answered the first time only. */
  once?: Record<string, Fault>;
  /** A fault for every request whose path and query it returns. */
  always?: (pathAndQuery: string) => Fault | undefined;
  /**
   * Answer /api/v2/images/ and everything under it with Django's HTML 404 (as Wagtail 5.2.8
   * recorded it), as a Wagtail that registers only the pages endpoints does.
   */
  noImagesEndpoint?: boolean;
  /** Serve /api/v2/images/ (list and details) for these images, and their originals. */
  images?: { records: DoubleImage[]; baseUrl: string; cdnUrl: string };
  /** Serve /media/original_images/<file> from this folder (the preview answering the images endpoint). */
  originals?: string;
  /** Changes a JSON body before it is sent. */
  alter?: (pathAndQuery: string, body: string) => string;
  /** Answers a request itself, before anything else, when it returns true: a redirect, a body that does not end. */
  answer?: (pathAndQuery: string, res: ServerResponse) => boolean;
}

export interface Double {
  url: string;
  /** Every request, in order, with when it came (ms). */
  requests: { path: string; at: number }[];
  close: () => Promise<void>;
}

/** Django REST framework's JSON (indent 4), as the recordings show it. */
const json = (value: unknown) => JSON.stringify(value, null, 4);

/** The bytes served as an image's original. */
export const originalBytes = (file: string) => Buffer.from(`original bytes of ${file}\n`);

/** Django's own 404 page, for an address no URL pattern matches: the body Wagtail 5.2.8 answered for /api/v2/images/abc/. */
const djangoNotFound = () => recordedAnswers(REFERENCE_IMAGES).find((r) => r.name === "im_detail_abc")!.body;

function send(res: ServerResponse, status: number, body: string | Buffer, type = "application/json", extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": type, Vary: "Accept", Allow: "GET, HEAD, OPTIONS", ...extra });
  res.end(body);
}

function imagesAnswer(o: NonNullable<DoubleOptions["images"]>, url: URL, maxLimit: number): { status: number; body: string } {
  const meta = (i: DoubleImage) => ({
    type: "wagtailimages.Image",
    detail_url: `${o.baseUrl}/api/v2/images/${i.id}/`,
    tags: [],
    download_url: `${o.cdnUrl}/media/original_images/${i.file}`,
  });
  const detail = /^\/api\/v2\/images\/(\d+)\/$/.exec(url.pathname);
  if (detail) {
    const i = o.records.find((r) => r.id === Number(detail[1]));
    if (!i) return { status: 404, body: json({ message: "No Image matches the given query." }) };
    return { status: 200, body: json({ id: i.id, meta: meta(i), title: i.title, width: i.width ?? 1000, height: i.height ?? 750 }) };
  }
  const limit = Number(url.searchParams.get("limit") ?? 20);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (limit > maxLimit) return { status: 400, body: json({ message: `limit cannot be higher than ${maxLimit}` }) };
  const sorted = [...o.records].sort((a, b) => a.id - b.id);
  const items = sorted.slice(offset, offset + limit).map((i) => ({ id: i.id, meta: meta(i), title: i.title }));
  return { status: 200, body: json({ meta: { total_count: sorted.length }, items }) };
}

export async function startWagtailDouble(options: DoubleOptions, port = 0): Promise<Double> {
  const maxLimit = options.maxLimit ?? 20;
  const once = new Map(Object.entries(options.once ?? {}));
  const requests: Double["requests"] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const pathAndQuery = req.url ?? "/";
    requests.push({ path: pathAndQuery, at: Date.now() });
    if (options.answer?.(pathAndQuery, res)) return;
    const fault = once.get(pathAndQuery) ?? options.always?.(pathAndQuery);
    once.delete(pathAndQuery);
    if (fault === "429") return send(res, 429, json({ detail: "Request was throttled. Expected available in 1 second." }), "application/json", { "Retry-After": "1" });
    if (fault === "500") return send(res, 500, "<h1>Server Error (500)</h1>", "text/html");
    if (fault === "drop") return req.socket.destroy();
    if (fault === "hang") return;
    if (fault === "401") return send(res, 401, json({ detail: "Authentication credentials were not provided." }), "application/json", { "WWW-Authenticate": 'Bearer realm="api"' });
    if (fault === "html") return send(res, 200, "<!DOCTYPE html><html><head><title>Log in | Wagtail</title></head><body>Sign in</body></html>", "text/html; charset=utf-8");
    const url = new URL(pathAndQuery, "http://127.0.0.1");
    const limit = url.searchParams.get("limit");
    if (limit !== null && Number(limit) > maxLimit && url.pathname.startsWith("/api/v2/")) {
      return send(res, 400, json({ message: `limit cannot be higher than ${maxLimit}` }));
    }
    if (options.noImagesEndpoint && url.pathname.startsWith("/api/v2/images/")) return send(res, 404, djangoNotFound(), "text/html");
    if (options.images && url.pathname.startsWith("/api/v2/images/")) {
      const a = imagesAnswer(options.images, url, maxLimit);
      return send(res, a.status, options.alter ? options.alter(pathAndQuery, a.body) : a.body);
    }
    const original = /^\/media\/original_images\/(.+)$/.exec(url.pathname);
    if (options.originals && original) {
      const file = path.join(options.originals, path.basename(decodeURIComponent(original[1]!)));
      return existsSync(file) ? send(res, 200, readFileSync(file), "application/octet-stream") : send(res, 404, "<h1>Not Found</h1>", "text/html");
    }
    if (options.images && original) {
      const file = decodeURIComponent(original[1]!);
      return options.images.records.some((r) => r.file === file) ? send(res, 200, originalBytes(file), "image/jpeg") : send(res, 404, "<h1>Not Found</h1>", "text/html");
    }
    const upstream = await fetch(options.upstream + pathAndQuery, { headers: { Accept: req.headers.accept ?? "*/*" } });
    let body = Buffer.from(await upstream.arrayBuffer()).toString("utf8");
    if (options.alter) body = options.alter(pathAndQuery, body);
    send(res, upstream.status, body, upstream.headers.get("content-type") ?? "application/json");
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => send(res, 502, json({ message: `the test double failed: ${e.message}` })));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs the real CLI without blocking this process (whose servers must keep answering). */
export function runCliAsync(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: { ...process.env, GITHUB_ACTIONS: "", ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliRun>((resolve) => {
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? -1 : 0), stdout, stderr, output: stdout + stderr }));
  });
  return { child, done };
}
