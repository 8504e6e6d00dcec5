// The admin's file API (src/admin/file-api.ts) answers Decap's proxy requests as decap-server 3.11
// did: every request recorded from decap-server (test/fixtures/decap-server-3.11/answers.json) is
// sent, in order, over a fresh copy of the same content folder, and gets the same answer and
// leaves the same files; a request that does not fit the protocol is refused (422) as it was. And
// where decap-server read without bounds or through links, this API does not.
import { cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileApi, type FileApi } from "../../src/admin/file-api.js";
import { FIXTURES, removeDir, tempDir } from "../helpers/cli.js";

const RECORDED = path.join(FIXTURES, "decap-server-3.11");
const MiB = 1024 * 1024;

interface Recorded {
  request: { action: string; params?: unknown };
  status: number;
  body: unknown;
  files?: Record<string, string | null>;
}

const recorded = (JSON.parse(readFileSync(path.join(RECORDED, "answers.json"), "utf8")) as { recorded: Recorded[] }).recorded;

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-file-api-");
});
afterAll(() => removeDir(dir));

/** A fresh copy of the recorded content folder, and the API over it. */
function fresh(name: string, limits = { maxOriginalBytes: 10 * MiB, maxAnswerBytes: 256 * MiB }): { root: string; api: FileApi } {
  // decap-server named the folder (`info`'s repo) by its name: "content", as recorded.
  const root = path.join(dir, name, "content");
  cpSync(path.join(RECORDED, "content"), root, { recursive: true });
  return { root: realpathSync(root), api: fileApi(realpathSync(root), limits) };
}

/** As the server sends it: JSON. */
const sent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("the file API, held to decap-server 3.11's recorded answers", () => {
  it("answers every recorded request as decap-server did, in order, and leaves the same files", async () => {
    expect(recorded.length).toBeGreaterThan(15);
    const { root, api } = fresh("replay");
    for (const [i, step] of recorded.entries()) {
      const what = `#${i} ${step.request.action} ${JSON.stringify(step.request.params).slice(0, 120)}`;
      const answer = await api.run(structuredClone(step.request));
      expect(answer.status, what).toBe(step.status);
      if (step.status === 200) expect(sent(answer.body), what).toEqual(step.body);
      // A request that does not fit: refused as decap-server refused it, naming what is wrong in words of our own.
      else expect((answer.body as { error: string }).error, what).toMatch(new RegExp(`^${step.request.action}: params\\.`));
      for (const [rel, base64] of Object.entries(step.files ?? {})) {
        let bytes: string | null = null;
        try {
          bytes = readFileSync(path.join(root, rel)).toString("base64");
        } catch {
          bytes = null;
        }
        expect(bytes, `${what}: ${rel}`).toBe(base64);
      }
    }
  });

  it("refuses an action it does not answer, as decap-server did", async () => {
    const { api } = fresh("unknown");
    expect(await api.run({ action: "publishUnpublishedEntry", params: { branch: "main" } })).toEqual({ status: 422, body: { error: "Unknown action publishUnpublishedEntry" } });
  });
});

describe("what decap-server did not bound", () => {
  it("caps one answer: a listing of more files than the cap carries is refused (413), not held in memory", async () => {
    const { root, api } = fresh("capped", { maxOriginalBytes: 10 * MiB, maxAnswerBytes: 64 * 1024 });
    // A hundred event files (copies of one, each its own name): more than the cap together.
    const seagull = readFileSync(path.join(root, "events/the-seagull.json"));
    for (let i = 0; i < 100; i++) writeFileSync(path.join(root, `events/copy-${i}.json`), seagull);
    const files = readdirSync(path.join(root, "events")).map((name) => ({ path: `events/${name}` }));
    const answer = await api.run({ action: "entriesByFiles", params: { branch: "main", files } });
    expect(answer.status).toBe(413);
    expect((answer.body as { error: string }).error).toMatch(/^entriesByFiles: the answer would carry more than 0\.1 MiB: ask for fewer files at once$/);
  });

  it("refuses a request naming one file twice (422), before reading it", async () => {
    const { api } = fresh("twice");
    const files = [{ path: "events/the-seagull.json" }, { path: "venues.json" }, { path: "events/the-seagull.json" }];
    expect(await api.run({ action: "entriesByFiles", params: { branch: "main", files } })).toEqual({ status: 422, body: { error: "entriesByFiles: params.files names a file more than once" } });
  });

  it("refuses an original larger than --max-original-size (413)", async () => {
    const { root, api } = fresh("large", { maxOriginalBytes: 1024, maxAnswerBytes: 256 * MiB });
    writeFileSync(path.join(root, "images/big.png"), Buffer.alloc(4096));
    const answer = await api.run({ action: "getMediaFile", params: { branch: "main", path: "images/big.png" } });
    expect(answer.status).toBe(413);
    expect((answer.body as { error: string }).error).toBe("getMediaFile: images/big.png is 4,096 bytes, larger than the 1,024 bytes the admin reads of such a file");
  });

  it("never reads or writes through a link, even one the guard did not see", async () => {
    const { root, api } = fresh("links");
    const outside = path.join(dir, "secret.txt");
    writeFileSync(outside, "secret");
    symlinkSync(outside, path.join(root, "events/linked.json"));
    const read = await api.run({ action: "getEntry", params: { branch: "main", path: "events/linked.json" } });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain("secret\"");
    const write = await api.run({
      action: "persistEntry",
      params: { branch: "main", dataFiles: [{ slug: "linked", path: "events/linked.json", raw: "overwritten" }], assets: [], options: { commitMessage: "x", useWorkflow: false, status: "draft" } },
    });
    expect(write.status).toBe(500);
    expect(readFileSync(outside, "utf8")).toBe("secret");
  });

  it("refuses a path out of the content folder, even one the guard did not see", async () => {
    const { api } = fresh("outside");
    for (const p of ["../secret.txt", "/etc/passwd", "events/../../x.json"]) {
      const answer = await api.run({ action: "getEntry", params: { branch: "main", path: p } });
      expect(answer, p).toEqual({ status: 403, body: { error: `getEntry: ${JSON.stringify(p)} is not inside the content folder` } });
    }
    const write = await api.run({ action: "deleteFile", params: { branch: "main", path: "../x", options: { commitMessage: "x" } } });
    expect(write.status).toBe(403);
  });

  it("writes into a folder it makes, as decap-server did", async () => {
    const { root, api } = fresh("mkdir");
    mkdirSync(path.join(root, "images"), { recursive: true });
    const answer = await api.run({ action: "persistMedia", params: { branch: "main", asset: { path: "images/sub/new.png", content: Buffer.from("x").toString("base64"), encoding: "base64" }, options: { commitMessage: "x" } } });
    expect(answer.status).toBe(200);
    expect(readFileSync(path.join(root, "images/sub/new.png"), "utf8")).toBe("x");
  });
});
