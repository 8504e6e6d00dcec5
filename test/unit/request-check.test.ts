// The preview's refusals before it answers: the hosts it answers to, a target it cannot read,
// an absolute target's host, and a request with no Host or two.
import { describe, expect, it } from "vitest";
import { allowedHosts, checkRequest } from "../../src/preview/request-check.js";
import { parseRequestTarget } from "../../src/runtime/request-target.js";

const own = (port: number, baseUrl = `http://127.0.0.1:${port}`) => ({ hosts: allowedHosts(port, baseUrl), url: `http://127.0.0.1:${port}`, baseUrl });
const ask = (url: string, hosts: string[], at = own(8000)) => checkRequest({ url, headers: hosts[0] === undefined ? {} : { host: hosts[0] }, rawHeaders: hosts.flatMap((h) => ["Host", h]) }, at)?.status ?? 200;

describe("the hosts the preview answers to", () => {
  it("are 127.0.0.1, localhost and [::1] on its port, and the base URL's host with and without its default port", () => {
    expect([...allowedHosts(8000, "http://127.0.0.1:8000")].sort()).toEqual(["127.0.0.1:8000", "[::1]:8000", "localhost:8000"]);
    expect([...allowedHosts(8000, "https://api.example.org/cms/")].sort()).toEqual(["127.0.0.1:8000", "[::1]:8000", "api.example.org", "api.example.org:443", "localhost:8000"]);
    expect([...allowedHosts(8000, "http://localhost:5173")].sort()).toEqual(["127.0.0.1:8000", "[::1]:8000", "localhost:5173", "localhost:8000"]);
    // On port 80 a browser sends the name alone.
    expect(allowedHosts(80, "http://127.0.0.1")).toEqual(new Set(["127.0.0.1:80", "127.0.0.1", "localhost:80", "localhost", "[::1]:80", "[::1]"]));
  });
});

describe("checkRequest", () => {
  it("answers its own hosts in any case, and refuses every other with a 421", () => {
    for (const host of ["127.0.0.1:8000", "LOCALHOST:8000", "[::1]:8000"]) expect([host, ask("/api/v2/", [host])]).toEqual([host, 200]);
    for (const host of ["evil.example", "127.0.0.1", "127.0.0.1:8001", "127.0.0.1.evil.example:8000", "localhost.:8000", "[::1]", ""]) expect([host, ask("/api/v2/", [host])]).toEqual([host, 421]);
    expect(ask("/api/v2/", [])).toBe(421);
    expect(ask("/api/v2/", ["api.example.org:443"], own(8000, "https://api.example.org"))).toBe(200);
  });

  it("goes by an absolute target's host rather than Host, and refuses two Host lines and an unreadable target with a 400", () => {
    expect(ask("http://localhost:8000/api/v2/", ["evil.example"])).toBe(200);
    expect(ask("http://evil.example/api/v2/", ["127.0.0.1:8000"])).toBe(421);
    expect(ask("/api/v2/", ["127.0.0.1:8000", "127.0.0.1:8000"])).toBe(400);
    expect(ask("http://[/", ["127.0.0.1:8000"])).toBe(400);
  });
});

describe("parseRequestTarget", () => {
  it("reads a path as a path, an absolute http(s) URL as a URL, and nothing else", () => {
    expect(parseRequestTarget("//evil.example/api/v2/?a=1")?.pathname).toBe("//evil.example/api/v2/");
    expect(parseRequestTarget("/api/v2/%zz/?q=%")?.search).toBe("?q=%");
    expect(parseRequestTarget("HTTPS://API.example.org:8443/api/v2/")?.host).toBe("api.example.org:8443");
    for (const target of ["http://[/", "http://x:99999/", "*", "", "api/v2/", "ftp://x/", "example.org:443"]) expect([target, parseRequestTarget(target)]).toEqual([target, null]);
  });
});
