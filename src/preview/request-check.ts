// What the preview refuses before it answers anything: a request target it cannot read (400),
// and a Host that is not its own (421), so a web page that rebinds its own name to 127.0.0.1
// (DNS rebinding) reads nothing of the API through the editor's browser.
import type { IncomingMessage } from "node:http";
import type { Header } from "../runtime/browsable.js";
import { BAD_TARGET_BODY } from "../runtime/respond.js";
import { parseRequestTarget } from "../runtime/request-target.js";
import { serialize } from "../runtime/serialize.js";

/** Where the preview is: the hosts it answers to (allowedHosts), the address it printed, its --base-url. */
export interface OwnAddress {
  hosts: ReadonlySet<string>;
  url: string;
  baseUrl: string;
}

export interface Refusal {
  status: 400 | 421;
  headers: Header[];
  body: string;
  /** A 421's: the host the request named (undefined: none). */
  host?: string;
}

/** The hosts the preview answers to at `port`; the base URL's too (a development proxy that passes the browser's Host on). */
export function allowedHosts(port: number, baseUrl: string): Set<string> {
  const hosts = new Set<string>();
  for (const name of ["127.0.0.1", "localhost", "[::1]"]) {
    hosts.add(`${name}:${port}`);
    // A browser leaves the default port out of Host.
    if (port === 80) hosts.add(name);
  }
  const base = new URL(baseUrl);
  // URL.host leaves the scheme's default port out; a client may still write it.
  hosts.add(base.host);
  hosts.add(`${base.hostname}:${base.port || (base.protocol === "https:" ? "443" : "80")}`);
  return hosts;
}

/** What a request for another host is told: nothing of the API, only where the preview is. */
export function misdirected(url: string): string {
  return `This preview answers only at ${url}/ (or at localhost and [::1] on its port): open the address it printed. ` +
    "Behind a proxy that passes its own host name on, start the preview with --base-url naming that address.";
}

const refusal = (status: 400 | 421, body: string): Refusal => ({
  status,
  headers: [["Content-Type", "application/json"], ["X-Content-Type-Options", "nosniff"]],
  body,
});

/** The refusal of a request, or null to answer it. */
export function checkRequest(req: Pick<IncomingMessage, "url" | "headers" | "rawHeaders">, own: OwnAddress): Refusal | null {
  const target = req.url ?? "";
  const parsed = parseRequestTarget(target);
  if (!parsed) return refusal(400, BAD_TARGET_BODY);
  let hostLines = 0;
  // Node keeps the first of several Host lines in `headers`; the raw list has them all.
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") hostLines++;
  // RFC 9112 (3.2): a request with more than one Host line is a 400.
  if (hostLines > 1) return refusal(400, serialize({ message: "Bad request: the request has more than one Host header." }));
  // An absolute target names the host itself, and a server goes by it rather than Host (RFC 9112, 3.2.2).
  const host = target.startsWith("/") ? req.headers.host?.toLowerCase() : parsed.host;
  if (host === undefined || !own.hosts.has(host)) return { ...refusal(421, serialize({ message: misdirected(own.url) })), host };
  return null;
}
