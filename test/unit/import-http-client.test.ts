// The import's HTTP client against a real server on 127.0.0.1: retries with backoff on 429, 5xx,
// dropped connections and timeouts, Retry-After waited out, a few requests at a time, clear
// errors when it gives up, and Ctrl-C honoured while it waits.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerRefused, HostUnreachable, ImportFailed, ImportInterrupted } from "../../src/import/errors.js";
import { PoliteClient, redirectTarget, retryAfterMs } from "../../src/import/http-client.js";
import { HOST_ATTEMPTS } from "../../src/import/limits.js";
import { freePort } from "../helpers/server.js";

let server: Server | null = null;

/** A server whose nth request (from 0) is answered by the nth handler (the last one answers the rest). */
async function serve(...handlers: ((req: IncomingMessage, res: ServerResponse) => void)[]): Promise<{ url: string; times: number[] }> {
  const times: number[] = [];
  server = createServer((req, res) => {
    times.push(Date.now());
    handlers[Math.min(times.length - 1, handlers.length - 1)]!(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const a = server.address();
  return { url: `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}/`, times };
}

const answer = (status: number, headers: Record<string, string> = {}) => (_: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify({ status }));
};

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe("the import's HTTP client", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:10 GMT", Date.UTC(2026, 9, 21, 7, 28, 0))).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs("soon")).toBeNull();
  });

  it("retries a 503 and a dropped connection with backoff, and counts each cause", async () => {
    const s = await serve(answer(503), (req) => req.socket.destroy(), answer(200));
    const client = new PoliteClient({ backoffMs: 20 });
    const a = await client.get(s.url);
    expect(a.status).toBe(200);
    expect(s.times).toHaveLength(3);
    expect(client.stats.retried).toEqual({ tooManyRequests: 0, serverError: 1, network: 1, timeout: 0 });
  });

  it("waits out a 429's Retry-After, and holds every other request meanwhile", async () => {
    const s = await serve(answer(429, { "Retry-After": "1" }), answer(200));
    const client = new PoliteClient({ backoffMs: 10 });
    const [a, b] = await Promise.all([client.get(s.url), new Promise((r) => setTimeout(r, 100)).then(() => client.get(s.url))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(s.times[1]! - s.times[0]!).toBeGreaterThanOrEqual(950);
    expect(s.times[2]! - s.times[0]!).toBeGreaterThanOrEqual(950);
    expect(client.stats.retried.tooManyRequests).toBe(1);
  });

  it("retries an answer that does not come in time", async () => {
    const s = await serve((_, res) => void setTimeout(() => answer(200)(_, res), 1000), answer(200));
    const client = new PoliteClient({ timeoutMs: 150, backoffMs: 10 });
    expect((await client.get(s.url)).status).toBe(200);
    expect(client.stats.retried.timeout).toBe(1);
  });

  it("gives up after its retries, saying what the last answer was", async () => {
    const s = await serve(answer(502));
    const client = new PoliteClient({ retries: 2, backoffMs: 5 });
    await expect(client.get(s.url)).rejects.toThrow(new ImportFailed(`GET ${s.url} failed 3 times, the last with HTTP 502; the server may be down or overloaded: try again later`));
    expect(s.times).toHaveLength(3);
  });

  it("refuses to wait a Retry-After longer than it allows", async () => {
    const s = await serve(answer(429, { "Retry-After": "3600" }));
    await expect(new PoliteClient().get(s.url)).rejects.toThrow(/answered HTTP 429 asking to wait 3600 s \(Retry-After\)/);
  });

  /** `count` requests at once through `client` to a server answering each after 30 ms: how many it received, and the most it held at one time. */
  async function inFlight(client: PoliteClient, count: number): Promise<{ received: number; most: number }> {
    let now = 0;
    let most = 0;
    const s = await serve((_, res) => {
      most = Math.max(most, ++now);
      setTimeout(() => {
        now--;
        answer(200)(_, res);
      }, 30);
    });
    await Promise.all(Array.from({ length: count }, () => client.get(s.url)));
    return { received: s.times.length, most };
  }

  it("keeps no more requests in flight than its concurrency", async () => {
    expect(await inFlight(new PoliteClient({ concurrency: 2 }), 8)).toEqual({ received: 8, most: 2 });
  });

  it("takes its defaults for options given as undefined, as the import passes them: 4 in flight", async () => {
    const client = new PoliteClient({ concurrency: undefined, backoffMs: undefined, timeoutMs: undefined, signal: undefined });
    expect(await inFlight(client, 12)).toEqual({ received: 12, most: 4 });
  });

  it("takes its default backoff for one given as undefined: a retry waits about 500 ms", async () => {
    const s = await serve(answer(503), answer(200));
    const client = new PoliteClient({ backoffMs: undefined });
    expect((await client.get(s.url)).status).toBe(200);
    // 500 ms, give or take a quarter.
    expect(s.times[1]! - s.times[0]!).toBeGreaterThanOrEqual(375);
  });

  it("gives up on a host that refuses connections after one request's attempts, and fails the others at once, unsent", async () => {
    const url = `http://127.0.0.1:${await freePort()}/`;
    const client = new PoliteClient({ concurrency: 1, backoffMs: 5 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => client.get(`${url}original-${i}.jpg`)));
    const errors = results.map((r) => (r.status === "rejected" ? (r.reason as Error) : null));
    expect(errors.every((e) => e instanceof HostUnreachable)).toBe(true);
    expect(errors[0]!.message).toMatch(new RegExp(`^GET ${url}original-0\\.jpg failed: 127\\.0\\.0\\.1:\\d+ cannot be reached, it refuses connections: nothing listens on that port \\(connect ECONNREFUSED [^;]+; ${HOST_ATTEMPTS} times in a row\\); check the address and the network$`));
    expect(errors[5]!.message).toMatch(/^GET \S+original-5\.jpg was not sent: 127\.0\.0\.1:\d+ cannot be reached, it refuses connections: nothing listens on that port \(ECONNREFUSED, 4 times in a row for \S+original-0\.jpg\)$/);
    const [host] = client.unreachable();
    expect(client.unreachable()).toHaveLength(1);
    expect(host).toMatchObject({ host: new URL(url).host, code: "ECONNREFUSED", attempts: HOST_ATTEMPTS, skipped: 5 });
    expect(client.stats.requests).toBe(HOST_ATTEMPTS);
    expect(client.stats.retried.network).toBe(HOST_ATTEMPTS - 1);
  });

  it("gives up on a host whose name does not resolve (or cannot be looked up), sending nothing more to it", async () => {
    const client = new PoliteClient({ concurrency: 1, backoffMs: 5 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => client.get(`http://cdn.harbourrange.invalid/original-${i}.jpg`)));
    expect(results.every((r) => r.status === "rejected" && r.reason instanceof HostUnreachable)).toBe(true);
    const [host] = client.unreachable();
    // A name that does not exist is final at once; without a DNS server to say so, the lookup fails HOST_ATTEMPTS times first.
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain(host!.code);
    expect(host).toMatchObject({ host: "cdn.harbourrange.invalid", attempts: host!.code === "ENOTFOUND" ? 1 : HOST_ATTEMPTS, skipped: 4 });
  });

  it("stops at once when its signal is aborted while it waits to retry", async () => {
    const s = await serve(answer(503));
    const stop = new AbortController();
    const client = new PoliteClient({ backoffMs: 10_000, signal: stop.signal });
    const started = Date.now();
    setTimeout(() => stop.abort(), 100);
    await expect(client.get(s.url)).rejects.toThrow(ImportInterrupted);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("follows a redirect to another origin, and counts each request", async () => {
    const elsewhere = createServer((_, res) => answer(200)(_, res));
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    try {
      const to = `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}/moved`;
      const s = await serve((_, res) => (res.writeHead(301, { Location: to }), res.end()));
      const client = new PoliteClient();
      const a = await client.get(s.url);
      expect([a.status, a.url, a.body.toString()]).toEqual([200, s.url, '{"status":200}']);
      expect(client.stats.requests).toBe(2);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it("refuses a redirect to another scheme at once, without retrying", async () => {
    const s = await serve((_, res) => (res.writeHead(302, { Location: "file:///etc/passwd" }), res.end()));
    await expect(new PoliteClient({ backoffMs: 5 }).get(s.url)).rejects.toThrow(
      new AnswerRefused(`GET ${s.url} was redirected (HTTP 302) to: "file:///etc/passwd" is a file: URL: the import fetches only http: and https: URLs`),
    );
    expect(s.times).toHaveLength(1);
  });

  it("follows a redirect within http(s) but not from https: to http:, nor more than 5 times", () => {
    expect(redirectTarget("https://a.example/x", "https://a.example/x", 301, "/y", 0)).toBe("https://a.example/y");
    expect(redirectTarget("http://a.example/x", "http://a.example/x", 301, "https://b.example/y", 0)).toBe("https://b.example/y");
    expect(() => redirectTarget("https://a.example/x", "https://a.example/x", 302, "http://a.example/x", 0)).toThrow(/does not follow a redirect from https: to http:/);
    expect(() => redirectTarget("https://a.example/x", "https://a.example/x", 302, "/y", 5)).toThrow(/was redirected more than 5 times/);
  });

  it("refuses a body past its limit as it streams in, without reading the rest", async () => {
    let sent = 0;
    const s = await serve((_, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (sent < 64 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end();
      };
      more();
    });
    await expect(new PoliteClient().get(s.url, { limit: { bytes: 1024 * 1024, what: "the test's limit" } })).rejects.toThrow(
      new AnswerRefused(`GET ${s.url} answered a body over 1 MiB, the test's limit: refused before reading the rest`),
    );
    expect(s.times).toHaveLength(1);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses a body whose Content-Length is past its limit before it comes", async () => {
    const s = await serve((_, res) => (res.writeHead(200, { "Content-Length": 2 * 1024 * 1024 }), res.write("{")));
    const started = Date.now();
    await expect(new PoliteClient().get(s.url, { limit: { bytes: 1024 * 1024, what: "the test's limit" } })).rejects.toThrow(/answered a body over 1 MiB/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a URL that is not http(s), asking nothing", async () => {
    await expect(new PoliteClient().get("file:///etc/passwd")).rejects.toThrow(/is a file: URL: the import fetches only http: and https: URLs/);
  });

  it("ends the requests still in flight once closed", async () => {
    const s = await serve(() => {});
    const client = new PoliteClient();
    const pending = client.get(s.url);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    client.close();
    await expect(pending).rejects.toThrow(new ImportFailed("the import has ended"));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
