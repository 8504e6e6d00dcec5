// `build-catalogue edit` under hostile requests to its file API (POST /api/v1): paths out of the
// content folder or off the allowlist, symbolic links and a pipe inside it, bodies and uploads
// past the cap, another site's page (Origin), another type than JSON, bad JSON, actions it does
// not run, a Host that is not its own. Each is refused with a 4xx and a JSON message that says
// what and why, never a 500; nothing outside the content folder is read or written; and the
// server answers on after each.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, tempDir } from "./helpers/cli.js";
import { action, persistEntry, proxyRequest, type ApiAnswer, type ApiOptions } from "./helpers/edit-api.js";
import { startEditProcess, type Started } from "./helpers/server.js";

const NOW = "2026-05-01T00:00:00Z";
const SECRET = '{"secret": "outside the content folder"}\n';
const PHOTO = readFileSync(path.join(ROOT, "content/images/aerial-dreams-2027.jpg"));
/** --max-original-size, in MiB: small, so that the caps are quick to pass. */
const MAX_MIB = 1;

let dir = "";
let content = "";
let base = "";
let edit: Started;
/** Every status the file API answered. */
const statuses: number[] = [];

beforeAll(async () => {
  dir = tempDir();
  content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  writeFileSync(path.join(dir, "secret.json"), SECRET);
  mkdirSync(path.join(dir, "outside-images"));
  writeFileSync(path.join(dir, "outside-images/inside.jpg"), PHOTO);
  ({ edit, base } = await startEditProcess(["--now", NOW, "--max-original-size", String(MAX_MIB)], { cwd: dir }));
});
afterAll(async () => {
  await edit?.stop();
  removeDir(dir);
});
// After each refusal the server still answers, and the files outside the content folder are as they were.
afterEach(async () => {
  expect((await proxyRequest(base, action("info"))).status).toBe(200);
  expect(readFileSync(path.join(dir, "secret.json"), "utf8")).toBe(SECRET);
  expect(readdirSync(path.join(dir, "outside-images"))).toEqual(["inside.jpg"]);
  // node_modules/.cache: the builds' own cache.
  expect(readdirSync(dir).filter((n) => n !== "node_modules").sort()).toEqual(["content", "outside-images", "secret.json"]);
});

async function send(body: unknown, options: ApiOptions = {}): Promise<ApiAnswer> {
  const answer = await proxyRequest(base, body, options);
  statuses.push(answer.status);
  return answer;
}

/** The answer is a refusal with `status`, as JSON `{"error": ...}` naming each of `words`. */
function expectRefused(answer: ApiAnswer, status: number, ...words: string[]): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  const error = (answer.body as { error?: unknown }).error;
  expect(typeof error, answer.text).toBe("string");
  expect(error).not.toBe("Unknown error");
  for (const word of words) expect(error, answer.text).toContain(word);
}

const entry = (p: string) => persistEntry(p, '{"title": "written by a hostile request"}\n');
const media = (p: string, bytes: Buffer = PHOTO) => action("persistMedia", { asset: { path: p, content: bytes.toString("base64"), encoding: "base64" }, options: { commitMessage: "x" } });

