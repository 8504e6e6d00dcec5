// Reading JSON documents of a Wagtail API v2: the address they sit under, and each answer sorted
// into a document or a clear error (credentials asked for, HTML where JSON was expected).
import { UsageError } from "../errors.js";
import { AnswerRefused, ImportFailed } from "./errors.js";
import type { PoliteClient } from "./http-client.js";
import { nestedPast } from "../load/nesting.js";
import { JSON_MAX_DEPTH } from "./limits.js";

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
    // JSON.parse does not recurse; what reads its value afterwards does (the shapes, the comparison, the serializer).
    if (nestedPast(value, JSON_MAX_DEPTH)) {
      throw new AnswerRefused(`GET ${url} answered JSON nested more than ${JSON_MAX_DEPTH} levels deep (a Wagtail document nests about ten): refused before anything reads it`);
    }
    return { path: pathAndQuery, status: a.status, text, value };
  }
}
