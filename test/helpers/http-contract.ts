// What the live API answers over HTTP (content format, section 8), as checks any served build
// can be held to. A host that cannot express a behaviour says so in its capabilities (the
// README's table); everything else is asserted.
import { request } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

export interface Answer {
  status: number;
  /** Raw header pairs in the order they came. */
  headers: [string, string][];
  body: Buffer;
}

export function header(a: Answer, name: string): string | undefined {
  return a.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

export function fetchRaw(base: string, method: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(pathAndQuery, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { Accept: "application/json", ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.end();
  });
}

export interface Capabilities {
  /** Answers 404 with the collection's own body ("No EventPage matches ..."), not one body for all. */
  notFoundPerCollection: boolean;
  /** A JSON 404 even for a client that sends Accept: application/json (serve answers its own). */
  jsonNotFoundForJsonClients: boolean;
  /** 301 to the trailing slash keeps the query string. */
  redirectKeepsQuery: boolean;
  options: boolean;
  methodNotAllowed: boolean;
  browsable: boolean;
  /**
   * The images endpoint's queries: answered by the query engine (the preview, the worker), refused
   * with a 400 JSON saying so (a static host that routes by query string), or not seen (serve).
   */
  imageQueries: "answered" | "refused" | "ignored";
}

export const FULL: Capabilities = {
  notFoundPerCollection: true, jsonNotFoundForJsonClients: true, redirectKeepsQuery: true, options: true, methodNotAllowed: true, browsable: true,
  imageQueries: "answered",
};

const LIVE_HEADERS: [string, string][] = [
  ["Content-Type", "application/json"],
  ["Vary", "Accept"],
  ["Allow", "GET, HEAD, OPTIONS"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "same-origin"],
  ["X-Frame-Options", "DENY"],
];

export function expectJsonHeaders(a: Answer, what: string): void {
  for (const [name, value] of LIVE_HEADERS) {
    const got = header(a, name);
    if (name === "Vary") expect(got?.split(/,\s*/), `${what}: Vary`).toContain("Accept");
    else expect(got, `${what}: ${name}`).toBe(value);
  }
  expect(header(a, "Access-Control-Allow-Origin"), `${what}: no CORS header by default`).toBeUndefined();
}

/** The addresses of a built catalogue and the files that answer them. */
export function addressesOf(dist: string): { path: string; file: string }[] {
  const list = JSON.parse(readFileSync(path.join(dist, "api/v2/event_pages/index.json"), "utf8")) as { items: { id: number }[] };
  const out = [{ path: "/api/v2/event_pages/", file: "api/v2/event_pages/index.json" }];
  for (const { id } of list.items) {
    // Both routes answer the same bytes; a Cloudflare-only build writes them once, on the generic route.
    out.push({ path: `/api/v2/event_pages/${id}/`, file: `api/v2/pages/${id}/index.json` });
    out.push({ path: `/api/v2/pages/${id}/`, file: `api/v2/pages/${id}/index.json` });
  }
  // The images endpoint: its list, and each image's detail.
  const images = JSON.parse(readFileSync(path.join(dist, "api/v2/images/index.json"), "utf8")) as { items: { id: number }[] };
  out.push({ path: "/api/v2/images/", file: "api/v2/images/index.json" });
  for (const { id } of images.items) out.push({ path: `/api/v2/images/${id}/`, file: `api/v2/images/${id}/index.json` });
  return out;
}

/** Asserts every behaviour of section 8 the host can express against a server at `base`. */
export async function checkServedApi(base: string, dist: string, parentId: number, can: Capabilities): Promise<void> {
  const images = JSON.parse(readFileSync(path.join(dist, "api/v2/images/index.json"), "utf8")) as { items: { id: number }[] };
  const addresses = [...addressesOf(dist), { path: `/api/v2/pages/${parentId}/`, file: `api/v2/pages/${parentId}/index.json` }];
  for (const { path: p, file } of addresses) {
    const bytes = readFileSync(path.join(dist, file));
    const get = await fetchRaw(base, "GET", p);
    expect(get.status, `GET ${p}`).toBe(200);
    expect(get.body.equals(bytes), `GET ${p}: the file's bytes`).toBe(true);
    expectJsonHeaders(get, `GET ${p}`);
    const head = await fetchRaw(base, "HEAD", p);
    expect(head.status, `HEAD ${p}`).toBe(200);
    expect(head.body.length, `HEAD ${p}: no body`).toBe(0);
    expectJsonHeaders(head, `HEAD ${p}`);
    const bare = p.slice(0, -1);
    const redirect = await fetchRaw(base, "GET", `${bare}?limit=5`);
    expect(redirect.status, `GET ${bare}`).toBe(301);
    expect(header(redirect, "Location"), `GET ${bare}: relative Location`).toBe(can.redirectKeepsQuery ? `${p}?limit=5` : p);
    if (can.browsable) {
      const html = await fetchRaw(base, "GET", `${p}?format=api`, { Accept: "text/html" });
      expect(html.status, `${p}?format=api`).toBe(200);
      expect(header(html, "Content-Type")).toBe("text/html; charset=utf-8");
      const text = html.body.toString("utf8");
      expect(text).toContain(`${p}?format=api`);
      expect(text).toContain("HTTP 200 OK");
      const json = await fetchRaw(base, "GET", `${p}?format=json`);
      expect(json.body.equals(bytes), `${p}?format=json`).toBe(true);
    }
  }

  const notFound = async (p: string, message: string) => {
    const a = await fetchRaw(base, "GET", p, { Accept: "*/*" });
    expect(a.status, `GET ${p}`).toBe(404);
    expect(header(a, "Content-Type"), `GET ${p}`).toBe("application/json");
    const body = JSON.parse(a.body.toString("utf8")) as { message: string };
    if (can.notFoundPerCollection) expect(body.message, `GET ${p}`).toBe(message);
    else expect(typeof body.message).toBe("string");
  };
  await notFound("/api/v2/event_pages/987654321/", "No EventPage matches the given query.");
  await notFound(`/api/v2/event_pages/${parentId}/`, "No EventPage matches the given query.");
  await notFound("/api/v2/pages/987654321/", "No Page matches the given query.");
  await notFound("/api/v2/images/987654321/", "No Image matches the given query.");
  await notFound("/api/v2/nothing/", "Not found.");
  await notFound("/api/v2/event_pages/not-a-number/", "Not found.");
  if (can.jsonNotFoundForJsonClients) {
    const a = await fetchRaw(base, "GET", "/api/v2/event_pages/987654321/");
    expect(JSON.parse(a.body.toString("utf8"))).toHaveProperty("message");
  }

  if (can.options) {
    for (const [p, name] of [["/api/v2/event_pages/", "Event Pages Api"], ["/api/v2/pages/", "Pages Api"], ["/api/v2/images/", "Images Api"]] as const) {
      const a = await fetchRaw(base, "OPTIONS", p === "/api/v2/pages/" ? `${p}${parentId}/` : p);
      expect(a.status, `OPTIONS ${p}`).toBe(200);
      expect(header(a, "Allow")).toBe("GET, HEAD, OPTIONS");
      expect(JSON.parse(a.body.toString("utf8"))).toEqual({
        name, description: "", renders: ["application/json", "text/html"],
        parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      });
    }
  }
  if (can.imageQueries !== "ignored") {
    for (const q of ["/api/v2/images/?limit=1", "/api/v2/images/?order=-id&fields=width", `/api/v2/images/${images.items[0]!.id}/?fields=title`, "/api/v2/images/find/?id=1"]) {
      const a = await fetchRaw(base, "GET", q);
      if (can.imageQueries === "refused") {
        expect([a.status, header(a, "Content-Type")], `GET ${q}`).toEqual([400, "application/json"]);
        expect((JSON.parse(a.body.toString("utf8")) as { message: string }).message, `GET ${q}`).toMatch(/^This static host answers the images endpoint's list/);
      } else expect([200, 302, 404], `GET ${q}`).toContain(a.status);
    }
    if (can.imageQueries === "answered") {
      const a = await fetchRaw(base, "GET", "/api/v2/images/?limit=1&fields=width");
      const list = JSON.parse(a.body.toString("utf8")) as { meta: { total_count: number }; items: { id: number; width: number }[] };
      expect([a.status, list.meta.total_count, list.items.length, list.items[0]!.id, list.items[0]!.width]).toEqual([200, images.items.length, 1, images.items[0]!.id, expect.any(Number)]);
    }
  }
  if (can.methodNotAllowed) {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const a = await fetchRaw(base, method, "/api/v2/event_pages/");
      expect(a.status, `${method}`).toBe(405);
      expect(header(a, "Content-Type")).toBe("application/json");
      expect(JSON.parse(a.body.toString("utf8"))).toEqual({ detail: `Method "${method}" not allowed.` });
    }
  }
}