describe("edit's file API: paths out of the content folder", () => {
  const outside = ["../secret.json", "events/../../secret.json", "events/./../../secret.json", "/etc/passwd", "C:/secret.json", "events\\..\\..\\secret.json", "events/a\u0000.json", "events//x.json"];

  it("refuses them for every action that names a path (403), reading and writing nothing", async () => {
    const absolute = path.join(dir, "secret.json");
    for (const p of [...outside, absolute]) {
      expectRefused(await send(action("getEntry", { path: p })), 403, "params.path", "the admin reads and writes only");
      expectRefused(await send(entry(p)), 403, "params.dataFiles[0].path");
      expectRefused(await send(action("deleteFiles", { paths: [p], options: { commitMessage: "x" } })), 403, "params.paths[0]");
      expectRefused(await send(action("entriesByFiles", { files: [{ path: p }] })), 403, "params.files[0].path");
    }
    for (const p of ["../secret.json", "images/../../secret.json", "/etc/passwd"]) {
      expectRefused(await send(action("getMediaFile", { path: p })), 403);
      expectRefused(await send(media(p)), 403, "params.asset.path");
      expectRefused(await send(persistEntry("events/fine.json", "{}", [{ path: p, content: "aGk=", encoding: "base64" }])), 403, "params.assets[0].path");
    }
    for (const folder of ["..", "events/..", "/", "/etc", "."]) {
      expectRefused(await send(action("entriesByFolder", { folder, extension: "json", depth: 1 })), 403, "params.folder");
      expectRefused(await send(action("getMedia", { mediaFolder: folder })), 403, "params.mediaFolder");
    }
    expect(existsSync(path.join(content, "events/fine.json"))).toBe(false);
  });

  it("names the mistake: the '..' segment, the backslash, the control character, the absolute path", async () => {
    expectRefused(await send(action("getEntry", { path: "events/../../secret.json" })), 403, '".." segment');
    expectRefused(await send(action("getEntry", { path: "events\\x.json" })), 403, "backslash");
    expectRefused(await send(action("getEntry", { path: "events/a\u0000.json" })), 403, "control character", "\\u0000");
    expectRefused(await send(action("getEntry", { path: "/etc/passwd" })), 403, "is absolute");
  });

  it("refuses a path that is not a string (400)", async () => {
    expectRefused(await send(action("getEntry", { path: 7 })), 400, "params.path must be a string");
    expectRefused(await send(action("deleteFiles", { paths: [null], options: { commitMessage: "x" } })), 400, "params.paths[0] must be a string");
  });
});

describe("edit's file API: the allowlist", () => {
  it("refuses files the content format does not have, and writes none of them", async () => {
    for (const p of ["package.json", "notes.json", "events/x.txt", "events/sub/x.json", "events/.hidden.json", "images/x.jpg.json", ".git/config", "catalogue.txt"]) {
      expectRefused(await send(entry(p)), 403, "is not a file the admin reads or writes", "events/<slug>.json");
      expect(existsSync(path.join(content, p)), p).toBe(false);
    }
    expectRefused(await send(action("getEntry", { path: "package.json" })), 403, "is not a file the admin reads or writes");
  });

  it("refuses to write an event page whose name is not a slug", async () => {
    for (const p of ["events/Bad Name.json", "events/UPPER.json", "events/a--b.yaml"]) {
      expectRefused(await send(entry(p)), 403, "not a slug", "hamlet-2026");
      expect(existsSync(path.join(content, p)), p).toBe(false);
    }
  });

  it("takes images of Wagtail's formats alone: no SVG, no other extension, no folder inside images/", async () => {
    for (const p of ["images/a.svg", "images/a.html", "images/a.SVG", "images/x.js"]) {
      expectRefused(await send(media(p)), 403, "is not an image the build takes", ".webp");
    }
    for (const p of ["images/sub/a.jpg", "images/.hidden.jpg", "images/a b.jpg", "images/noextension"]) expectRefused(await send(media(p)), 403, "is not an image original");
    expect(existsSync(path.join(content, "images"))).toBe(false);
    // The formats Wagtail takes are written.
    const ok = await send(media("images/fine.WEBP"));
    expect(ok.status, ok.text).toBe(200);
    rmSync(path.join(content, "images"), { recursive: true });
  });

  it("never deletes a settings file", async () => {
    expectRefused(await send(action("deleteFile", { path: "catalogue.json", options: { commitMessage: "x" } })), 403, "never deletes");
    expect(existsSync(path.join(content, "catalogue.json"))).toBe(true);
  });
});

