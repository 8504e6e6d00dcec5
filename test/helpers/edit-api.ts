// Talks to a running `build-catalogue edit` as Decap CMS does: its proxy requests (POST /api/v1,
// JSON, from the admin's own origin) and the admin's status.
import { waitFor, type Started } from "./server.js";

export interface ApiAnswer {
  status: number;
  type: string | null;
  body: unknown;
  text: string;
}

export interface ApiOptions {
  /** The Origin header: the server's own by default; null for none. */
  origin?: string | null;
  contentType?: string;
  /** Sent as it is in place of the JSON of `body`. */
  raw?: string | Buffer;
}

/** POST /api/v1 of the edit server at `base`. */
export async function proxyRequest(base: string, body: unknown, options: ApiOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json; charset=utf-8" };
  const origin = options.origin === undefined ? base : options.origin;
  if (origin !== null) headers.Origin = origin;
  const res = await fetch(`${base}/api/v1`, { method: "POST", headers, body: options.raw ?? JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, type: res.headers.get("content-type"), body: parsed, text };
}

/** A Decap request: `{action, params: {branch, ...params}}`. */
export const action = (name: string, params: Record<string, unknown> = {}) => ({ branch: "main", action: name, params: { branch: "main", ...params } });

/** persistEntry of one data file, as Decap's proxy backend sends it. */
export const persistEntry = (path: string, raw: string, assets: unknown[] = []) =>
  action("persistEntry", { dataFiles: [{ slug: path.replace(/^.*\/|\.\w+$/g, ""), path, raw }], assets, options: { commitMessage: `Update ${path}`, useWorkflow: false, status: "draft" } });

export interface EditStatus {
  build: number;
  building: boolean;
  ok: boolean;
  diagnostics: { severity: string; file: string; key: string; message: string }[];
  summary: string;
}

export async function editStatus(base: string): Promise<EditStatus> {
  return (await (await fetch(`${base}/api/admin/status`)).json()) as EditStatus;
}

/** Waits for a build after `after` (a status's build number) to finish, with nothing more under way: its status. */
export function nextBuild(started: Started, base: string, after: number): Promise<EditStatus> {
  return waitFor(started, async () => {
    const s = await editStatus(base);
    return s.build > after && !s.building ? s : undefined;
  }, `a build after number ${after}`, 30_000);
}
