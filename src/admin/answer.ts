// How the admin's routes answer: JSON (what Decap and the extension read), and a request's body
// read to a cap, so no client can make the server hold more than that.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Every answer of the admin: no browser guesses another type than the one given. */
const COMMON: Record<string, string> = { "X-Content-Type-Options": "nosniff" };

/** Answers `value` as JSON; HEAD gets the headers alone. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = Buffer.from(JSON.stringify(value), "utf8");
  res.writeHead(status, { ...COMMON, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": String(body.length), ...headers });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Answers `body` with its type; HEAD gets the headers alone. */
export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, headers: Record<string, string>): void {
  // A 304 has no body, and no length of its own.
  res.writeHead(status, { ...COMMON, ...(status === 304 ? {} : { "Content-Length": String(body.length) }), ...headers });
  res.end(req.method === "HEAD" || status === 304 ? undefined : body);
}

export type BodyRead =
  | { kind: "body"; bytes: Buffer }
  /** Past the cap: the rest was read and dropped (`size`: all the bytes received). */
  | { kind: "too-large"; size: number }
  /** The client went away, or sent far past the cap: there is no one to answer. */
  | { kind: "gone" };

/**
 * Reads a request's body, keeping at most `cap` bytes. Past the cap it goes on reading and drops
 * what comes, so that the refusal reaches a client that is still sending (an answer before the
 * end of a body is often lost with the connection); past `cap` and `dropCap` more it gives up and
 * closes the connection.
 */
export function readBody(req: IncomingMessage, cap: number, dropCap = 64 * 1024 * 1024): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (read: BodyRead) => {
      if (!settled) resolve(read);
      settled = true;
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
      else chunks.length = 0;
      if (size > cap + dropCap) {
        settle({ kind: "gone" });
        req.destroy();
      }
    });
    req.on("end", () => settle(size <= cap ? { kind: "body", bytes: Buffer.concat(chunks) } : { kind: "too-large", size }));
    req.on("error", () => settle({ kind: "gone" }));
    req.on("close", () => settle({ kind: "gone" }));
  });
}
