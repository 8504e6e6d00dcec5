// How the API answers one HTTP request (content format, section 8), with Wagtail's list queries
// on the pages' routes and the images endpoint: the same code in the preview server (Node, files
// on disk) and in the Cloudflare worker (files through env.ASSETS). Runtime-neutral: the caller
// passes the rules, a reader of the build's files and the request; it gets back the status, the
// headers in the live order and the body.
import { methodNotAllowedBody, notFoundBody, optionsBody, OTHER_NOT_FOUND_BODY } from "./bodies.js";
import { renderBrowsable, type Header } from "./browsable.js";
import { planQuery, type QueryAnswer, type QueryRoute } from "./query/engine.js";
import { imageDetailFile } from "./query/image-documents.js";
import { answerImageQuery } from "./query/image-engine.js";
import { IMAGE_INDEX_FILE, type ImageIndex } from "./query/image-index.js";
import { QUERY_INDEX_FILE, QUERY_INDEX_FORMAT, type QueryIndex } from "./query/query-index.js";
import { parseRequestTarget } from "./request-target.js";
import { serialize } from "./serialize.js";

export interface ServedCollection {
  prefix: string;
  /** The view's name, as OPTIONS and the browsable page give it. */
  name: string;
  /** The model named in its 404 body (`EventPage`, `Page`, `Image`). */
  model: string;
  hasList: boolean;
  /** The ids with a detail document. */
  ids: readonly number[];
}

export interface ServedRules {
  /** Headers of every JSON answer, in the live API's order. */
  jsonHeaders: readonly Header[];
  htmlHeaders: readonly Header[];
  /** Allowed CORS origins ("*" for any); empty: no CORS headers, as the live API. */
  corsOrigins: readonly string[];
  preflightHeaders: readonly Header[];
  collections: readonly ServedCollection[];
  /** templates/browsable.html. */
  browsableTemplate: string;
  /**
   * Where the build's media folder is served (`/media/`), when the output holds it: its files are
   * static, served as they are by the caller (the worker through its assets, the preview from
   * disk); this responder answers only the API.
   */
  mediaPrefix?: string;
}

export interface ServedFiles {
  /** The text of a file of the build (path relative to the output folder), or null when missing. */
  read(path: string): Promise<string | null>;
}

export interface ServedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  accept?: string | null;
  origin?: string | null;
  corsRequestMethod?: string | null;
}

export interface ServedAnswer {
  status: number;
  headers: Header[];
  /** The body of a GET (HEAD sends the same headers and none of it). */
  body: string;
}

const NOT_FOUND_BODY = serialize(OTHER_NOT_FOUND_BODY);
/** The answer to a request target that is neither a path nor an absolute URL (`http://[/`, `*`). */
export const BAD_TARGET_BODY = serialize({ message: "Bad request: the request's target is neither a path (such as /api/v2/event_pages/) nor an absolute http URL." });

/** The OpenAPI description of the API (written by every build): a file with a name, not an address. */
export const OPENAPI_FILE = "api/v2/openapi.json";
export const OPENAPI_PATH = `/${OPENAPI_FILE}`;

function wantsHtml(format: string | null, accept: string | null | undefined): boolean {
  if (format === "api") return true;
  if (format === "json") return false;
  // Django REST framework picks the browsable renderer when the client prefers text/html.
  return (accept ?? "").split(",")[0]!.trim().split(";")[0] === "text/html";
}

/** Indexes already read (the pages' and the images'), per file reader: a deployment's indexes never change. */
const indexes = new WeakMap<ServedFiles, Map<string, Promise<{ format: number }>>>();

/** One of the build's indexes (`_query/`), read on first use; both carry QUERY_INDEX_FORMAT. */
function readIndex<T extends { format: number }>(files: ServedFiles, file: string): Promise<T> {
  let read = indexes.get(files);
  if (!read) indexes.set(files, (read = new Map()));
  let index = read.get(file);
  if (!index) {
    index = files.read(file).then((text) => {
      if (text === null) throw new Error(`${file} is missing from the build`);
      const value = JSON.parse(text) as { format: number };
      if (value.format !== QUERY_INDEX_FORMAT) {
        throw new Error(`${file} has format ${value.format}, and this code reads format ${QUERY_INDEX_FORMAT}: build the catalogue again with this version`);
      }
      return value;
    });
    read.set(file, index);
  }
  return index as Promise<T>;
}

/** The file of a detail without a query: event pages' are read from the generic route's, which holds the same bytes. */
function detailFile(route: string, id: number): string {
  return route === "images" ? imageDetailFile(id) : `api/v2/pages/${id}/index.json`;
}

/**
 * Whether the request's origin is allowed, the CORS headers it gets, and `vary`: a list of headers
 * with Origin in its Vary when the answer echoes an origin (not "*"), for shared caches.
 */
function corsFor(rules: ServedRules, req: ServedRequest): { corsAllowed: boolean; cors: Header[]; vary: (headers: readonly Header[]) => Header[] } {
  const anyOrigin = rules.corsOrigins.includes("*");
  const corsAllowed = !!req.origin && (anyOrigin || rules.corsOrigins.includes(req.origin));
  const cors: Header[] = corsAllowed ? [["Access-Control-Allow-Origin", anyOrigin ? "*" : req.origin!]] : [];
  const vary = (headers: readonly Header[]): Header[] =>
    headers.map(([n, v]) => (corsAllowed && !anyOrigin && n === "Vary" ? [n, `${v}, Origin`] : [n, v]));
  return { corsAllowed, cors, vary };
}

