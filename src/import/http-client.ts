// The import's HTTP client: Node's fetch, a few requests at a time, a timeout on each, retries
// with backoff on 429, 5xx and network errors (Retry-After honoured), and counts for the summary.
// Each body is read up to a limit and no further, and redirects are followed only to http(s).
// A host that cannot be reached (its name does not resolve, it refuses connections) is given up
// on as a whole: one request's failures stand for the rest, which fail at once with its reason.
import { AnswerRefused, HostUnreachable, ImportFailed, ImportInterrupted } from "./errors.js";
import { HOST_ATTEMPTS, JSON_ANSWER_MAX_BYTES, MAX_REDIRECTS } from "./limits.js";
import { fetchableUrl } from "./safe-names.js";

export interface ClientOptions {
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  /** Each attempt's limit, body included; default 30 s. */
  timeoutMs?: number;
  /** Attempts after the first; default 5. */
  retries?: number;
  /** The first wait before a retry, doubled each time; default 500 ms. */
  backoffMs?: number;
  /** A longer Retry-After ends the import instead of waiting; default 2 minutes. */
  maxRetryAfterMs?: number;
  signal?: AbortSignal;
  userAgent?: string;
}

/** The most a body may hold, and what it is, for the refusal's words. */
export interface BodyLimit {
  bytes: number;
  /** `the largest JSON answer the import reads`. */
  what: string;
}

export const JSON_ANSWER_LIMIT: BodyLimit = { bytes: JSON_ANSWER_MAX_BYTES, what: "the largest JSON answer the import reads" };

export interface Answer {
  /** The URL asked (before any redirect). */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ClientStats {
  requests: number;
  bytes: number;
  /** Retries by cause. */
  retried: { tooManyRequests: number; serverError: number; network: number; timeout: number };
}

/** A host given up on: what failed, how, and what it cost. */
export interface UnreachableHost {
  /** `cdn.example.org` or `127.0.0.1:8000`, as URLs name it. */
  host: string;
  /** The error code every attempt ended with: ENOTFOUND, ECONNREFUSED, ... */
  code: string;
  /** In words: `its name does not resolve`, `it refused the connection`. */
  reason: string;
  /** Requests sent to it in all (each attempt of each request). */
  attempts: number;
  /** Requests failed at once, without being sent, once it was given up on. */
  skipped: number;
}

type Attempt =
  | { answer: Answer; retryAfter: string | null }
  | { failure: string; kind: "network" | "timeout"; unreachable?: { code: string; message: string; at: string } };

/** Failures no retry mends: a certificate refused, an address that is not one. */
const FATAL = /^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_INVALID_URL)/;

/**
 * Failures that say the host is not there at all (no name, nothing listening, no route), as
 * opposed to an overloaded or flaky one (5xx, 429, timeouts, dropped connections): the same one
 * again and again is the host's answer for every request, not one request's bad luck.
 */
const UNREACHABLE: Record<string, string> = {
  ENOTFOUND: "its name does not resolve",
  EAI_AGAIN: "its name could not be looked up: no DNS server answered, as when the machine is offline",
  EAI_NONAME: "its name does not resolve",
  EAI_NODATA: "its name has no address",
  ECONNREFUSED: "it refuses connections: nothing listens on that port",
  EHOSTUNREACH: "there is no route to it",
  ENETUNREACH: "its network is unreachable",
};

/** A name that does not resolve is final at once; the others are given up on after HOST_ATTEMPTS in a row. */
const FINAL_AT_ONCE = new Set(["ENOTFOUND", "EAI_NONAME"]);

const hostOf = (url: string) => new URL(url).host;

const retryable = (status: number) => status === 429 || (status >= 500 && status !== 501 && status !== 505);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const mebibytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * The body, read as it streams in and refused once it passes the limit (or when Content-Length
 * says it will): a server cannot make the import hold more than the limit, whatever it sends.
 * The bytes counted are those after Content-Encoding is undone, so a compressed body is bounded too.
 */
