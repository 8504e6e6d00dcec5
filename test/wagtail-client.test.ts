// A real Wagtail API client from npm (wagtail-js) reads the served static catalogue as it would
// read the live API: the list, pages by id, and a missing page.
import path from "node:path";
import { CMSClient } from "wagtail-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { freePort, startProcess, waitForHttp, type Started } from "./helpers/server.js";
import { pageThrough } from "./helpers/wagtail-reference.js";

let dir = "";
let server: Started;
let client: CMSClient;

beforeAll(async () => {
  dir = tempDir();
  const dist = path.join(dir, "dist");
  const run = runCli(["--content", path.join(FIXTURES, "good/spec-example/content"), "--out", dist, "--now", "2026-05-01T00:00:00Z"]);
  expect(run.code, run.output).toBe(0);
  const port = await freePort();
  server = startProcess(process.execPath, [path.join(ROOT, "node_modules/serve/build/main.js"), "-l", `tcp://127.0.0.1:${port}`, "--no-request-logging", dist], { cwd: dir });
  await waitForHttp(`http://127.0.0.1:${port}/api/v2/event_pages/`, 60_000, server);
  client = new CMSClient({ baseURL: `http://127.0.0.1:${port}`, apiPath: "/api/v2", cache: "no-store" });
});
afterAll(async () => {
  await server?.stop();
  removeDir(dir);
});

describe("wagtail-js against the static catalogue", () => {
  it("lists the event pages with their total count, and a paging client stops after one request", async () => {
    const { ids, requests } = await pageThrough(client as unknown as Parameters<typeof pageThrough>[0], 20, 10);
    expect(requests).toBe(1);
    expect(ids).toEqual([201, 202]);
  });

  it("fetches pages by id on the generic route, the parent page included", async () => {
    const page = (await client.fetchPage(201)) as unknown as { title: string; meta: { type: string; parent: { id: number } } };
    expect(page.title).toBe("The Seagull");
    expect(page.meta.type).toBe("events.EventPage");
    const parent = (await client.fetchPage(page.meta.parent.id)) as { meta: { type: string } };
    expect(parent.meta.type).toBe("events.AllEventsPage");
  });

  it("reports a missing page as not found", async () => {
    const quiet = console.log;
    console.log = () => {};
    try {
      expect(await client.fetchPage(999)).toMatchObject({ message: "Page not found" });
    } finally {
      console.log = quiet;
    }
  });
});
