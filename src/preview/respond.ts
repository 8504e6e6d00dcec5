// How the preview answers one request: the runtime responder (src/runtime/respond.ts, the same
// code the Cloudflare worker runs) over the files of a build on disk.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { browsableTemplate } from "../io/browsable-page.js";
import { servedRules, type Header, type HostModel } from "../host/rules.js";
import { respond as respondWith, type ServedFiles, type ServedRequest } from "../runtime/respond.js";
import { parseRequestTarget } from "../runtime/request-target.js";

export type PreviewRequest = ServedRequest;

export interface PreviewAnswer {
  status: number;
  headers: Header[];
  body: Buffer;
}

/** The files of one build. Make a new reader for each build: it keeps the query index it read. */
export function previewFiles(outDir: string): ServedFiles {
  return {
    read: async (file) => {
      try {
        return await readFile(path.join(outDir, file), "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR") return null;
        throw e;
      }
    },
  };
}

const MEDIA_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif",
};

/**
 * A file of the build's media folder (`/media/...`, when the output holds it), as a static host
 * serves it; null for any other address. The thumbnails name the catalogue's cdn_url: a catalogue
 * whose CDN is the API's host, or a front end that rewrites it, sees them here.
 */
export async function mediaAnswer(outDir: string, model: HostModel, url: string): Promise<PreviewAnswer | null> {
  const prefix = model.mediaPrefix;
  const pathname = parseRequestTarget(url)?.pathname;
  if (!prefix || !pathname?.startsWith(prefix)) return null;
  let name: string;
  try {
    name = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.join(outDir, name);
  if (!file.startsWith(path.join(outDir, prefix))) return null;
  try {
    const body = await readFile(file);
    return { status: 200, headers: [["Content-Type", MEDIA_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream"]], body };
  } catch {
    return null;
  }
}

/**
 * The answer to a GET, or to a HEAD with GET's body (its length is HEAD's Content-Length: the
 * server sends none of it). `corsOrigins`, when given, replaces the catalogue's (`--cors`).
 */
export async function respond(files: ServedFiles, model: HostModel, req: PreviewRequest, corsOrigins?: readonly string[]): Promise<PreviewAnswer> {
  const rules = servedRules(model, browsableTemplate());
  const a = await respondWith(corsOrigins ? { ...rules, corsOrigins } : rules, files, req);
  return { status: a.status, headers: a.headers, body: Buffer.from(a.body, "utf8") };
}
