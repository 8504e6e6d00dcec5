// How the preview answers one request, from a built output folder and its host model: the
// reference behaviour of content format section 8, as a pure function of the request and files.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serialize } from "../emit/serialize.js";
import { renderBrowsable } from "../host/browsable.js";
import { CORS_PREFLIGHT_HEADERS, methodNotAllowedBody, optionsBody, OTHER_NOT_FOUND, notFoundBody, type Collection, type Header, type HostModel } from "../host/rules.js";

export interface PreviewRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  accept?: string;
  origin?: string;
  corsRequestMethod?: string;
}

export interface PreviewAnswer {
  status: number;
  headers: Header[];
  body: Buffer;
}

const EMPTY = Buffer.alloc(0);

function wantsHtml(format: string | null, accept: string | undefined): boolean {
  if (format === "api") return true;
  if (format === "json") return false;
  // Django REST framework picks the browsable renderer when the client prefers text/html.
  const first = (accept ?? "").split(",")[0]!.trim().split(";")[0];
  return first === "text/html";
}

/** An echoed origin (not "*") makes the answer depend on Origin: say so, for shared caches. */
function varyOnOrigin(headers: readonly Header[], cors: readonly Header[]): Header[] {
  const echoed = cors.length > 0 && cors[0]![1] !== "*";
  return headers.map(([n, v]) => (echoed && n === "Vary" ? [n, `${v}, Origin`] : [n, v]));
}

export function respond(outDir: string, model: HostModel, req: PreviewRequest): PreviewAnswer {
  const url = new URL(req.url, "http://preview.invalid");
  const p = url.pathname;
  const method = req.method.toUpperCase();
  const corsAllowed = req.origin && (model.corsOrigins.includes("*") || model.corsOrigins.includes(req.origin));
  const cors: Header[] = corsAllowed ? [["Access-Control-Allow-Origin", model.corsOrigins.includes("*") ? "*" : req.origin!]] : [];

  if (!p.endsWith("/")) {
    return { status: 301, headers: [["Location", `${p}/${url.search}`], ["Content-Length", "0"]], body: EMPTY };
  }
  const collection: Collection | undefined = model.collections.find((c) => p.startsWith(c.prefix));
  const html = wantsHtml(url.searchParams.get("format"), req.accept);
  const answer = (status: number, json: string): PreviewAnswer => {
    const body = html
      ? renderBrowsable({
          method, requestPath: `${p}${url.search}`, status, name: collection?.name ?? "Api",
          collectionPath: collection?.prefix ?? p, headers: model.jsonHeaders, json,
        })
      : json;
    const headers = [...varyOnOrigin(html ? model.htmlHeaders : model.jsonHeaders, cors), ...cors];
    return { status, headers, body: method === "HEAD" ? EMPTY : Buffer.from(body, "utf8") };
  };

  if (method === "OPTIONS") {
    if (corsAllowed && req.corsRequestMethod) {
      return { status: 200, headers: [...varyOnOrigin(model.jsonHeaders, cors), ...cors, ...CORS_PREFLIGHT_HEADERS], body: EMPTY };
    }
    if (collection) return answer(200, serialize(optionsBody(collection.name)));
  }
  if (!["GET", "HEAD", "OPTIONS"].includes(method)) return answer(405, serialize(methodNotAllowedBody(method)));
  if (!collection) return answer(404, serialize(OTHER_NOT_FOUND.body));

  const rest = p.slice(collection.prefix.length);
  const isList = rest === "" && collection.hasList;
  const isDetail = /^[0-9]+\/$/.test(rest);
  if (isList || isDetail) {
    const file = path.join(outDir, collection.prefix, rest, "index.json");
    if (existsSync(file)) return answer(200, readFileSync(file, "utf8"));
    if (isDetail) return answer(404, serialize(notFoundBody(collection.model)));
  }
  return answer(404, serialize(OTHER_NOT_FOUND.body));
}

