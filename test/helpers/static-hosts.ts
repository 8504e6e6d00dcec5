// How the hosts' answers are compared with the preview's: the preview's own answer over a build
// (the runtime responder with the query engine, the oracle every host test uses), and a GET over
// HTTP to a host's real server, read the same way.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { respond, type ServedRules } from "../../src/runtime/respond.js";

export interface Served {
  status: number;
  body: string;
  contentType: string | undefined;
  location?: string | undefined;
}

export type HostAnswer = (url: string) => Promise<Served & { headers: Record<string, string> }>;

/** What the preview answers (the oracle): the runtime responder over the build in `root` (its query index read once). */
export function previewOf(rules: ServedRules, root: string): (url: string) => Promise<Served> {
  const files = { read: async (p: string) => (existsSync(path.join(root, p)) ? readFileSync(path.join(root, p), "utf8") : null) };
  return async (url) => {
    const a = await respond(rules, files, { method: "GET", url, accept: "application/json" });
    const header = (name: string) => a.headers.find(([n]) => n === name)?.[1];
    return { status: a.status, body: a.body, contentType: header("Content-Type"), location: header("Location") };
  };
}

/**
 * A GET over HTTP to a real server at `base` (redirects not followed); header names in lowercase.
 * With `charset: false`, a JSON answer's `; charset=...` is left out of `contentType` (`headers`
 * keeps it): `netlify dev`'s static server adds one to every file's type, which the preview does not.
 */
export function httpHost(base: string, { charset = true } = {}): HostAnswer {
  return async (u) => {
    const r = await fetch(`${base}${u}`, { redirect: "manual" });
    const headers = Object.fromEntries(r.headers);
    const body = await r.text();
    const type = headers["content-type"];
    const contentType = !charset && type && /^application\/json\s*;/i.test(type) ? type.split(";")[0]!.trim() : type;
    return { status: r.status, body, contentType, location: headers.location, headers };
  };
}
