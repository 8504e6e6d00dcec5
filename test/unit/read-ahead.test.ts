// The event files the write thread reads ahead (src/emit/read-ahead.ts): each page's text, hash
// and status as readPage takes them on the builder's thread, whatever the files hold; a file the
// thread cannot read is left to the builder, which words why.
import * as crypto from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { CHUNK, ReadAhead, readChunk, type ReadRequest, type Recycled } from "../../src/engine/read-ahead.js";
import { sourceStat } from "../../src/io/file-status.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const dir = tempDir("bc-read-ahead-");
afterAll(() => removeDir(dir));

const texts: Record<string, string> = {
  "plain.json": '{ "id": 1, "title": "Hamlet" }',
  "accents.json": '{ "title": "Tosca — Puccini’s opera, “Vissi d’arte” 🎭" }',
  "empty.json": "",
  "bom.json": "\uFEFF{}",
  // Larger than the room a chunk starts with (1 MB): the buffer grows.
  "large.json": JSON.stringify({ text: "é".repeat(700_000) }),
};
for (const [name, text] of Object.entries(texts)) writeFileSync(path.join(dir, name), text);
mkdirSync(path.join(dir, "folder.json"));
// A file's status is kept only when taken two seconds after its last change (see sourceStat).
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);

const names = ["plain.json", "missing.json", "accents.json", "empty.json", "folder.json", "bom.json", "large.json", "plain.json"];
const files = names.map((n) => path.join(dir, n));
const readable = (n: string) => n in texts;

describe("readChunk (on the write thread)", () => {
  it("gives each file's text and hash as readPage takes them, and -1 for a file it cannot read", () => {
    const { reply, transfer } = readChunk({ chunk: 0, files, stat: true, hash: true });
    expect(transfer).toEqual([reply.bytes]);
    const all = Buffer.from(reply.bytes);
    let start = 0;
    names.forEach((n, i) => {
      if (!readable(n)) {
        expect(reply.ends[i], n).toBe(-1);
        expect(reply.hashes[i]).toBeUndefined();
        return;
      }
      const text = all.toString("utf8", start, reply.ends[i]);
      start = reply.ends[i]!;
      expect(text, n).toBe(readFileSync(files[i]!, "utf8"));
      expect(reply.hashes[i], n).toBe(crypto.hash("sha1", text));
      expect(reply.stats[i], n).toEqual(sourceStat(files[i]!));
      expect(reply.stats[i], n).not.toBeNull();
    });
    expect(all.length).toBeGreaterThanOrEqual(start);
  });

  it("reads into a buffer sent back by the builder when the chunk fits in it, else into a larger one", () => {
    const spare = new ArrayBuffer(2 * 1024 * 1024);
    expect(readChunk({ chunk: 1, files, stat: false, hash: false }, spare).reply.bytes).toBe(spare);
    const small = new ArrayBuffer(16);
    const { reply } = readChunk({ chunk: 1, files, stat: false, hash: false }, small);
    expect(reply.bytes).not.toBe(small);
    expect(Buffer.from(reply.bytes).toString("utf8", reply.ends[5], reply.ends[6])).toBe(texts["large.json"]);
  });

  it("takes neither status nor hash when the build keeps no cache", () => {
    const { reply } = readChunk({ chunk: 3, files: files.slice(0, 1), stat: false, hash: false });
    expect(reply.chunk).toBe(3);
    expect(reply.stats).toEqual([undefined]);
    expect(reply.hashes).toEqual([undefined]);
  });
});

describe("ReadAhead (on the builder's thread)", () => {
  /** A channel whose far end answers as the write thread does; `answer` false: it never does. */
  function reader(list: { absolute: string }[], answer = true) {
    const channel = new MessageChannel();
    const requests: ReadRequest[] = [];
    const spares: ArrayBuffer[] = [];
    channel.port2.on("message", (message: ReadRequest | Recycled) => {
      if ("recycle" in message) {
        spares.push(message.recycle);
        return;
      }
      requests.push(message);
      if (!answer) return;
      const { reply, transfer } = readChunk(message, spares.pop());
      channel.port2.postMessage(reply, transfer);
    });
    const ahead = new ReadAhead(channel.port1, list, true);
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    };
    return { ahead, requests, spares, settle, close: () => (ahead.close(), channel.port2.close()) };
  }

  // Chunks of CHUNK files: the first is read by the builder, the next ones come from the thread.
  const list = Array.from({ length: CHUNK * 3 + 5 }, (_, i) => ({ absolute: files[i % files.length]! }));

  it("asks for the chunks after the first, and hands out each page of them as the thread read it", async () => {
    const r = reader(list);
    await r.settle();
    expect(r.requests.map((q) => q.chunk)).toEqual([1, 2, 3]);
    for (let i = 0; i < CHUNK; i++) expect(r.ahead.take(i)).toBeUndefined();
    for (let i = CHUNK; i < list.length; i++) {
      const n = names[i % names.length]!;
      const got = r.ahead.take(i);
      if (!readable(n)) expect(got, `${i} ${n}`).toBeUndefined();
      else {
        const text = readFileSync(list[i]!.absolute, "utf8");
        expect(got, `${i} ${n}`).toEqual({ text, hash: crypto.hash("sha1", text), stat: sourceStat(list[i]!.absolute) });
      }
    }
    // Each chunk's buffer went back once its last page was taken.
    await r.settle();
    expect(r.spares.length).toBe(3);
    r.close();
  });

  it("hands out nothing for pages whose chunk has not come: the builder reads them", async () => {
    const r = reader(list, false);
    await r.settle();
    expect(r.requests.length).toBe(3);
    for (let i = 0; i < list.length; i++) expect(r.ahead.take(i)).toBeUndefined();
    r.close();
  });

  it("leaves a chunk holding a file whose status the build took already to the builder", async () => {
    const withStat = list.map((f, i) => (i === CHUNK * 2 + 1 ? { ...f, stat: null } : f));
    const r = reader(withStat);
    await r.settle();
    expect(r.requests.map((q) => q.chunk)).toEqual([1, 3]);
    r.ahead.ahead(CHUNK * 2);
    for (let i = CHUNK * 2; i < CHUNK * 3; i++) expect(r.ahead.take(i)).toBeUndefined();
    expect(r.ahead.take(CHUNK * 3)).toBeDefined();
    r.close();
  });
});