async function readBody(res: Response, limit: BodyLimit, url: string): Promise<Buffer> {
  const tooLarge = () => new AnswerRefused(`GET ${url} answered a body over ${mebibytes(limit.bytes)}, ${limit.what}: refused before reading the rest`);
  const declared = Number(res.headers.get("content-length"));
  if (declared > limit.bytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop (the throw) cancels the stream, which closes the connection.
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit.bytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Where a redirect leads: only http: or https: (fetch's own following would give a bare network
 * error for any other, which the client would retry), never from https: back to http:, and no
 * more than MAX_REDIRECTS times. Another host is followed, as a browser does: an original is
 * often served from a CDN, and the import sends no credentials or cookies to leak.
 */
export function redirectTarget(asked: string, from: string, status: number, location: string, followed: number): string {
  const where = `GET ${asked} was redirected (HTTP ${status}${from === asked ? "" : ` from ${from}`}) to`;
  if (followed >= MAX_REDIRECTS) throw new AnswerRefused(`GET ${asked} was redirected more than ${MAX_REDIRECTS} times: the import stops there`);
  const next = fetchableUrl(location, from, where);
  if (from.startsWith("https:") && next.startsWith("http:")) throw new AnswerRefused(`${where} ${next}: the import does not follow a redirect from https: to http:`);
  return next;
}

function errorCode(e: unknown): { code: string; message: string } {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const cause = err.cause ?? err;
  return { code: cause.code ?? err.code ?? "", message: cause.message ?? err.message ?? String(e) };
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now (null when absent or unreadable). */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The options given, with those left undefined taking their defaults (a spread would keep the undefined). */
function withDefaults<T extends object>(defaults: Required<T>, given: T): Required<T> {
  const out = { ...defaults };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

interface HostState {
  attempts: number;
  skipped: number;
  /** Set once the host is given up on. */
  down: { code: string; reason: string; url: string; times: number } | null;
}

export class PoliteClient {
  readonly stats: ClientStats = { requests: 0, bytes: 0, retried: { tooManyRequests: 0, serverError: 0, network: 0, timeout: 0 } };
  private readonly hosts = new Map<string, HostState>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** A 429 pauses every request, not only the one it answered. */
  private pausedUntil = 0;
  private readonly o: Required<Omit<ClientOptions, "signal">> & { signal?: AbortSignal };
  /** Aborts what is still in flight once the import has ended (a request others' failure left running). */
  private readonly closing = new AbortController();

  constructor(options: ClientOptions = {}) {
    const { signal, ...rest } = options;
    this.o = {
      ...withDefaults({ concurrency: 4, timeoutMs: 30_000, retries: 5, backoffMs: 500, maxRetryAfterMs: 120_000, userAgent: "build-catalogue import" }, rest),
      ...(signal ? { signal } : {}),
    };
  }

  /** The hosts given up on, by name. */
  unreachable(): UnreachableHost[] {
    return [...this.hosts]
      .filter(([, h]) => h.down !== null)
      .map(([host, h]) => ({ host, code: h.down!.code, reason: h.down!.reason, attempts: h.attempts, skipped: h.skipped }))
      .sort((a, b) => (a.host < b.host ? -1 : 1));
  }

  private host(url: string): HostState {
    const name = hostOf(url);
    let h = this.hosts.get(name);
    if (!h) this.hosts.set(name, (h = { attempts: 0, skipped: 0, down: null }));
    return h;
  }

  /** Fails at once when the host was given up on, with the reason it was; `first`: the request has sent nothing yet. */
  private checkHost(url: string, first: boolean): void {
    const h = this.host(url);
    if (!h.down) return;
    if (first) h.skipped++;
    const { code, reason, url: failed, times } = h.down;
    throw new HostUnreachable(
      hostOf(url), code,
      `GET ${url} was not ${first ? "sent" : "tried again"}: ${hostOf(url)} cannot be reached, ${reason} (${code}, ${times === 1 ? "at once" : `${times} times in a row`} for ${failed})`,
    );
  }

  /** Stops every request in flight or waiting: each ends with an ImportFailed nobody awaits any more. */
  close(): void {
    this.closing.abort();
  }

  private stopped(): Error | null {
    if (this.o.signal?.aborted) return new ImportInterrupted();
    if (this.closing.signal.aborted) return new ImportFailed("the import has ended");
    return null;
  }

  /**
   * The answer to GET url, whatever its status, once it is not one to retry; throws after the last
   * retry, and at once (AnswerRefused) for a body over the limit or a redirect the import does not follow.
   */
  async get(url: string, options: { accept?: string; limit?: BodyLimit } = {}): Promise<Answer> {
    const accept = options.accept ?? "application/json";
    const limit = options.limit ?? JSON_ANSWER_LIMIT;
    fetchableUrl(url, url, "GET");
    if (this.active >= this.o.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const stopped = this.stopped();
    if (stopped) {
      this.waiting.shift()?.();
      throw stopped;
    }
    this.active++;
    try {
      return await this.attempts(url, accept, limit);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private async attempts(url: string, accept: string, limit: BodyLimit): Promise<Answer> {
    // The same failure of the host's, attempt after attempt of this request.
    let streak = { code: "", times: 0 };
    // A retry is counted when it is made: one its host's being given up on cancels is not.
    let retrying: keyof ClientStats["retried"] | null = null;
    for (let attempt = 0; ; attempt++) {
      const pause = this.pausedUntil - Date.now();
      if (pause > 0) await this.sleep(pause);
      this.checkHost(url, attempt === 0);
      if (retrying) this.stats.retried[retrying]++;
      const got = await this.once(url, accept, limit);
      if ("answer" in got && !retryable(got.answer.status)) return got.answer;
      if ("failure" in got && got.unreachable) {
        const { code, message, at } = got.unreachable;
        streak = { code, times: streak.code === code ? streak.times + 1 : 1 };
        if (FINAL_AT_ONCE.has(code) || streak.times >= HOST_ATTEMPTS || attempt >= this.o.retries) {
          const h = this.host(at);
          h.down ??= { code, reason: UNREACHABLE[code]!, url: at, times: streak.times };
          const via = at === url ? "" : ` (redirected to ${at})`;
          throw new HostUnreachable(
            hostOf(at), code,
            `GET ${url}${via} failed: ${hostOf(at)} cannot be reached, ${UNREACHABLE[code]} (${message}${streak.times > 1 ? `; ${streak.times} times in a row` : ""}); check the address and the network`,
          );
        }
      } else streak = { code: "", times: 0 };
      const what = "answer" in got ? `HTTP ${got.answer.status}` : got.failure;
      if (attempt >= this.o.retries) {
        throw new ImportFailed(`GET ${url} failed ${attempt + 1} times, the last with ${what}; the server may be down or overloaded: try again later`);
      }
      let wait = this.o.backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
      if ("answer" in got) {
        const asked = retryAfterMs(got.retryAfter);
        if (asked !== null && asked > this.o.maxRetryAfterMs) {
          throw new ImportFailed(`GET ${url} answered HTTP ${got.answer.status} asking to wait ${Math.ceil(asked / 1000)} s (Retry-After), longer than the import waits; try again later`);
        }
        if (asked !== null) wait = asked;
        if (got.answer.status === 429) {
          retrying = "tooManyRequests";
          this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
        } else retrying = "serverError";
      } else retrying = got.kind;
      await this.sleep(wait);
    }
  }

  private async once(url: string, accept: string, limit: BodyLimit): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs);
    const signal = AbortSignal.any([timeout, this.closing.signal, ...(this.o.signal ? [this.o.signal] : [])]);
    // The URL being asked when it failed: a redirect may have led to another host.
    let failedAt = url;
    try {
      let at = url;
      for (let followed = 0; ; followed++) {
        failedAt = at;
        this.stats.requests++;
        this.host(at).attempts++;
        const res = await fetch(at, { headers: { Accept: accept, "User-Agent": this.o.userAgent }, signal, redirect: "manual" });
        const location = REDIRECTS.has(res.status) ? res.headers.get("location") : null;
        if (location !== null) {
          await res.body?.cancel().catch(() => {});
          at = redirectTarget(url, at, res.status, location, followed);
          continue;
        }
        const body = await readBody(res, limit, url);
        this.stats.bytes += body.length;
        return { answer: { url, status: res.status, contentType: res.headers.get("content-type") ?? "", body }, retryAfter: res.headers.get("retry-after") };
      }
    } catch (e) {
      const stopped = this.stopped();
      if (stopped) throw stopped;
      if (e instanceof ImportFailed) throw e;
      if (timeout.aborted) return { failure: `no complete answer within ${this.o.timeoutMs / 1000} s`, kind: "timeout" };
      const { code, message } = errorCode(e);
      if (FATAL.test(code)) throw new ImportFailed(`GET ${url} failed: ${code} ${message}; check the address`);
      return { failure: `a network error (${code ? `${code} ` : ""}${message})`, kind: "network", ...(code in UNREACHABLE ? { unreachable: { code, message, at: failedAt } } : {}) };
    }
  }

  private sleep(ms: number): Promise<void> {
    const already = this.stopped();
    if (already) return Promise.reject(already);
    const signals = [this.closing.signal, ...(this.o.signal ? [this.o.signal] : [])];
    return new Promise((resolve, reject) => {
      const done = () => {
        for (const s of signals) s.removeEventListener("abort", stop);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const stop = () => {
        clearTimeout(timer);
        for (const s of signals) s.removeEventListener("abort", stop);
        reject(this.stopped());
      };
      for (const s of signals) s.addEventListener("abort", stop, { once: true });
    });
  }
}
