// GET /admin/: the admin's page, its config.yml (made for each request from the content folder),
// Decap's bundle and our extension. Only the files named here are served, each from where the
// installed packages keep it; any other address under /admin/ is a 404, so no request reaches
// another file.
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { adminIndexHtml, decapFiles, EXTENSION_FILE, extensionBundlePath } from "./admin-files.js";
import { sendBody, sendJson } from "./answer.js";
import { editConfigYaml } from "./config.js";
import { adminPolicyHeader } from "./content-security.js";

/** One file of the admin: made per request (the page, the config), or read from a package. */
type AdminFile = { type: string; make: () => string } | { type: string; file: string };

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};
/** Decap's license and notices (LICENSE, decap-cms.js.LICENSE.txt). */
const TEXT = "text/plain; charset=utf-8";

/** The admin's files by their name under /admin/ ("" the page itself). */
export function adminFileTable(decapDir: string, contentDir: string, now?: string): Map<string, AdminFile> {
  const html = { type: "text/html; charset=utf-8", make: () => adminIndexHtml() };
  const table = new Map<string, AdminFile>([["", html], ["index.html", html], ["config.yml", { type: "text/yaml; charset=utf-8", make: () => editConfigYaml(contentDir, now) }]]);
  for (const name of decapFiles(decapDir)) table.set(name, { type: TYPES[path.extname(name)] ?? TEXT, file: path.join(decapDir, name) });
  table.set(EXTENSION_FILE, { type: TYPES[".js"]!, file: extensionBundlePath() });
  return table;
}

/** Answers a request under /admin/ (`name`: what follows `/admin/`). */
export async function serveAdminFile(req: IncomingMessage, res: ServerResponse, table: Map<string, AdminFile>, name: string): Promise<void> {
  const entry = table.get(name);
  if (!entry) return sendJson(req, res, 404, { error: `no such file in the admin: /admin/${name}` });
  if (req.method !== "GET" && req.method !== "HEAD") return sendJson(req, res, 405, { error: "the admin's files are read with GET" }, { Allow: "GET, HEAD" });
  if ("make" in entry) {
    // Made anew for each request: never kept by the browser, never framed by another site.
    const page: Record<string, string> = entry.type.startsWith("text/html") ? { "X-Frame-Options": "DENY", "Content-Security-Policy": adminPolicyHeader() } : {};
    const headers = { "Content-Type": entry.type, "Cache-Control": "no-store", ...page };
    return sendBody(req, res, 200, Buffer.from(entry.make(), "utf8"), headers);
  }
  // The packages' files change only when they are updated: the browser asks again each time, and reads them again only then.
  const st = await stat(entry.file);
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers = { "Content-Type": entry.type, "Cache-Control": "no-cache", ETag: etag };
  if (req.headers["if-none-match"] === etag) return sendBody(req, res, 304, Buffer.alloc(0), headers);
  sendBody(req, res, 200, await readFile(entry.file), headers);
}
