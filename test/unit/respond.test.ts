// The preview's answers for the optional hosting settings: CORS origins and Cache-Control.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import type { HostModel } from "../../src/host/rules.js";
import { previewFiles, respond } from "../../src/preview/respond.js";
import type { ServedFiles } from "../../src/runtime/respond.js";
import { copyContent, FIXTURES, removeDir, tempDir } from "../helpers/cli.js";
import { readFileSync, writeFileSync } from "node:fs";

let dir = "";
let out = "";
let model: HostModel;
let files: ServedFiles;

beforeAll(async () => {
  dir = tempDir();
  const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  const catalogue = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8"));
  catalogue.cors_origins = ["https://a.example", "https://b.example"];
  catalogue.cache_control = "public, max-age=300";
  writeFileSync(path.join(content, "catalogue.json"), JSON.stringify(catalogue));
  out = path.join(dir, "dist");
  const result = await build({ content, out, now: "2026-05-01T00:00:00Z", hosts: [] });
  expect(result.ok).toBe(true);
  model = result.model!;
  files = previewFiles(out);
});
afterAll(() => removeDir(dir));

const headerOf = (headers: readonly (readonly [string, string])[], name: string) => headers.find(([n]) => n === name)?.[1];

describe("hosting settings", () => {
  it("echoes an allowed origin, and no other", async () => {
    const a = await respond(files, model, { method: "GET", url: "/api/v2/event_pages/", origin: "https://b.example" });
    expect(headerOf(a.headers, "Access-Control-Allow-Origin")).toBe("https://b.example");
    expect(headerOf(a.headers, "Vary")).toBe("Accept, Origin");
    const b = await respond(files, model, { method: "GET", url: "/api/v2/event_pages/", origin: "https://evil.example" });
    expect(headerOf(b.headers, "Access-Control-Allow-Origin")).toBeUndefined();
    expect(headerOf(b.headers, "Vary")).toBe("Accept");
  });

  it("answers a CORS preflight", async () => {
    const a = await respond(files, model, { method: "OPTIONS", url: "/api/v2/event_pages/201/", origin: "https://a.example", corsRequestMethod: "GET" });
    expect(a.status).toBe(200);
    expect(headerOf(a.headers, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
    expect(headerOf(a.headers, "Access-Control-Allow-Origin")).toBe("https://a.example");
  });

  it("adds Cache-Control to API answers after the live headers", async () => {
    const a = await respond(files, model, { method: "GET", url: "/api/v2/event_pages/201/" });
    expect(a.headers.map(([n]) => n)).toEqual(["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Cache-Control"]);
    expect(headerOf(a.headers, "Cache-Control")).toBe("public, max-age=300");
  });

  it("keeps the query string on the trailing-slash redirect, for every method", async () => {
    for (const method of ["GET", "POST", "OPTIONS"]) {
      const a = await respond(files, model, { method, url: "/api/v2/event_pages/201?format=api&x=1" });
      expect(a.status).toBe(301);
      expect(headerOf(a.headers, "Location")).toBe("/api/v2/event_pages/201/?format=api&x=1");
      expect(a.body.length).toBe(0);
    }
  });
});

describe("the OpenAPI document", () => {
  it("is served at /api/v2/openapi.json as JSON, with the file's bytes; other methods are refused", async () => {
    const a = await respond(files, model, { method: "GET", url: "/api/v2/openapi.json" });
    expect(a.status).toBe(200);
    expect(headerOf(a.headers, "Content-Type")).toBe("application/json");
    expect(headerOf(a.headers, "Cache-Control")).toBe("public, max-age=300");
    expect(a.body.toString("utf8")).toBe(readFileSync(path.join(out, "api/v2/openapi.json"), "utf8"));
    expect(JSON.parse(a.body.toString("utf8")).openapi).toBe("3.1.0");
    const head = await respond(files, model, { method: "HEAD", url: "/api/v2/openapi.json" });
    // GET's body, whose length is HEAD's Content-Length: the server sends none of it.
    expect([head.status, head.body.length]).toEqual([200, a.body.length]);
    const post = await respond(files, model, { method: "POST", url: "/api/v2/openapi.json" });
    expect(post.status).toBe(405);
    expect(JSON.parse(post.body.toString("utf8"))).toEqual({ detail: 'Method "POST" not allowed.' });
    // Only that name: other file names under /api/ are addresses without their slash, as before.
    expect((await respond(files, model, { method: "GET", url: "/api/v2/openapi.yaml" })).status).toBe(301);
  });
});

describe("request targets", () => {
  it("answers a 400 in the API's JSON, with its headers, to a target that is neither a path nor an absolute URL", async () => {
    for (const url of ["http://[/", "http://[/api/v2/event_pages/", "http://x:99999/api/v2/", "*", "api/v2/event_pages/", "ftp://x/api/v2/", ""]) {
      const a = await respond(files, model, { method: "GET", url, origin: "https://a.example" });
      expect([url, a.status, headerOf(a.headers, "Content-Type"), headerOf(a.headers, "Access-Control-Allow-Origin")]).toEqual([url, 400, "application/json", "https://a.example"]);
      expect(JSON.parse(a.body.toString("utf8")).message).toMatch(/^Bad request: the request's target is neither a path/);
    }
  });

  it("reads a path as a path (`//host/...` names no other host), and an absolute URL by its path", async () => {
    expect((await respond(files, model, { method: "GET", url: "//" })).status).toBe(404);
    expect((await respond(files, model, { method: "GET", url: "//evil.example/api/v2/event_pages/" })).status).toBe(404);
    const absolute = await respond(files, model, { method: "GET", url: "https://api.example.org/api/v2/event_pages/201/" });
    expect(absolute.body.toString("utf8")).toBe(readFileSync(path.join(out, "api/v2/event_pages/201/index.json"), "utf8"));
  });
});
