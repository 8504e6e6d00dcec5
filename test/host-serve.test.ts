// `npx serve dist` on a build with --host serve answers like the live API wherever serve.json can
// say it; what it cannot is listed in the README's host table and asserted here as such.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { checkServedApi, fetchRaw, header } from "./helpers/http-contract.js";
import { freePort, startProcess, waitForHttp, type Started } from "./helpers/server.js";

const SERVE = path.join(ROOT, "node_modules/serve/build/main.js");
let dir = "";
let dist = "";
let base = "";
let server: Started;

beforeAll(async () => {
  dir = tempDir();
  dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "serve"]);
  expect(run.code, run.output).toBe(0);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startProcess(process.execPath, [SERVE, "-l", `tcp://127.0.0.1:${port}`, "--no-request-logging", "--no-clipboard", dist], { cwd: dir });
  await waitForHttp(`${base}/api/v2/event_pages/`, 60_000, server);
});
afterAll(async () => {
  await server?.stop();
  removeDir(dir);
});

describe("serve", () => {
  it("answers every address of the catalogue as serve.json can express", async () => {
    await checkServedApi(base, dist, 20, {
      notFoundPerCollection: false,
      jsonNotFoundForJsonClients: false,
      redirectKeepsQuery: false,
      options: false,
      methodNotAllowed: false,
      browsable: false,
      imageQueries: "ignored",
    });
  });

  it("answers JSON 404s with the live headers, never an HTML page", async () => {
    const a = await fetchRaw(base, "GET", "/api/v2/event_pages/999/", { Accept: "text/html,*/*" });
    expect(a.status).toBe(404);
    expect(header(a, "Content-Type")).toBe("application/json");
    expect(JSON.parse(a.body.toString())).toEqual({ message: "Not found." });
  });

  it("serves the OpenAPI document at /api/v2/openapi.json as a plain file, with the live headers", async () => {
    const a = await fetchRaw(base, "GET", "/api/v2/openapi.json");
    expect(a.status).toBe(200);
    expect(header(a, "Content-Type")).toBe("application/json");
    expect(header(a, "X-Frame-Options")).toBe("DENY");
    expect(a.body.equals(readFileSync(path.join(dist, "api/v2/openapi.json")))).toBe(true);
  });

  it("does not list folders", async () => {
    const a = await fetchRaw(base, "GET", "/api/v2/", { Accept: "*/*" });
    expect(a.status).toBe(404);
  });
});