describe("edit's file API: symbolic links and pipes in the content folder", () => {
  it("refuses a link in events/ that leads outside: no listing, no read, no write through it, no delete", async () => {
    const link = path.join(content, "events/leak.json");
    symlinkSync("../../secret.json", link);
    try {
      expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "json", depth: 1 })), 403, '"events/leak.json" is a symbolic link');
      const read = await send(action("getEntry", { path: "events/leak.json" }));
      expectRefused(read, 403, "symbolic link");
      expect(read.text).not.toContain("outside the content folder");
      expectRefused(await send(action("entriesByFiles", { files: [{ path: "events/leak.json" }] })), 403, "symbolic link");
      expectRefused(await send(persistEntry("events/leak.json", "overwritten")), 403, "symbolic link");
      expectRefused(await send(action("deleteFiles", { paths: ["events/leak.json"], options: { commitMessage: "x" } })), 403, "symbolic link");
      expect(existsSync(link)).toBe(true);
    } finally {
      unlinkSync(link);
    }
  });

  it("refuses a link to a folder in events/ and an events/ folder that is a link", async () => {
    const inner = path.join(content, "events/elsewhere");
    symlinkSync(dir, inner);
    try {
      expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "json", depth: 1 })), 403, '"events/elsewhere" is a symbolic link');
    } finally {
      unlinkSync(inner);
    }
    const events = path.join(content, "events");
    const kept = path.join(content, "events-kept");
    spawnSync("mv", [events, kept]);
    symlinkSync(kept, events);
    try {
      expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "json", depth: 1 })), 403, '"events" is a symbolic link');
      expectRefused(await send(persistEntry("events/new-page.json", "{}")), 403, '"events" is a symbolic link');
      expect(existsSync(path.join(kept, "new-page.json"))).toBe(false);
    } finally {
      unlinkSync(events);
      spawnSync("mv", [kept, events]);
    }
  });

  it("refuses an images/ folder that is a link out of the content folder: no listing, no upload, no read", async () => {
    const images = path.join(content, "images");
    symlinkSync("../outside-images", images);
    try {
      expectRefused(await send(action("getMedia", { mediaFolder: "images" })), 403, '"images" is a symbolic link');
      const read = await send(action("getMediaFile", { path: "images/inside.jpg" }));
      expectRefused(read, 403, "symbolic link");
      expect(read.text).not.toContain(PHOTO.toString("base64").slice(0, 40));
      expectRefused(await send(media("images/new.jpg")), 403, "symbolic link");
      expectRefused(await send(persistEntry("events/fine.json", "{}", [{ path: "images/new.jpg", content: "aGk=", encoding: "base64" }])), 403, "symbolic link");
      expect(existsSync(path.join(content, "events/fine.json"))).toBe(false);
    } finally {
      unlinkSync(images);
    }
  });

  it.skipIf(spawnSync("mkfifo", ["--version"]).status !== 0)("refuses a named pipe in events/ (a read of it would wait forever)", async () => {
    const pipe = path.join(content, "events/pipe.json");
    expect(spawnSync("mkfifo", [pipe]).status).toBe(0);
    try {
      expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "json", depth: 1 })), 403, '"events/pipe.json" is a named pipe');
      expectRefused(await send(action("getEntry", { path: "events/pipe.json" })), 403, "named pipe");
      expectRefused(await send(persistEntry("events/pipe.json", "{}")), 403, "named pipe");
    } finally {
      rmSync(pipe);
    }
  });
});

describe("edit's file API: sizes", () => {
  it("refuses a body past the cap (413), whole or declared, and says which option raises it", async () => {
    const big = JSON.stringify(action("getEntry", { path: "events/the-seagull.json", padding: "x".repeat(5 * 1024 * 1024) }));
    expectRefused(await send(null, { raw: big }), 413, "--max-original-size");
    const declared = await rawRequest(`POST /api/v1 HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: ${2 ** 30}\r\n\r\n{`);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error).toContain("larger than");
  });

  it("refuses an upload larger than --max-original-size (413), naming the file and the limit, and writes nothing", async () => {
    const large = Buffer.alloc(Math.round(1.5 * MAX_MIB * 1024 * 1024), 7);
    expectRefused(await send(media("images/large.jpg", large)), 413, '"images/large.jpg"', "1.5 MiB", `${MAX_MIB} MiB`);
    expectRefused(await send(persistEntry("events/with-image.json", "{}", [{ path: "images/large.jpg", content: large.toString("base64"), encoding: "base64" }])), 413, "images/large.jpg");
    expect(existsSync(path.join(content, "images/large.jpg"))).toBe(false);
    expect(existsSync(path.join(content, "events/with-image.json"))).toBe(false);
  });
});

