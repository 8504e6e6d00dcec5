// The preview under hostile requests, sent raw over TCP where fetch cannot: a target it cannot
// read is a 400, `fields` nested thousands deep a 400 with Wagtail's message, a Host that is not
// its own (DNS rebinding) a 421 with nothing of the API, a failure inside a 500 with its message
// alone; and it keeps answering after every one of them.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, tempDir } from "./helpers/cli.js";
import { startPreviewProcess, waitFor, type Started } from "./helpers/server.js";

const NOW = "2026-05-01T00:00:00Z";
/** A development proxy's address (Vite's), which passes the browser's Host on. */
const PROXY = "localhost:5173";

let dir = "";
let preview: Started;
let port = 0;
let own = "";

beforeAll(async () => {
  dir = tempDir();
  copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  // Its own temporary folder, to reach the build it serves.
  mkdirSync(path.join(dir, "tmp"));
  const started = await startPreviewProcess(
    ["--content", "content", "--now", NOW, "--base-url", `http://${PROXY}`, "--cors", `http://${PROXY}`],
    { cwd: dir, env: { TMPDIR: path.join(dir, "tmp") } },
    { addressMs: 30_000, answerMs: 30_000 },
  );
  preview = started.preview;
  port = Number(new URL(started.base).port);
  own = `127.0.0.1:${port}`;
});
afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** The whole answer as received. */
  text: string;
}

/** Sends `request` as it is and reads the answer until the server closes the connection. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Not half-closed: a server may drop a request whose client has ended its side.
    const socket = connect(port, "127.0.0.1", () => socket.write(request, "latin1"));
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(request.slice(0, 80))}`)));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const end = text.indexOf("\r\n\r\n");
      const head = text.slice(0, end < 0 ? text.length : end).split("\r\n");
      const headers = new Map(head.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()] as const));
      let body = end < 0 ? "" : text.slice(end + 4);
      if (headers.get("transfer-encoding") === "chunked") body = unchunk(body);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0]!)?.[1] ?? 0), headers, body, text });
    });
  });
}

function unchunk(body: string): string {
  let out = "";
  for (let at = 0; ;) {
    const line = body.indexOf("\r\n", at);
    const size = parseInt(body.slice(at, line), 16);
    if (!(size > 0)) return out;
    out += body.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}

/** A request line and headers, the connection closed after the answer. */
const request = (line: string, headers: string[] = [`Host: ${own}`]) => [line, ...headers, "Connection: close", "", ""].join("\r\n");
const get = (target: string, host = own, more: string[] = []) => raw(request(`GET ${target} HTTP/1.1`, [`Host: ${host}`, ...more]));

/** Nothing a client may not see: no stack frame, no path of the build's folder. */
function expectNoInternals(a: RawAnswer): void {
  expect(a.text).not.toMatch(/\n\s+at .*(\.js|\.ts|node:)/);
  expect(a.text).not.toContain(dir);
}

/** An answer that tells nothing of the API: no document, no title, no link, no CORS header. */
function expectNothingOfTheApi(a: RawAnswer): void {
  expect(a.body).not.toMatch(/total_count|detail_url|html_url|The Seagull|Jazz|harbour-arts|5173/i);
  expect([...a.headers.keys()].filter((n) => n.startsWith("access-control-"))).toEqual([]);
  expectNoInternals(a);
}

const message = (a: RawAnswer) => (JSON.parse(a.body) as { message: string }).message;

/** Waits for the preview to print what matches `pattern` (its output comes through a pipe, after the answer). */
const printed = (pattern: RegExp) => waitFor(preview, () => pattern.exec(preview.output())?.[0], `the preview to print ${pattern}`);

async function expectStillServing(): Promise<void> {
  const a = await get("/api/v2/event_pages/");
  expect(a.status).toBe(200);
  expect(JSON.parse(a.body).meta.total_count).toBe(2);
}