/** The answer of a query beyond `format`, from the build's index (and, for pages, the documents its plan names). */
async function queryResult(files: ServedFiles, route: string, request: { view: "list" | "detail" | "find"; id: number | undefined; query: string }): Promise<QueryAnswer> {
  // Every answer of the images endpoint is made from its index: no document is read.
  if (route === "images") return answerImageQuery(await readIndex<ImageIndex>(files, IMAGE_INDEX_FILE), request);
  const plan = planQuery(await readIndex<QueryIndex>(files, QUERY_INDEX_FILE), { route: route as QueryRoute, ...request });
  if (plan.kind === "answer") return plan.answer;
  const docs = await Promise.all(plan.ids.map((id) => files.read(`api/v2/pages/${id}/index.json`)));
  if (docs.some((d) => d === null)) throw new Error("a page listed in the query index has no document in the build");
  return plan.render(docs as string[]);
}

export async function respond(rules: ServedRules, files: ServedFiles, req: ServedRequest): Promise<ServedAnswer> {
  const method = req.method.toUpperCase();
  const { corsAllowed, cors, vary } = corsFor(rules, req);

  // What cannot be read as an address is the client's mistake: a 400, as the live API's server answers it.
  const url = parseRequestTarget(req.url);
  if (!url) return { status: 400, headers: [...vary(rules.jsonHeaders), ...cors], body: BAD_TARGET_BODY };
  const p = url.pathname;

  // Only /api/ is published: anything else (the rule files, the query index) is a JSON 404.
  if (!p.startsWith("/api/")) return { status: 404, headers: [...vary(rules.jsonHeaders), ...cors], body: NOT_FOUND_BODY };
  // The OpenAPI document: GET and HEAD, no slash, no browsable rendering; other methods 405.
  if (p === OPENAPI_PATH) {
    const headers = [...vary(rules.jsonHeaders), ...cors];
    if (method !== "GET" && method !== "HEAD") return { status: 405, headers, body: serialize(methodNotAllowedBody(method)) };
    const json = await files.read(OPENAPI_FILE);
    return json === null ? { status: 404, headers, body: NOT_FOUND_BODY } : { status: 200, headers, body: json };
  }
  if (!p.endsWith("/")) {
    // A relative Location with the query string kept, an empty body, for every method.
    return { status: 301, headers: [["Location", `${p}/${url.search}`]], body: "" };
  }
  const collection = rules.collections.find((c) => p.startsWith(c.prefix));
  const html = wantsHtml(url.searchParams.get("format"), req.accept);
  const answer = (status: number, json: string): ServedAnswer => {
    const body = html
      ? renderBrowsable(rules.browsableTemplate, {
          method, requestPath: `${p}${url.search}`, status, name: collection?.name ?? "Api",
          collectionPath: collection?.prefix ?? p, headers: rules.jsonHeaders, json,
        })
      : json;
    return { status, headers: [...vary(html ? rules.htmlHeaders : rules.jsonHeaders), ...cors], body };
  };

  if (method === "OPTIONS") {
    if (corsAllowed && req.corsRequestMethod) {
      return { status: 200, headers: [...vary(rules.jsonHeaders), ...cors, ...rules.preflightHeaders], body: "" };
    }
    if (collection) return answer(200, serialize(optionsBody(collection.name)));
  }
  if (!["GET", "HEAD", "OPTIONS"].includes(method)) return answer(405, serialize(methodNotAllowedBody(method)));
  if (!collection) return answer(404, NOT_FOUND_BODY);

  const rest = p.slice(collection.prefix.length);
  const route = collection.prefix.split("/")[3]!;
  const detail = /^([0-9]+)\/$/.exec(rest);
  const view = rest === "" && collection.hasList ? "list" : detail ? "detail" : rest === "find/" ? "find" : null;
  if (view === null) return answer(404, NOT_FOUND_BODY);
  // A query beyond `format` goes to the engine; the plain addresses are the published files.
  const queried = view === "find" || [...url.searchParams.keys()].some((k) => k !== "format");
  if (!queried) {
    const id = detail ? Number(detail[1]) : null;
    if (id !== null && !collection.ids.includes(id)) return answer(404, serialize(notFoundBody(collection.model)));
    const json = await files.read(id !== null ? detailFile(route, id) : `${p.slice(1)}index.json`);
    return json === null ? answer(404, NOT_FOUND_BODY) : answer(200, json);
  }
  const result = await queryResult(files, route, { view, id: detail ? Number(detail[1]) : undefined, query: url.search });
  if ("location" in result) {
    // Django's redirect: text/html, the Location, then the view's headers; no body.
    const view = vary(rules.jsonHeaders).filter(([n]) => n !== "Content-Type");
    return { status: 302, headers: [["Content-Type", "text/html; charset=utf-8"], ["Location", result.location], ...view, ...cors], body: "" };
  }
  return answer(result.status, result.json);
}
