// The server of `build-catalogue edit`: the preview (src/preview/server.ts) with the admin in
// front of it, on the same 127.0.0.1 port and behind the same Host check. /admin/ serves Decap
// CMS and its config, POST /api/v1 is Decap's file API over the content folder (file-api.ts,
// behind the admin's guard), /api/admin/ tells the admin the next free ids and the
// last build's problems, and the rest is the preview's API, rebuilt on every save.
import { existsSync, realpathSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { UsageError } from "../errors.js";
import { printable } from "../preview/print.js";
import { startPreview, type BuildOutcome, type PreviewHandle, type PreviewOptions } from "../preview/server.js";
import { parseRequestTarget } from "../runtime/request-target.js";
import { decapDistDir, extensionBundlePath } from "./admin-files.js";
import { adminFileTable, serveAdminFile } from "./admin-route.js";
import { sendJson } from "./answer.js";
import { fileApi, type SavedFile } from "./file-api.js";
import { nextIds } from "./next-ids.js";
import { MAX_LISTING_BYTES } from "./proxy-guard.js";
import { proxyRoute } from "./proxy-route.js";
import { emptiedList, pictureInUse } from "./keep-content.js";
import { errorsAddedBy, refusedSave } from "./save-check.js";
import { BuildStatus } from "./status.js";

/** Wagtail's own limit on uploads, and the build's default cap on originals (options.ts). */
const DEFAULT_MAX_ORIGINAL_BYTES = 10 * 1024 * 1024;

export interface EditOptions extends Pick<PreviewOptions, "content" | "port" | "now" | "cwd" | "maxOriginalBytes" | "onWatchError" | "onRefusedHost" | "onRequestError"> {
  /** Called after each build with its outcome. */
  onBuild?: (outcome: BuildOutcome) => void;
  /** A line for the terminal: a request the admin's API refused, or one it could not answer (printable ASCII). */
  onNotice?: (line: string) => void;
}

export interface EditServer {
  url: string;
  port: number;
  /** The admin's page. */
  adminUrl: string;
  close: () => Promise<void>;
}

export async function startEditServer(options: EditOptions = {}): Promise<EditServer> {
  const cwd = options.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, options.content ?? "content");
  const decapDir = decapDistDir();
  if (decapDir === null) throw new UsageError("Decap CMS's bundle is missing from build-catalogue's package (lib/admin/decap/): build-catalogue is not built (npm run build) or not fully installed");
  if (!existsSync(extensionBundlePath())) throw new UsageError(`the admin's extension ${extensionBundlePath()} is missing: build-catalogue is not built (npm run build) or not fully installed`);
  // The file API and the guard go by where the folder is, not how it is spelled.
  const root = realpathSync(contentDir);
  const adminFiles = adminFileTable(decapDir, contentDir, options.now);
  const status = new BuildStatus(contentDir, cwd);
  const maxOriginalBytes = options.maxOriginalBytes ?? DEFAULT_MAX_ORIGINAL_BYTES;
  // A save that would add an error to the build, or empty a list, is refused before it is written
  // (save-check.ts); so is deleting a picture an image shows (keep-content.ts).
  const vet = {
    save: async (saved: SavedFile[]) => {
      const emptied = emptiedList(root, saved);
      if (emptied !== null) return { message: emptied, problems: [] };
      const added = await errorsAddedBy(root, saved, { now: options.now, maxOriginalBytes });
      return added.length > 0 ? { message: refusedSave(added), problems: added } : null;
    },
    delete: (paths: string[]) => pictureInUse(root, paths),
  };
  const files = fileApi(root, { maxOriginalBytes, maxAnswerBytes: MAX_LISTING_BYTES }, vet);
  const api = proxyRoute({ root, maxOriginalBytes, files, report: (line) => options.onNotice?.(printable(line)) });

  const handle = async (req: IncomingMessage, res: ServerResponse, preview: PreviewHandle): Promise<boolean> => {
    const pathname = parseRequestTarget(req.url ?? "")?.pathname ?? "";
    if (pathname === "/admin") {
      res.writeHead(308, { Location: "/admin/", "Content-Length": "0" });
      res.end();
    } else if (pathname.startsWith("/admin/")) await serveAdminFile(req, res, adminFiles, pathname.slice("/admin/".length));
    else if (pathname === "/api/v1") await api(req, res, preview);
    else if (pathname.startsWith("/api/admin/")) await answerAdminApi(req, res, pathname, { contentDir: root, status, building: preview.building });
    else return false;
    return true;
  };

  const preview = await startPreview({
    ...options,
    maxOriginalBytes,
    // A save with a mistake leaves the API as it was: the admin shows the errors (/api/admin/status).
    keepLastGood: true,
    onBuild: (outcome) => {
      status.record(outcome);
      options.onBuild?.(outcome);
    },
    handle,
  });
  return { url: preview.url, port: preview.port, adminUrl: `${preview.url}/admin/`, close: preview.close };
}

/** GET /api/admin/next-ids and /api/admin/status; 404 for any other address there. */
async function answerAdminApi(req: IncomingMessage, res: ServerResponse, pathname: string, at: { contentDir: string; status: BuildStatus; building: () => boolean }): Promise<void> {
  const name = pathname.slice("/api/admin/".length);
  if (name !== "next-ids" && name !== "status") return sendJson(req, res, 404, { error: `no such address in the admin's API: ${pathname} (it has /api/admin/next-ids and /api/admin/status)` });
  if (req.method !== "GET" && req.method !== "HEAD") return sendJson(req, res, 405, { error: `${pathname} is read with GET` }, { Allow: "GET, HEAD" });
  sendJson(req, res, 200, name === "status" ? at.status.answer(at.building()) : await nextIds(at.contentDir));
}
