// POST /api/v1, the file API of Decap's `proxy` backend: what reaches the file API (file-api.ts)
// is a JSON request of the admin's own page (its Origin), no larger than an upload may be, whose
// action passed the admin's guard (proxy-guard.ts). Every refusal is JSON `{"error": ...}`, which
// Decap shows, and a line in the terminal.
import type { IncomingMessage, ServerResponse } from "node:http";
import { mebibytes } from "../io/regular-file.js";
import { quoted } from "../preview/print.js";
import type { PreviewHandle } from "../preview/server.js";
import { readBody, sendJson } from "./answer.js";
import type { FileApi } from "./file-api.js";
import { guardAction, WRITING_ACTIONS, type GuardContext } from "./proxy-guard.js";

export interface ProxyRouteOptions extends GuardContext {
  files: FileApi;
  /** A line for the terminal: a refused request, or a failure of the file API. */
  report: (line: string) => void;
}

/** The largest body taken: an upload of the largest original, in base64 (4 bytes for 3), and the entry and JSON around it. */
export function bodyCap(maxOriginalBytes: number): number {
  return Math.ceil((maxOriginalBytes * 4) / 3) + 2 * 1024 * 1024;
}

/** The most of a refused body read (and dropped) before the connection is closed. */
const DROPPED_BYTES = 64 * 1024 * 1024;

/** The origins of the admin's own page: the hosts the preview answers to, over http. */
function ownOrigins(preview: PreviewHandle): Set<string> {
  return new Set([...preview.own.hosts].map((host) => `http://${host}`));
}

/** Why a request is refused before its body is read (method, origin, type, declared length), or null. */
function requestProblem(req: IncomingMessage, preview: PreviewHandle, cap: number): { status: number; error: string; headers?: Record<string, string> } | null {
  if (req.method !== "POST") return { status: 405, error: "the admin's API takes POST requests alone (Decap's proxy backend)", headers: { Allow: "POST" } };
  const origin = req.headers.origin;
  const own = `the admin's own page, ${preview.own.url}/admin/ (or the same at localhost or [::1])`;
  if (origin === undefined) return { status: 403, error: `a request without an Origin header: the admin's API answers only ${own}, whose requests name their origin` };
  if (!ownOrigins(preview).has(origin)) return { status: 403, error: `a request from the origin ${quoted(origin)}: the admin's API writes the content folder, so it answers only ${own}, never a page of another site` };
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { status: 415, error: `a body of type ${quoted(type || "(none)")}: the admin's API takes application/json` };
  if (Number(req.headers["content-length"]) > cap) return { status: 413, error: tooLargeMessage(cap) };
  return null;
}

function tooLargeMessage(cap: number): string {
  return `the request is larger than the ${mebibytes(cap)} the admin's API takes (an upload of the largest image original, --max-original-size, with its entry): upload fewer or smaller images at once, or start edit with a larger --max-original-size`;
}

/** Answers POST /api/v1. `preview` says where the admin is, and is told of each change written. */
export function proxyRoute(options: ProxyRouteOptions): (req: IncomingMessage, res: ServerResponse, preview: PreviewHandle) => Promise<void> {
  const cap = bodyCap(options.maxOriginalBytes);
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) => {
    // A file asked for that is not there is an answer, not a refusal: Decap asks so whether a new entry's name is free.
    if (status !== 404) options.report(`The admin's API refused a request (${status}): ${error}`);
    sendJson(req, res, status, { error }, headers);
  };
  return async (req, res, preview) => {
    const early = requestProblem(req, preview, cap);
    // A body far too large to read to its end is not waited for: the connection closes after the refusal.
    if (early && Number(req.headers["content-length"]) > DROPPED_BYTES) return refuse(req, res, early.status, early.error, { ...early.headers, Connection: "close" });
    // A refusal waits for the body's end (dropped): a client still sending would often lose it.
    const read = await readBody(req, early ? 0 : cap, DROPPED_BYTES);
    if (read.kind === "gone") return void res.destroy();
    if (early) return refuse(req, res, early.status, early.error, early.headers);
    if (read.kind === "too-large") return refuse(req, res, 413, tooLargeMessage(cap));
    let body: unknown;
    try {
      body = JSON.parse(read.bytes.toString("utf8"));
    } catch (e) {
      return refuse(req, res, 400, `the body is not JSON (${(e as Error).message}): the admin's API takes Decap's proxy requests, {"action": ..., "params": {...}}`);
    }
    const verdict = await guardAction(body, options);
    if (!verdict.ok) return refuse(req, res, verdict.status, verdict.error);
    const answer = await options.files.run(body as { action: string });
    if (answer.status >= 500) {
      const error = `${verdict.action} failed: ${(answer.failure ?? "no reason given").split(options.root).join("<content>")}`;
      options.report(`The admin's API could not answer (${answer.status}): ${error}`);
      return sendJson(req, res, answer.status, { error });
    }
    if (answer.status >= 400) options.report(`The admin's API refused a request (${answer.status}): ${String((answer.body as { error?: unknown } | null)?.error).slice(0, 500)}`);
    else if (WRITING_ACTIONS.includes(verdict.action)) preview.changed();
    sendJson(req, res, answer.status, answer.body);
  };
}
