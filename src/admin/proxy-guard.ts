// The admin's own check of each action sent to POST /api/v1, before the file API (file-api.ts) runs
// it: only the actions of Decap's `proxy` backend without git, every path they name on the
// allowlist (guard-paths.ts) and free of links (guard-links.ts), uploads no larger than an
// original may be.
import { mebibytes } from "../io/regular-file.js";
import { MAX_CONTENT_FILE_BYTES } from "../load/source-file.js";
import { quoted } from "../preview/print.js";
import { ACTION_PARAMS, type FileAction } from "./file-api-params.js";
import { checkFolderEntries, checkOnDisk } from "./guard-links.js";
import { pathProblem, type PathUse } from "./guard-paths.js";

/** The actions the admin answers (those the file API has params for): Decap's proxy backend with no editorial workflow. */
const ALLOWED_ACTIONS = Object.keys(ACTION_PARAMS) as FileAction[];
type Action = FileAction;

/** The actions that change files: a rebuild follows each. */
export const WRITING_ACTIONS: readonly string[] = ["persistEntry", "persistMedia", "deleteFile", "deleteFiles"];

/** The most a listing answers at once (every file's text or bytes in one answer). */
export const MAX_LISTING_BYTES = 256 * 1024 * 1024;

export interface GuardContext {
  /** The content folder's real path. */
  root: string;
  /** The largest image original (--max-original-size), in bytes. */
  maxOriginalBytes: number;
}

export type Verdict = { ok: true; action: Action } | { ok: false; status: number; error: string };

const refuse = (status: number, error: string): Verdict => ({ ok: false, status, error });

