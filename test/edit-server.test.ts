// `build-catalogue edit` as the admin uses it, run as a real process over a copy of the example
// content: the admin's files at /admin/, Decap's proxy protocol at /api/v1 reading and writing the
// content folder, the next free ids, and the status of the build each save starts, while the API
// at /api/v2/ answers what was built (its last good build while a save has errors). Decap CMS
// itself, in Chromium where there is one, logs in and lists the events through the same API.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { DEFAULT_ACCESSIBILITY } from "../src/content/lists.js";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { action, editStatus, nextBuild, persistEntry, proxyRequest } from "./helpers/edit-api.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startEditProcess, type Started } from "./helpers/server.js";

const NOW = "2026-05-01T00:00:00Z";
const CHROMIUM_BIN = requireProgram(CHROMIUM);
const DECAP_DIST = path.join(path.dirname(createRequire(import.meta.url).resolve("decap-cms/package.json")), "dist");
/** An image of the repository's own content, uploaded as Decap does. */
const PHOTO = readFileSync(path.join(ROOT, "content/images/aerial-dreams-2027.jpg"));

let dir = "";
let content = "";
let base = "";
let edit: Started;

type Json = Record<string, unknown>;
const readJson = (file: string): Json => parseYaml(readFileSync(path.join(content, file), "utf8")) as Json;
const eventFiles = () => readdirSync(path.join(content, "events")).filter((n) => /\.(json|ya?ml)$/.test(n)).sort();

beforeAll(async () => {
  dir = tempDir();
  content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  // A page in YAML and a genres list of the site's own, so that next-ids reads both.
  const seagull = readJson("events/the-seagull.json");
  const yamlPage = { ...seagull, id: 777, slug: "yaml-page", event: { id: 888, ticketing_code: 9999 }, performances: [{ id: 7001, ticketing_code: 99001, datetime: "2026-09-01T19:30" }] };
  writeFileSync(path.join(content, "events/yaml-page.yaml"), toYaml(yamlPage));
  // The genres the pages name, and one more of the site's own.
  const used = [...new Set(eventFiles().flatMap((n) => readJson(`events/${n}`).genre as number[]))];
  writeFileSync(path.join(content, "genres.json"), JSON.stringify([...used.map((id) => ({ id, name: `Genre ${id}` })), { id: 42, name: "Cabaret" }]));
  ({ edit, base } = await startEditProcess(["--now", NOW], { cwd: dir }));
  const first = await nextBuild(edit, base, 0);
  if (!first.ok) throw new Error(`the copied content does not build:\n${edit.output()}`);
});
afterAll(async () => {
  await edit?.stop();
  removeDir(dir);
});

