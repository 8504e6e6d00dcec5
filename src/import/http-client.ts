// The import's HTTP client: Node's fetch, a few requests at a time, a timeout on each, retries
// with backoff on 429, 5xx and network errors (Retry-After honoured), and counts for the summary.
import { ImportFailed, ImportInterrupted } from "./errors.js";

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

export interface Answer {
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

type Attempt = { answer: Answer; retryAfter: string | null } | { failure: string; kind: "network" | "timeout" };

/** Failures no retry mends: a name that does not resolve, a certificate refused. */
const FATAL = /^(ENOTFOUND|CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_INVALID_URL)/;

const retryable = (status: number) => status === 429 || (status >= 500 && status !== 501 && status !== 505);

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

export class PoliteClient {
  readonly stats: ClientStats = { requests: 0, bytes: 0, retried: { tooManyRequests: 0, serverError: 0, network: 0, timeout: 0 } };
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** A 429 pauses every request, not only the one it answered. */
  private pausedUntil = 0;
  private readonly o: Required<Omit<ClientOptions, "signal">> & { signal?: AbortSignal };

  constructor(options: ClientOptions = {}) {
    this.o = {
      concurrency: 4, timeoutMs: 30_000, retries: 5, backoffMs: 500, maxRetryAfterMs: 120_000, userAgent: "build-catalogue import", ...options,
    };
  }

  /** The answer to GET url, whatever its status, once it is not one to retry; throws after the last retry. */
  async get(url: string, accept = "application/json"): Promise<Answer> {
    if (this.active >= this.o.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await this.attempts(url, accept);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private async attempts(url: string, accept: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const pause = this.pausedUntil - Date.now();
      if (pause > 0) await this.sleep(pause);
      const got = await this.once(url, accept);
      if ("answer" in got && !retryable(got.answer.status)) return got.answer;
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
          this.stats.retried.tooManyRequests++;
          this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
        } else this.stats.retried.serverError++;
      } else this.stats.retried[got.kind]++;
      await this.sleep(wait);
    }
  }

  private async once(url: string, accept: string): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs);
    const signal = this.o.signal ? AbortSignal.any([this.o.signal, timeout]) : timeout;
    try {
      const res = await fetch(url, { headers: { Accept: accept, "User-Agent": this.o.userAgent }, signal });
      const body = Buffer.from(await res.arrayBuffer());
      this.stats.requests++;
      this.stats.bytes += body.length;
      return { answer: { url, status: res.status, contentType: res.headers.get("content-type") ?? "", body }, retryAfter: res.headers.get("retry-after") };
    } catch (e) {
      this.stats.requests++;
      if (this.o.signal?.aborted) throw new ImportInterrupted();
      if (timeout.aborted) return { failure: `no complete answer within ${this.o.timeoutMs / 1000} s`, kind: "timeout" };
      const { code, message } = errorCode(e);
      if (FATAL.test(code)) throw new ImportFailed(`GET ${url} failed: ${code} ${message}; check the address`);
      return { failure: `a network error (${code ? `${code} ` : ""}${message})`, kind: "network" };
    }
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.o.signal;
    if (signal?.aborted) return Promise.reject(new ImportInterrupted());
    return new Promise((resolve, reject) => {
      const done = () => {
        signal?.removeEventListener("abort", stop);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(new ImportInterrupted());
      };
      signal?.addEventListener("abort", stop, { once: true });
    });
  }
}