describe("edit's file API: who may call it, and how", () => {
  it("refuses a request from another origin, or naming none (403): a web page elsewhere writes nothing", async () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:1", `${base}.evil.example`, "null", `https://127.0.0.1:${port()}`]) {
      expectRefused(await send(entry("events/from-elsewhere.json"), { origin }), 403, "origin", "the admin's own page");
    }
    expectRefused(await send(entry("events/from-elsewhere.json"), { origin: null }), 403, "without an Origin header");
    expect(existsSync(path.join(content, "events/from-elsewhere.json"))).toBe(false);
    // The admin's own page at localhost is its own origin too.
    expect((await send(action("info"), { origin: `http://localhost:${port()}` })).status).toBe(200);
  });

  it("refuses another type than JSON (415), bad JSON (400), and a body that is not a request (400)", async () => {
    expectRefused(await send(action("info"), { contentType: "text/plain" }), 415, "application/json");
    expectRefused(await send(action("info"), { contentType: "application/x-www-form-urlencoded" }), 415);
    expectRefused(await send(null, { raw: '{"action": "info",' }), 400, "not JSON");
    expectRefused(await send([]), 400, '"action"');
    expectRefused(await send({ action: "getEntry" }), 400, '"params" must be an object');
  });

  it("refuses actions it does not run (422): unknown ones, the editorial workflow's (git), a rename", async () => {
    expectRefused(await send(action("rm -rf")), 422, "is not an action of the admin's API", "persistEntry");
    expectRefused(await send(action("unpublishedEntries")), 422, "editorial workflow");
    expectRefused(await send(action("publishUnpublishedEntry", { collection: "events", slug: "x" })), 422, "editorial workflow");
    const rename = action("persistEntry", { dataFiles: [{ slug: "a", path: "events/a.json", newPath: "events/b.json", raw: "{}" }], assets: [], options: { commitMessage: "x", useWorkflow: false, status: "draft" } });
    expectRefused(await send(rename), 422, "newPath");
    expect(existsSync(path.join(content, "events/a.json"))).toBe(false);
  });

  it("refuses a listing of another depth or extension (400), and the file API's own checks of the params answer 422 naming the param", async () => {
    expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "json", depth: 5 })), 400, "depth must be 1");
    expectRefused(await send(action("entriesByFolder", { folder: "events", extension: "", depth: 1 })), 400, "params.extension");
    expectRefused(await send(action("persistMedia", { asset: { path: "images/a.jpg", content: "aGk=", encoding: "hex" }, options: { commitMessage: "x" } })), 422, "encoding");
  });

  it("answers 405 to another method than POST, and 421 to a Host not its own (DNS rebinding), before anything", async () => {
    const get = await fetch(`${base}/api/v1`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const misdirected = await rawRequest(`POST /api/v1 HTTP/1.1\r\nHost: evil.example:${port()}\r\nOrigin: http://evil.example:${port()}\r\nContent-Type: application/json\r\nContent-Length: 17\r\nConnection: close\r\n\r\n{"action":"info"}`);
    expect(misdirected.status).toBe(421);
    expect(misdirected.body).not.toContain("local_fs");
  });

  it("never answered a 500, and printed a line for the refusals", () => {
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(edit.output()).toContain("The admin's API refused a request (403): getEntry: params.path \"../secret.json\"");
    expect(edit.output()).not.toContain("a bug in build-catalogue");
  });
});

const port = () => Number(new URL(base).port);

/** Sends `request` as it is; the answer's status and body, read until the server ends it or 2 s pass after its head. */
function rawRequest(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = connect(port(), "127.0.0.1", () => socket.write(request));
    const done = () => {
      const end = text.indexOf("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: end < 0 ? "" : text.slice(end + 4) });
      socket.destroy();
    };
    socket.setTimeout(20_000, () => socket.destroy(new Error("no answer")));
    socket.on("data", (d: Buffer) => {
      text += d.toString("utf8");
      if (text.includes("\r\n\r\n")) setTimeout(done, 300);
    });
    socket.on("error", (e) => (text ? done() : reject(e)));
    socket.on("close", () => text && done());
  });
}