describe("a request the preview cannot read", () => {
  it("answers a 400 with a JSON message, never a 500, to a target that is neither a path nor an absolute URL", async () => {
    for (const target of ["http://[/", "http://[/api/v2/event_pages/", `http://127.0.0.1:99999/api/v2/event_pages/`, "*", "ftp://127.0.0.1/api/v2/"]) {
      const a = await get(target);
      expect([target, a.status, a.headers.get("content-type")]).toEqual([target, 400, "application/json"]);
      expect(message(a)).toMatch(/^Bad request: the request's target is neither a path/);
      expectNoInternals(a);
    }
    // A server-wide OPTIONS, and a tunnel: the preview has neither.
    expect((await raw(request("OPTIONS * HTTP/1.1"))).status).toBe(400);
    const tunnel = await raw(request(`CONNECT ${own} HTTP/1.1`));
    expect([tunnel.status, message(tunnel)]).toEqual([400, expect.stringMatching(/^Bad request/)]);
    await expectStillServing();
  });

  it("answers odd but readable targets as the API answers any other address, never a 500", async () => {
    // An origin-form target is a path, whatever it holds: `//host/...` names no other host.
    const odd: [string, number][] = [
      ["//", 404], ["//evil.example/api/v2/event_pages/", 404], ["/%", 404], ["/api/v2/%zz/", 404], ["/api/v2/event_pages/%", 301],
      ["/api/v2/event_pages/?%zz=%", 400], ["/media/%zz", 404], ["/media/..%2f..%2f..%2fetc%2fpasswd", 404], ["/api/v2/event_pages/?search=%00", 200],
      [`/api/v2/event_pages/?search=${"x".repeat(12_000)}`, 200], [`/api/v2/event_pages/?order=${"title,".repeat(1500)}id`, 200],
      [`http://${own}/api/v2/event_pages/`, 200],
    ];
    for (const [target, status] of odd) {
      const a = await get(target);
      expect([target.slice(0, 60), a.status]).toEqual([target.slice(0, 60), status]);
      expectNoInternals(a);
    }
    // What Node's parser refuses itself (a NUL, a relative path, a header past its limit) is its 400 or 431.
    expect((await get("/api/v2/\0/")).status).toBe(400);
    expect((await get("api/v2/event_pages/")).status).toBe(400);
    expect((await get("%zz")).status).toBe(400);
    expect((await get(`/api/v2/event_pages/?search=${"x".repeat(20_000)}`)).status).toBe(431);
    await expectStillServing();
  });
});

describe("fields nested thousands deep", () => {
  it("answers a 400 with the JSON message of any fields error, on the pages and the images, list and detail", async () => {
    for (const route of ["/api/v2/event_pages/", "/api/v2/pages/201/", "/api/v2/images/", "/api/v2/images/31/"]) {
      for (const fields of ["a(".repeat(7000), `${"a(".repeat(3000)}b${")".repeat(3000)}`]) {
        const a = await get(`${route}?fields=${fields}`);
        expect([route, a.status, a.headers.get("content-type")]).toEqual([route, 400, "application/json"]);
        expect(message(a)).toMatch(/^fields error: nested deeper than 32 levels at position \d+$/);
      }
    }
    // The browsable page shows the same message.
    const page = await get(`/api/v2/event_pages/?format=api&fields=${"a(".repeat(7000)}`);
    expect([page.status, page.headers.get("content-type")]).toEqual([400, "text/html; charset=utf-8"]);
    expect(page.body).toContain("nested deeper than 32 levels");
    await expectStillServing();
  });
});

describe("the Host", () => {
  it("refuses a Host that is not the preview's with a 421 that shows nothing of the API, and says so once on the terminal", async () => {
    const foreign = ["evil.example", `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`, "127.0.0.1", `127.0.0.1:${port + 1}`, `${own}.`, `${own}@evil.example`];
    for (const host of foreign) {
      for (const [method, target, more] of [["GET", "/api/v2/event_pages/", []], ["GET", "/api/v2/pages/201/?format=api", ["Accept: text/html"]], ["OPTIONS", "/api/v2/event_pages/", []], ["POST", "/api/v2/event_pages/", ["Content-Length: 0"]]] as const) {
        const a = await raw(request(`${method} ${target} HTTP/1.1`, [`Host: ${host}`, `Origin: http://${PROXY}`, ...more]));
        expect([host, method, a.status, a.headers.get("content-type")]).toEqual([host, method, 421, "application/json"]);
        expect(message(a)).toContain(`This preview answers only at http://${own}/`);
        expectNothingOfTheApi(a);
      }
    }
    // HEAD: the 421's headers and no body.
    const head = await raw(request("HEAD /api/v2/event_pages/ HTTP/1.1", ["Host: evil.example"]));
    expect([head.status, head.body]).toEqual([421, ""]);
    // An absolute target names its host, and the server goes by it rather than by Host.
    const absolute = await get("http://evil.example/api/v2/event_pages/");
    expect(absolute.status).toBe(421);
    expectNothingOfTheApi(absolute);
    await printed(/The preview refused a request for the host "evil\.example" \(421\)/);
    // Control characters: Node refuses ESC itself; a C1 control (a terminal's CSI) reaches the terminal escaped.
    expect((await get("/api/v2/event_pages/", "evil\x1b[2J.example")).status).toBe(400);
    expect((await get("/api/v2/event_pages/", "evil\x9bm.example")).status).toBe(421);
    await printed(/the host "evil\\u009bm\.example" \(421\)/);
    expect(preview.output()).not.toMatch(/[\x1b\x9b]/);
    // Once each.
    expect(preview.output().split('"evil.example"').length).toBe(2);
    await expectStillServing();
  });

  it("refuses a request without a Host (HTTP/1.0), and one with two Host lines", async () => {
    const none = await raw(["GET /api/v2/event_pages/ HTTP/1.0", "", ""].join("\r\n"));
    expect(none.status).toBe(421);
    expectNothingOfTheApi(none);
    await printed(/The preview refused a request without a Host \(421\)/);
    // HTTP/1.1 requires a Host: Node's own 400.
    const none11 = await raw(request("GET /api/v2/event_pages/ HTTP/1.1", []));
    expect(none11.status).toBe(400);
    expectNothingOfTheApi(none11);
    for (const hosts of [[own, "evil.example"], ["evil.example", own], [own, own]]) {
      const two = await raw(request("GET /api/v2/event_pages/ HTTP/1.1", hosts.map((h) => `Host: ${h}`)));
      expect([hosts, two.status, message(two)]).toEqual([hosts, 400, "Bad request: the request has more than one Host header."]);
      expectNothingOfTheApi(two);
    }
    await expectStillServing();
  });

  it("answers at 127.0.0.1, localhost and [::1] on its port, and at --base-url's host, for any case; with CORS as before", async () => {
    for (const host of [own, `localhost:${port}`, `[::1]:${port}`, `LocalHost:${port}`, PROXY, "LOCALHOST:5173"]) {
      const a = await get("/api/v2/event_pages/", host, [`Origin: http://${PROXY}`]);
      expect([host, a.status]).toEqual([host, 200]);
      expect(JSON.parse(a.body).items[0].meta.detail_url).toMatch(new RegExp(`^http://${PROXY}/api/v2/`));
      expect(a.headers.get("access-control-allow-origin")).toBe(`http://${PROXY}`);
    }
    expect((await get(`http://localhost:${port}/api/v2/event_pages/`, "evil.example")).status).toBe(200);
    // The base URL's host on another port is another host.
    expect((await get("/api/v2/event_pages/", "localhost:5174")).status).toBe(421);
    expect((await get("/api/v2/event_pages/", "localhost")).status).toBe(421);
  });
});

describe("a failure inside the preview", () => {
  it("answers a 500 with its message alone, prints the stack on the terminal, and keeps serving", async () => {
    // A document of the build it serves gone (as a bug would lose it): the list's query needs it.
    const [work] = readdirSync(path.join(dir, "tmp")).filter((n) => n.startsWith("build-catalogue-preview-"));
    rmSync(path.join(dir, "tmp", work!, "dist/api/v2/pages/201/index.json"));
    const a = await get("/api/v2/event_pages/?limit=20");
    expect([a.status, a.headers.get("content-type")]).toEqual([500, "application/json"]);
    expect(message(a)).toBe("the preview failed: a page listed in the query index has no document in the build");
    expectNoInternals(a);
    await printed(/The preview failed to answer a request \(a bug in build-catalogue; please report it\):\nError: a page listed in the query index has no document in the build\n\s+at /);
    await expectStillServing();
  });
});
