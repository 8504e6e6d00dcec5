// Reading JSON documents of a Wagtail API v2: the address they sit under, each answer sorted into
// a document or a clear error (credentials asked for, HTML where JSON was expected), and a list
// read page by page with limit and offset until its total_count.
import type { z } from "zod";
import { UsageError } from "../errors.js";
import { ImportFailed } from "./errors.js";
import type { PoliteClient } from "./http-client.js";
import { readAs } from "./read-shapes.js";

export interface JsonAnswer {
  /** The path and query asked, under the API's address. */
  path: string;
  status: number;
  /** The body as sent (UTF-8), for the byte-for-byte comparison. */
  text: string;
  value: unknown;
}

/** The address /api/v2/ sits under: `https://api.example.org/api/v2/event_pages/` gives `https://api.example.org`. */
export function apiBase(text: string): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new UsageError(`"${text}" is not an absolute URL; give the address of the Wagtail API, such as https://api.example.org`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new UsageError(`"${text}" is not an http(s) URL; give the address of the Wagtail API, such as https://api.example.org`);
  const prefix = u.pathname.replace(/\/+$/, "").replace(/\/api\/v2(\/.*)?$/, "");
  return u.origin + prefix;
}

const STATUS_TEXT: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 400: "Bad Request" };

export function statusLine(status: number): string {
  return `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}`;
}

/** The `message` (Wagtail) or `detail` (Django REST framework) of an error body, when it has one. */
export function errorMessage(value: unknown): string | null {
  const v = value as { message?: unknown; detail?: unknown } | null;
  const m = v && typeof v === "object" ? (v.message ?? v.detail) : null;
  return typeof m === "string" ? m : null;
}

export class ApiReader {
  constructor(
    readonly client: PoliteClient,
    readonly base: string,
  ) {}

  url(pathAndQuery: string): string {
    return this.base + pathAndQuery;
  }

  /** GET a JSON document. A 404 comes back (the caller knows what it means); credentials asked for, HTML or text that is not JSON end the import. */
  async json(pathAndQuery: string): Promise<JsonAnswer> {
    const url = this.url(pathAndQuery);
    const a = await this.client.get(url);
    if (a.status === 401 || a.status === 403) {
      throw new ImportFailed(
        `GET ${url} answered ${statusLine(a.status)}: the API asks for credentials the import does not send. It reads the public API, as the catalogue's clients do: make the event pages public (or give the address clients use)`,
      );
    }
    const text = a.body.toString("utf8");
    if (/html/i.test(a.contentType) || /^\s*</.test(text)) {
      if (a.status === 404) return { path: pathAndQuery, status: 404, text, value: null };
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
      throw new ImportFailed(
        `GET ${url} answered HTML where JSON was expected (${statusLine(a.status)}${title ? `, a page titled "${title}"` : ""}): a login page, a proxy's error page or a web site, not a Wagtail API v2. Check the address: it is the one /api/v2/ sits under`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (a.status === 404) return { path: pathAndQuery, status: 404, text, value: null };
      throw new ImportFailed(`GET ${url} answered ${statusLine(a.status)} with a body that is not JSON (${JSON.stringify(text.slice(0, 60))}): not a Wagtail API v2; check the address`);
    }
    return { path: pathAndQuery, status: a.status, text, value };
  }
}

export interface PagedList<S extends z.ZodType> {
  /** Each answer, in offset order. */
  pages: { offset: number; answer: JsonAnswer; value: z.infer<S> }[];
  total: number;
  /** The page size the server accepted. */
  limit: number;
}

/**
 * Reads a list with `limit` and `offset` until it holds `total_count` items. A server whose
 * largest page is smaller answers 400 "limit cannot be higher than N": the read goes on with N.
 * A total that changes between pages, or items that do not add up to it, mean the list changed
 * while it was read.
 */
export async function readPaged<S extends z.ZodType<{ meta: { total_count: number }; items: { id: number }[] }>>(
  reader: ApiReader,
  listPath: string,
  shape: S,
  what: string,
  onPage: (read: number, total: number) => void,
  startLimit = 20,
): Promise<PagedList<S> | null> {
  let limit = startLimit;
  const at = (offset: number) => `${listPath}?limit=${limit}&offset=${offset}`;
  let first: JsonAnswer;
  for (;;) {
    first = await reader.json(at(0));
    const lower = first.status === 400 ? /limit cannot be higher than (\d+)/.exec(errorMessage(first.value) ?? "") : null;
    if (lower && Number(lower[1]) > 0 && Number(lower[1]) < limit) {
      limit = Number(lower[1]);
      continue;
    }
    break;
  }
  if (first.status === 404) return null;
  if (first.status !== 200) {
    const message = errorMessage(first.value);
    throw new ImportFailed(`GET ${reader.url(first.path)} answered ${statusLine(first.status)}${message ? `: "${message}"` : ""}; the import reads ${what} as a Wagtail API v2 lists it`);
  }
  const head = readAs(shape, first.value, `GET ${reader.url(first.path)}`, `a list of ${what}`);
  const total = head.meta.total_count;
  const step = head.items.length;
  onPage(step, total);
  const changed = (why: string) =>
    new ImportFailed(`the list of ${what} changed while it was read (${why}): the site was being edited. Run the import again when it is quiet`);
  if (step === 0 && total > 0) throw changed(`GET ${reader.url(first.path)} holds no items of ${total}`);
  const offsets: number[] = [];
  for (let o = step; o < total; o += step) offsets.push(o);
  let read = step;
  const rest = await Promise.all(
    offsets.map(async (offset) => {
      const answer = await reader.json(at(offset));
      if (answer.status !== 200) throw changed(`GET ${reader.url(answer.path)} answered ${statusLine(answer.status)}`);
      const value = readAs(shape, answer.value, `GET ${reader.url(answer.path)}`, `a list of ${what}`);
      if (value.meta.total_count !== total) throw changed(`total_count was ${total}, then ${value.meta.total_count}`);
      onPage((read += value.items.length), total);
      return { offset, answer, value };
    }),
  );
  const pages = [{ offset: 0, answer: first, value: head }, ...rest];
  const ids = new Set<number>();
  for (const p of pages) for (const item of p.value.items) {
    if (ids.has(item.id)) throw changed(`item ${item.id} came twice`);
    ids.add(item.id);
  }
  if (ids.size !== total) throw changed(`${ids.size} items were read of a total_count of ${total}`);
  return { pages, total, limit };
}