async function get(url: string, init?: RequestInit) {
  const res = await fetch(`${base}${url}`, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function eventSlugs(): Promise<string[]> {
  const res = await fetch(`${base}/api/v2/event_pages/`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { meta: { slug: string } }[] }).items.map((i) => i.meta.slug).sort();
}

describe("edit: the admin's files", () => {
  it("prints one line with the admin's address, the API's and the folder watched", () => {
    const line = edit.output().split("\n").find((l) => l.startsWith("Admin at "))!;
    expect(line).toMatch(/^Admin at http:\/\/127\.0\.0\.1:\d+\/admin\/ .*the API at http:\/\/127\.0\.0\.1:\d+\/api\/v2\/event_pages\/; watching content\/ .*Ctrl-C to stop\.$/);
  });

  it("serves the page at /admin/ (and /admin redirects there), never cached, loading Decap's bundle and the extension", async () => {
    const page = await get("/admin/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const html = page.bytes.toString("utf8");
    expect(html).toContain('<script src="decap-cms.js"></script>');
    expect(html).toContain('<script src="build-catalogue-admin.js"></script>');
    const bare = await get("/admin");
    expect(bare.status).toBe(308);
    expect(bare.headers.get("location")).toBe("/admin/");
  });

  it("serves Decap's files and the extension byte for byte, with their types", async () => {
    const js = await get("/admin/decap-cms.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("x-content-type-options")).toBe("nosniff");
    expect(js.bytes.equals(readFileSync(path.join(DECAP_DIST, "decap-cms.js")))).toBe(true);
    // Asked again with its ETag: not sent again.
    expect((await get("/admin/decap-cms.js", { headers: { "If-None-Match": js.headers.get("etag")! } })).status).toBe(304);
    const extension = await get("/admin/build-catalogue-admin.js");
    expect(extension.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(extension.bytes.equals(readFileSync(path.join(ROOT, "lib/admin/admin.js")))).toBe(true);
    const wasm = readdirSync(DECAP_DIST).filter((n) => n.endsWith(".wasm"));
    expect(wasm.length).toBeGreaterThan(0);
    for (const name of wasm) {
      const file = await get(`/admin/${name}`);
      expect(file.headers.get("content-type"), name).toBe("application/wasm");
      expect(file.bytes.equals(readFileSync(path.join(DECAP_DIST, name))), name).toBe(true);
    }
    // The package's second copy of the build (cms.js, cms.css), which the page never loads, is not served.
    for (const name of ["cms.js", "cms.css", "decap-cms.js.map"]) expect((await get(`/admin/${name}`)).status, name).toBe(404);
  });

  it("serves config.yml as YAML, made for the content folder: Decap's proxy backend at /api/v1", async () => {
    const config = await get("/admin/config.yml");
    expect(config.status).toBe(200);
    expect(config.headers.get("content-type")).toBe("text/yaml; charset=utf-8");
    expect(config.headers.get("cache-control")).toBe("no-store");
    const parsed = parseYaml(config.bytes.toString("utf8")) as { backend: Json; collections: Json[] };
    expect(parsed.backend).toMatchObject({ name: "proxy", proxy_url: "/api/v1" });
    expect(parsed.collections.find((c) => c.name === "events")).toMatchObject({ folder: "events", extension: "json" });
  });

  it("answers 404 to any other address under /admin/: a source map, a file of the package, a way out", async () => {
    for (const url of ["/admin/nope.js", "/admin/decap-cms.js.map", "/admin/package.json", "/admin/..%2fpackage.json", "/admin/%2e%2e/%2e%2e/package.json", "/admin/config.yml/x"]) {
      const answer = await get(url);
      expect(answer.bytes.toString("utf8"), url).not.toContain('"name": "build-catalogue"');
      if (url.startsWith("/admin/%2e")) continue; // Resolved by the URL parser to /package.json: the preview's 404.
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get("content-type"), url).toMatch(/^application\/json/);
    }
    expect((await get("/admin/decap-cms.js", { method: "POST" })).status).toBe(405);
  });
});

describe("edit: Decap's proxy protocol over the content folder", () => {
  it("answers info, as decap-server's local file system", async () => {
    const info = await proxyRequest(base, action("info"));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ publish_modes: ["simple"], type: "local_fs" });
  });

  it("lists the event pages (entriesByFolder) and reads one (getEntry), as they are on disk", async () => {
    const listed = await proxyRequest(base, action("entriesByFolder", { folder: "events", extension: "json", depth: 1 }));
    expect(listed.status).toBe(200);
    const entries = listed.body as { data: string; file: { path: string } }[];
    expect(entries.map((e) => e.file.path).sort()).toEqual(eventFiles().filter((n) => n.endsWith(".json")).map((n) => `events/${n}`));
    for (const e of entries) expect(e.data).toBe(readFileSync(path.join(content, e.file.path), "utf8"));
    const one = await proxyRequest(base, action("getEntry", { path: "events/the-seagull.json" }));
    expect(one.status).toBe(200);
    expect((one.body as { data: string }).data).toBe(readFileSync(path.join(content, "events/the-seagull.json"), "utf8"));
    const settings = await proxyRequest(base, action("entriesByFiles", { files: [{ path: "venues.json" }, { path: "catalogue.json" }] }));
    expect((settings.body as { data: string }[]).map((e) => e.data)).toEqual(["venues.json", "catalogue.json"].map((f) => readFileSync(path.join(content, f), "utf8")));
  });

  it("answers the next free id of each kind, from the files on disk (JSON and YAML)", async () => {
    const res = await fetch(`${base}/api/admin/next-ids`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual(expectedNextIds());
  });

  it("writes a new event page (persistEntry); the next build publishes it at /api/v2/", async () => {
    const before = await editStatus(base);
    const ids = (await (await fetch(`${base}/api/admin/next-ids`)).json()) as Record<string, number>;
    const page = newPage("hamlet-2027", ids, 1);
    const raw = `${JSON.stringify(page, null, 2)}\n`;
    const saved = await proxyRequest(base, persistEntry("events/hamlet-2027.json", raw));
    expect(saved.status, saved.text).toBe(200);
    expect(readFileSync(path.join(content, "events/hamlet-2027.json"), "utf8")).toBe(raw);
    const after = await nextBuild(edit, base, before.build);
    expect(after.ok).toBe(true);
    expect(await eventSlugs()).toContain("hamlet-2027");
    // The ids it took are no longer free.
    const next = (await (await fetch(`${base}/api/admin/next-ids`)).json()) as Record<string, number>;
    expect(next.page).toBe(ids.page! + 1);
    expect(next.performance).toBe(ids.performance! + 1);
  });

  it("writes an uploaded image (persistMedia), lists it (getMedia) and reads it back (getMediaFile)", async () => {
    const asset = { path: "images/hamlet-2027.jpg", content: PHOTO.toString("base64"), encoding: "base64" };
    const saved = await proxyRequest(base, action("persistMedia", { asset, options: { commitMessage: "Upload" } }));
    expect(saved.status, saved.text).toBe(200);
    expect(readFileSync(path.join(content, "images/hamlet-2027.jpg")).equals(PHOTO)).toBe(true);
    const media = await proxyRequest(base, action("getMedia", { mediaFolder: "images" }));
    expect(media.status).toBe(200);
    expect((media.body as { path: string }[]).map((m) => m.path)).toContain("images/hamlet-2027.jpg");
    const file = await proxyRequest(base, action("getMediaFile", { path: "images/hamlet-2027.jpg" }));
    expect(Buffer.from((file.body as { content: string }).content, "base64").equals(PHOTO)).toBe(true);
  });

  it("refuses a save that would add an error to the build (409, the file and key of each), writing nothing", async () => {
    const before = await editStatus(base);
    const ids = (await (await fetch(`${base}/api/admin/next-ids`)).json()) as Record<string, number>;
    const badVenue = { ...newPage("bad-venue", ids, 1), venue: 999 };
    const refused = await proxyRequest(base, persistEntry("events/bad-venue.json", JSON.stringify(badVenue, null, 2)));
    expect(refused.status, refused.text).toBe(409);
    expect((refused.body as { error: string }).error).toMatch(/^persistEntry: not saved, nothing was written: the change would add an error to the build\. events\/bad-venue\.json venue: no venue has id 999/);
    expect(existsSync(path.join(content, "events/bad-venue.json"))).toBe(false);
    // A ticketing code another page has, in an existing page: refused, the file left as it was.
    const seagullText = readFileSync(path.join(content, "events/the-seagull.json"), "utf8");
    const seagull = readJson("events/the-seagull.json");
    const jazzCode = ((readJson("events/jazz-on-the-river.json").performances as Json[])[0]!).ticketing_code;
    const performances = (seagull.performances as Json[]).map((p, i) => (i === 0 ? { ...p, ticketing_code: jazzCode } : p));
    const duplicate = await proxyRequest(base, persistEntry("events/the-seagull.json", JSON.stringify({ ...seagull, performances }, null, 2)));
    expect(duplicate.status, duplicate.text).toBe(409);
    expect((duplicate.body as { error: string }).error).toMatch(/events\/the-seagull\.json performances\.0\.ticketing_code: .*80011/);
    expect(readFileSync(path.join(content, "events/the-seagull.json"), "utf8")).toBe(seagullText);
    expect(edit.output()).toContain("The admin's API refused a request (409)");
    // Nothing was written, so nothing was rebuilt.
    expect((await editStatus(base)).build).toBe(before.build);
  });

  it("never deletes a picture an image still shows (409 naming the image), nor empties a list file that holds items", async () => {
    const imagesFile = path.join(content, "images.json");
    const images = readFileSync(imagesFile, "utf8");
    const withPoster = [...(JSON.parse(images) as Json[]), { id: 990, title: "Hamlet poster", file: "hamlet-2027.jpg", width: 1280, height: 720 }];
    writeFileSync(imagesFile, JSON.stringify(withPoster, null, 2));
    try {
      for (const request of [action("deleteFile", { path: "images/hamlet-2027.jpg", options: { commitMessage: "Delete" } }), action("deleteFiles", { paths: ["images/hamlet-2027.jpg"], options: { commitMessage: "Delete" } })]) {
        const refused = await proxyRequest(base, request);
        expect(refused.status, refused.text).toBe(409);
        expect((refused.body as { error: string }).error).toMatch(/not deleted: images\/hamlet-2027\.jpg is the picture of image 990 \("Hamlet poster"\) in images\.json; remove that image from Images first/);
        expect(existsSync(path.join(content, "images/hamlet-2027.jpg"))).toBe(true);
      }
    } finally {
      writeFileSync(imagesFile, images);
    }
    // A list saved empty over a list with items: refused, the file as it was.
    const venues = readFileSync(path.join(content, "venues.json"), "utf8");
    const emptied = await proxyRequest(base, persistEntry("venues.json", "[]\n"));
    expect(emptied.status, emptied.text).toBe(409);
    expect((emptied.body as { error: string }).error).toMatch(/this would remove every item of venues\.json \(2 venues on disk\)/);
    expect(readFileSync(path.join(content, "venues.json"), "utf8")).toBe(venues);
  });

  it("reports a mistake made outside the admin in the status (file, key path, message) while /api/v2/ answers the last good build", async () => {
    const good = await nextBuild(edit, base, 0);
    const slugs = await eventSlugs();
    const ids = (await (await fetch(`${base}/api/admin/next-ids`)).json()) as Record<string, number>;
    // Written with a text editor: the admin's check is not in the way.
    writeFileSync(path.join(content, "events/bad-venue.json"), JSON.stringify({ ...newPage("bad-venue", ids, 1), venue: 999 }, null, 2));
    const failed = await nextBuild(edit, base, good.build);
    expect(failed.ok).toBe(false);
    const problem = failed.diagnostics.find((d) => d.file === "events/bad-venue.json");
    expect(problem).toMatchObject({ severity: "error", key: "venue" });
    expect(problem!.message).toContain("999");
    expect(failed.summary).toMatch(/^Build failed: 1 error in 1 file[,.]/);
    // The API goes on answering the build before the mistake.
    expect(await eventSlugs()).toEqual(slugs);
    expect(edit.output()).toContain("events/bad-venue.json");

    // While the content has an error, a save that adds none is taken (the error is not the save's).
    const seagull = readFileSync(path.join(content, "events/the-seagull.json"), "utf8");
    const retitled = seagull.replace('"title": "The Seagull"', '"title": "The Seagull (revival)"');
    expect(retitled).not.toBe(seagull);
    const taken = await proxyRequest(base, persistEntry("events/the-seagull.json", retitled));
    expect(taken.status, taken.text).toBe(200);
    const still = await nextBuild(edit, base, failed.build);
    expect(still.ok).toBe(false);

    const removed = await proxyRequest(base, action("deleteFile", { path: "events/bad-venue.json", options: { commitMessage: "Delete" } }));
    expect(removed.status).toBe(200);
    expect(existsSync(path.join(content, "events/bad-venue.json"))).toBe(false);
    const fixed = await nextBuild(edit, base, still.build);
    expect(fixed.ok).toBe(true);
    expect(fixed.diagnostics.every((d) => d.severity === "warning")).toBe(true);
  });

  it("removes an event page (deleteFile, and deleteFiles as Decap sends it); the next build drops it", async () => {
    const before = await editStatus(base);
    const removed = await proxyRequest(base, action("deleteFiles", { paths: ["events/hamlet-2027.json"], options: { commitMessage: "Delete" } }));
    expect(removed.status, removed.text).toBe(200);
    expect(existsSync(path.join(content, "events/hamlet-2027.json"))).toBe(false);
    await nextBuild(edit, base, before.build);
    expect(await eventSlugs()).not.toContain("hamlet-2027");
  });
});

describe("edit: the command line", () => {
  it("refuses a content folder that does not exist and a port that is not one, as preview does (exit 2)", () => {
    const missing = runCli(["edit", "--content", "nowhere", "--port", "0"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--content: the folder nowhere does not exist");
    const port = runCli(["edit", "--port", "http"], { cwd: dir });
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port: "http" is not a port number');
  });
});

describe.skipIf(!CHROMIUM_BIN)("edit: Decap CMS in Chromium", () => {
  it("loads the admin, logs in to the proxy backend and lists the events through /api/v1, refused nothing", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const page = await browser.newPage();
      const answers: { status: number; action: string }[] = [];
      page.on("response", (r) => {
        if (r.url() === `${base}/api/v1`) answers.push({ status: r.status(), action: (JSON.parse(r.request().postData() ?? "{}") as { action?: string }).action ?? "" });
      });
      await page.goto(`${base}/admin/`);
      await page.getByRole("button", { name: "Login" }).click({ timeout: 60_000 });
      await page.getByText("The Seagull").first().waitFor({ timeout: 60_000 });
      expect(answers.find((a) => a.action === "entriesByFolder")?.status).toBe(200);
      expect(answers.filter((a) => a.status >= 400)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/** The next free ids, worked out here from the files the test wrote and copied. */
function expectedNextIds(): Record<string, number> {
  const pages = eventFiles().map((n) => readJson(`events/${n}`));
  const parent = readJson("catalogue.json").parent as Json;
  const next = (values: unknown[]) => Math.max(0, ...values.filter((v): v is number => typeof v === "number")) + 1;
  const ids = (file: string) => (parseYaml(readFileSync(path.join(content, file), "utf8")) as Json[]).map((i) => i.id);
  const performances = pages.flatMap((p) => p.performances as Json[]);
  return {
    page: next([...pages.map((p) => p.id), parent.id, (parent.home as Json | undefined)?.id]),
    event: next(pages.map((p) => (p.event as Json).id)),
    event_ticketing: next(pages.map((p) => (p.event as Json).ticketing_code)),
    performance: next(performances.map((p) => p.id)),
    performance_ticketing: next(performances.map((p) => p.ticketing_code)),
    image: next(ids("images.json")),
    venue: next(ids("venues.json")),
    program: next(ids("programs.json")),
    genre: next(ids("genres.json")),
    // The site has no accessibility file: the defaults are its values.
    accessibility: next(DEFAULT_ACCESSIBILITY.map((a) => a.id)),
  };
}

/** An event page with the next free ids (from next-ids), copied from the-seagull.json, with `performances` performances. */
function newPage(slug: string, ids: Record<string, number>, performances: number): Json {
  const seagull = readJson("events/the-seagull.json");
  const first = (seagull.performances as Json[])[0]!;
  return {
    ...seagull,
    id: ids.page,
    slug,
    title: `Title of ${slug}`,
    event: { id: ids.event, ticketing_code: ids.event_ticketing },
    performances: Array.from({ length: performances }, (_, i) => ({ ...first, id: ids.performance! + i, ticketing_code: ids.performance_ticketing! + i })),
  };
}