interface NamedPath {
  key: string;
  value: unknown;
  use: PathUse;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The paths an action names, each with what it does with it. */
function namedPaths(action: Action, params: Record<string, unknown>): NamedPath[] {
  const at = (key: string, use: PathUse): NamedPath => ({ key: `params.${key}`, value: params[key], use });
  const each = (key: string, field: string | null, use: PathUse): NamedPath[] =>
    list(params[key]).map((item, i) => ({ key: `params.${key}[${i}]${field ? `.${field}` : ""}`, value: field ? (isObject(item) ? item[field] : undefined) : item, use }));
  switch (action) {
    case "entriesByFolder": return [at("folder", "list-events")];
    case "entriesByFiles": return each("files", "path", "read-entry");
    case "getEntry": return [at("path", "read-entry")];
    case "getMedia": return [at("mediaFolder", "list-images")];
    case "getMediaFile": return [at("path", "read-image")];
    case "persistMedia": return [{ key: "params.asset.path", value: isObject(params.asset) ? params.asset.path : undefined, use: "write-image" }];
    case "deleteFile": return [at("path", "delete")];
    case "deleteFiles": return each("paths", null, "delete");
    case "persistEntry": {
      const entry = isObject(params.entry) ? [{ key: "params.entry.path", value: params.entry.path, use: "write-entry" as const }] : [];
      return [...entry, ...each("dataFiles", "path", "write-entry"), ...each("assets", "path", "write-image")];
    }
    default: return [];
  }
}

/** What a request's shape gets wrong, before its paths: the action, its params, what it may not ask. */
function shapeProblem(body: unknown): Verdict | { action: Action; params: Record<string, unknown> } {
  if (!isObject(body) || typeof body.action !== "string") return refuse(400, 'the body must be a JSON object with an "action" (Decap\'s proxy protocol)');
  const action = body.action;
  if (!(ALLOWED_ACTIONS as readonly string[]).includes(action)) {
    const git = /unpublished|Unpublished|Note|PRMetadata/.test(action);
    const why = git
      ? `belongs to Decap's editorial workflow, which edit does not run: it saves straight to the content folder (use the deployed admin's editorial workflow for drafts and reviews)`
      : `is not an action of the admin's API, which answers ${ALLOWED_ACTIONS.join(", ")}`;
    return refuse(422, `the action ${quoted(action)} ${why}`);
  }
  const params = body.params;
  if (action === "info" || action === "getDeployPreview") return { action: action as Action, params: isObject(params) ? params : {} };
  if (!isObject(params)) return refuse(400, `${action}: "params" must be an object`);
  if (action === "entriesByFolder") {
    if (typeof params.extension !== "string" || !/^\.?(json|ya?ml)$/.test(params.extension)) return refuse(400, `entriesByFolder: params.extension ${quoted(String(params.extension))} is not json, yaml or yml, the extensions of event pages`);
    if (params.depth !== 1) return refuse(400, "entriesByFolder: params.depth must be 1: events/ holds its pages at its top, with no folders inside");
  }
  const renamed = [params.entry, ...list(params.dataFiles)].find((f) => isObject(f) && f.newPath !== undefined && f.newPath !== null);
  if (action === "persistEntry" && renamed) {
    return refuse(422, "persistEntry: renaming an entry's file (newPath) is not something the admin does: save the entry under its new name as a new one, then delete the old one");
  }
  return { action: action as Action, params };
}

/** Why an upload of the action is too large (413), or null. */
function uploadProblem(action: Action, params: Record<string, unknown>, maxOriginalBytes: number): string | null {
  const assets = action === "persistMedia" ? [params.asset] : action === "persistEntry" ? list(params.assets) : [];
  for (const asset of assets) {
    if (!isObject(asset) || typeof asset.content !== "string") continue;
    const size = Buffer.byteLength(asset.content, "base64");
    if (size > maxOriginalBytes) {
      return `${quoted(String(asset.path))} is ${mebibytes(size)}, larger than the ${mebibytes(maxOriginalBytes)} an image original may be (--max-original-size): make it smaller, or start edit with a larger --max-original-size`;
    }
  }
  return null;
}

/** The admin's verdict on an action: run it, or the refusal (status and a message saying what, why and what to do). */
export async function guardAction(body: unknown, ctx: GuardContext): Promise<Verdict> {
  const shape = shapeProblem(body);
  if ("ok" in shape) return shape;
  const { action, params } = shape;
  const paths = namedPaths(action, params);
  for (const p of paths) {
    const problem = pathProblem(p.key, p.value, p.use);
    if (problem !== null) return refuse(typeof p.value === "string" ? 403 : 400, `${action}: ${problem}`);
  }
  const tooLarge = uploadProblem(action, params, ctx.maxOriginalBytes);
  if (tooLarge !== null) return refuse(413, `${action}: ${tooLarge}`);
  // A listing reads the files whose name ends with the extension asked for ("" for images/: all of them).
  const extension = action === "entriesByFolder" ? String(params.extension) : "";
  for (const p of paths) {
    const refusal = await diskProblem(ctx, p, extension);
    if (refusal !== null) return { ...refusal, error: `${action}: ${refusal.error}` } as Verdict;
  }
  return { ok: true, action };
}

/** What the disk says of one named path: a link or something not a file on the way (403), a file to read that is not there (404). */
async function diskProblem(ctx: GuardContext, p: NamedPath, extension: string): Promise<(Verdict & { ok: false }) | null> {
  const rel = p.value as string;
  const listing = p.use === "list-events" || p.use === "list-images";
  const found = await checkOnDisk(ctx.root, rel, listing ? "folder" : "file");
  if ("refused" in found) return { ok: false, status: 403, error: found.refused };
  if (listing) {
    const maxFileBytes = p.use === "list-events" ? MAX_CONTENT_FILE_BYTES : ctx.maxOriginalBytes;
    const problem = await checkFolderEntries(ctx.root, rel, { extension, maxFileBytes, maxTotalBytes: MAX_LISTING_BYTES });
    return problem === null ? null : { ok: false, status: 403, error: problem };
  }
  // getEntry and getMediaFile of a file that is not there: the file API (as decap-server) answers null or "Unknown error".
  if (!found.exists && (p.use === "read-image" || (p.key === "params.path" && p.use === "read-entry"))) {
    return { ok: false, status: 404, error: `${quoted(rel)} does not exist in the content folder` };
  }
  return null;
}
