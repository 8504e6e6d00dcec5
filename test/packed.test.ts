// A site uses build-catalogue as a dependency: pack it, install the tarball into a folder that
// holds only content/, and run `npx build-catalogue` there, as a site's CI would; and into an
// empty folder, where `npx build-catalogue init` starts a site that builds.
import { isAscii } from "node:buffer";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { chromium } from "playwright-core";
import { decapFiles, DECAP_FILE, DECAP_FOLDER, EXTENSION_FILE } from "../src/admin/admin-files.js";
import { field, openAdmin, publish } from "./helpers/admin-page.js";
import { copyContent, FIXTURES, removeDir, ROOT, snapshotTree, tempDir } from "./helpers/cli.js";
import { proxyRequest } from "./helpers/edit-api.js";
import { CHROMIUM, requireProgram } from "./helpers/programs.js";
import { startProcess, waitFor, waitForHttp } from "./helpers/server.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const CHROMIUM_BIN = requireProgram(CHROMIUM);
/** What a site's CI installs on every build, at most (docs/installing.md). */
const MAX_PACKAGES = 60;
const MAX_INSTALL_BYTES = 100 * 1024 * 1024;
let work = "";
let site = "";
let tarball = "";
/** What npm printed as it installed the tarball. */
let installed = "";

beforeAll(() => {
  work = tempDir("bc-pack-");
  const packed = execFileSync(npm, ["pack", "--silent", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop()!;
  tarball = path.join(work, packed);
  site = path.join(work, "site");
  copyContent(path.join(EXAMPLE, "content"), work, "site/content");
  // --prefix: the site folder is the project, whatever its parents hold (a node_modules/ above it would take the install).
  const install = spawnSync(npm, ["install", "--prefix", site, "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: site, encoding: "utf8" });
  installed = `${install.stdout}${install.stderr}`;
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${installed}`);
}, 300_000);

/** The bytes of the files below a folder (their sizes, links not followed). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}
afterAll(() => removeDir(work));

describe("the packed package in an empty site folder", () => {
  it(`installs light: at most ${MAX_PACKAGES} packages and ${MAX_INSTALL_BYTES / 1024 / 1024} MiB, npm ls clean, no warning of npm's but its review of install scripts`, () => {
    const ls = spawnSync(npm, ["ls", "--all", "--parseable", "--prefix", site], { cwd: site, encoding: "utf8" });
    expect(ls.status, ls.stderr).toBe(0);
    // The first line is the site itself.
    const packages = new Set(ls.stdout.trim().split("\n").slice(1));
    expect(packages.size).toBeGreaterThan(10);
    expect(packages.size).toBeLessThanOrEqual(MAX_PACKAGES);
    expect([...packages].filter((p) => /[\\/]decap-/.test(p))).toEqual([]);
    expect(folderBytes(path.join(site, "node_modules"))).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
    // npm 11's list of install scripts to review (docs/installing.md) is the site's to answer; nothing else.
    const warnings = installed.split("\n").filter((l) => /^npm warn/i.test(l) && !/install-scripts/.test(l));
    expect(warnings).toEqual([]);
  });

  it("ships the compiled library and no sources or tests", () => {
    const pkg = path.join(site, "node_modules/build-catalogue");
    expect(existsSync(path.join(pkg, "lib/cli.js"))).toBe(true);
    expect(existsSync(path.join(pkg, "src"))).toBe(false);
    expect(existsSync(path.join(pkg, "test"))).toBe(false);
    // The tarball itself: the admin's compiled modules and its browser bundle (built from
    // src/admin/extension/, whose TypeScript stays out), and no TypeScript but declarations.
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n").map((f) => f.replace(/^package\//, ""));
    expect(files).toEqual(expect.arrayContaining(["lib/admin/admin.js", "lib/admin/edit-server.js", "lib/admin/write-admin.js", "lib/commands/edit.js", "lib/commands/admin.js"]));
    expect(files.filter((f) => f.startsWith("src/") || f.startsWith("test/") || (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)))).toEqual([]);
    expect(readFileSync(path.join(pkg, "lib/admin/admin.js"))).toEqual(readFileSync(path.join(ROOT, "lib/admin/admin.js")));
  });

  it("names no folder of the machine it was packed on in its bundles (they are read where they are installed)", () => {
    const pkg = path.join(site, "node_modules/build-catalogue");
    // The project's folder, and its dependencies' real one (node_modules may be a link).
    const folders = [...new Set([ROOT, path.dirname(realpathSync(path.join(ROOT, "node_modules")))])];
    for (const file of ["lib/cli.bundle.js", "lib/admin/admin.js"]) {
      const text = readFileSync(path.join(pkg, file), "utf8");
      for (const folder of folders) expect(text.includes(folder), `${file} names ${folder}`).toBe(false);
    }
  });

  it("builds content/ into dist/ with npx build-catalogue", () => {
    const out = execFileSync("npx", ["--no-install", "build-catalogue", "--now", "2026-05-01T00:00:00Z"], { cwd: site, encoding: "utf8" });
    expect(out).toContain("Built 2 event pages into dist/");
    const expected = snapshotTree(path.join(EXAMPLE, "expected"));
    const actual = snapshotTree(path.join(site, "dist"));
    for (const [file, bytes] of expected) expect(actual.get(file), file).toBe(bytes);
    expect(readdirSync(site).sort()).toEqual(expect.arrayContaining(["content", "dist", "node_modules", "package.json"]));
  });

  it("ships the content schemas, which a site's content names through node_modules", () => {
    const schemas = path.join(site, "node_modules/build-catalogue/schemas");
    expect(readdirSync(schemas).sort()).toEqual(readdirSync(path.join(ROOT, "schemas")).sort());
    // As the README tells a site to write it: relative to the file, through node_modules.
    const catalogue = path.join(site, "content/catalogue.json");
    const text = readFileSync(catalogue, "utf8");
    writeFileSync(catalogue, text.replace("{", '{\n  "$schema": "../node_modules/build-catalogue/schemas/catalogue.schema.json",'));
    const ref = (JSON.parse(readFileSync(catalogue, "utf8")) as { $schema: string }).$schema;
    expect(existsSync(path.resolve(path.dirname(catalogue), ref))).toBe(true);
    try {
      const out = execFileSync("npx", ["--no-install", "build-catalogue", "check", "--now", "2026-05-01T00:00:00Z"], { cwd: site, encoding: "utf8" });
      expect(out).toContain("Content is valid");
      execFileSync("npx", ["--no-install", "build-catalogue", "schema", "--out", "my-schemas"], { cwd: site, encoding: "utf8" });
      expect(snapshotTree(path.join(site, "my-schemas"))).toEqual(snapshotTree(schemas));
    } finally {
      writeFileSync(catalogue, text);
    }
  });

  it("runs as one bundled module: a build loads the bin, the heap flags and the bundle, nothing else", () => {
    const bin = path.join(site, "node_modules/build-catalogue/bin/build-catalogue.js");
    const run = spawnSync(process.execPath, ["--import", path.join(ROOT, "test/helpers/list-modules.mjs"), bin, "--out", "dist-modules", "--now", "2026-05-01T00:00:00Z"], { cwd: site, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const loaded = run.stderr.split("\n").filter((l) => l.startsWith("module: ")).map((l) => path.relative(path.join(site, "node_modules/build-catalogue"), fileURLToPath(l.slice(8))));
    expect(loaded).toEqual(["bin/build-catalogue.js", "lib/engine/heap.js", "lib/cli.bundle.js"]);
    // The preview's server (node:http, with net and stream) loads with the preview, not with a build.
    const builtins = run.stderr.split("\n").filter((l) => l.startsWith("builtin: ")).map((l) => l.slice(9));
    expect(builtins).toContain("node:fs");
    expect(builtins).not.toContain("node:http");
    // In ASCII, comments included: Node decodes it the fast way, and V8 holds its source in a byte a character.
    expect(isAscii(readFileSync(path.join(site, "node_modules/build-catalogue/lib/cli.bundle.js")))).toBe(true);
  });

  it("previews from the installed package: the watcher's native part loads, and a save by rename is answered", async () => {
    const bin = path.join(site, "node_modules/build-catalogue/bin/build-catalogue.js");
    const preview = startProcess(process.execPath, [bin, "preview", "--port", "0", "--now", "2026-05-01T00:00:00Z"], { cwd: site });
    const file = path.join(site, "content/events/the-seagull.json");
    const text = readFileSync(file, "utf8");
    try {
      const base = await waitFor(preview, () => /Preview at (http:\/\/127\.0\.0\.1:\d+)\//.exec(preview.output())?.[1], "the preview's address", 30_000);
      writeFileSync(`${file}.tmp`, text.replace('"title": "The Seagull"', '"title": "Saved by rename"'));
      renameSync(`${file}.tmp`, file);
      const title = async () => ((await (await fetch(`${base}/api/v2/event_pages/201/`)).json()) as { title: string }).title;
      await waitFor(preview, async () => ((await title()) === "Saved by rename" ? true : undefined), "the title saved by rename", 30_000);
    } finally {
      writeFileSync(file, text);
      await preview.stop();
    }
  });

  it("edits from the installed package: the admin's files, Decap's proxy, the next ids and the API on one address; Ctrl-C stops it", async () => {
    const pkg = path.join(site, "node_modules/build-catalogue");
    // The package depends on no Decap package: it carries Decap's bundle (and its license), copied
    // from the exactly pinned devDependency, the very bytes of it.
    const manifest = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith("decap"))).toEqual([]);
    expect(existsSync(path.join(site, "node_modules/decap-cms"))).toBe(false);
    const decapDist = path.join(pkg, DECAP_FOLDER);
    const pinned = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["decap-cms"];
    expect(JSON.parse(readFileSync(path.join(decapDist, "decap-cms.json"), "utf8"))).toMatchObject({ name: "decap-cms", version: pinned, license: "MIT" });
    expect(readFileSync(path.join(decapDist, "LICENSE"), "utf8")).toContain("MIT License");
    expect(readFileSync(path.join(decapDist, DECAP_FILE)).equals(readFileSync(path.join(ROOT, "node_modules/decap-cms/dist", DECAP_FILE)))).toBe(true);
    // As a site's editor runs it, through npx (its own process group: stopped as a terminal's Ctrl-C does).
    const edit = startProcess("npx", ["--no-install", "build-catalogue", "edit", "--port", "0", "--now", "2026-05-01T00:00:00Z"], { cwd: site });
    try {
      const base = await waitFor(edit, () => /Admin at (http:\/\/127\.0\.0\.1:\d+)\/admin\//.exec(edit.output())?.[1], "the admin's address", 60_000);
      await waitForHttp(`${base}/api/admin/status`, 30_000, edit);
      const get = async (url: string) => {
        const res = await fetch(`${base}${url}`);
        return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
      };

      const page = await get("/admin/");
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      const scripts = [...page.bytes.toString("utf8").matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
      expect(scripts).toEqual([DECAP_FILE, EXTENSION_FILE]);
      const decap = await get(`/admin/${DECAP_FILE}`);
      const extension = await get(`/admin/${EXTENSION_FILE}`);
      for (const file of [decap, extension]) {
        expect(file.status).toBe(200);
        expect(file.type).toMatch(/^text\/javascript/);
        expect(file.bytes.length).toBeGreaterThan(0);
      }
      expect(decap.bytes.equals(readFileSync(path.join(decapDist, DECAP_FILE)))).toBe(true);
      expect(extension.bytes.equals(readFileSync(path.join(pkg, "lib/admin/admin.js")))).toBe(true);

      const config = await get("/admin/config.yml");
      expect(config.status).toBe(200);
      expect(config.type).toMatch(/^text\/yaml/);
      const { backend, collections } = parseYaml(config.bytes.toString("utf8")) as { backend: Record<string, unknown>; collections: { name: string }[] };
      expect(backend).toMatchObject({ name: "proxy", proxy_url: "/api/v1" });
      // The site's settings and lists, as its content/ holds them (genres and accessibility only when it has them).
      const lists = ["genres", "accessibility"].filter((name) => readdirSync(path.join(site, "content")).some((f) => f.startsWith(`${name}.`)));
      expect(collections.map((c) => c.name).sort()).toEqual(["events", "catalogue", "venues", "programs", "images", ...lists].sort());

      const info = await proxyRequest(base, { action: "info", params: { branch: "main" } });
      expect(info.status, info.text).toBe(200);
      expect(info.body).toMatchObject({ type: "local_fs" });

      const ids = await get("/api/admin/next-ids");
      expect(ids.status).toBe(200);
      const next = JSON.parse(ids.bytes.toString("utf8")) as Record<string, number>;
      expect(Object.keys(next).sort()).toEqual(["accessibility", "event", "event_ticketing", "genre", "image", "page", "performance", "performance_ticketing", "program", "venue"]);
      for (const [kind, id] of Object.entries(next)) expect(Number.isInteger(id) && id > 0, kind).toBe(true);

      const pages = await get("/api/v2/event_pages/");
      expect(pages.status).toBe(200);
      const items = (JSON.parse(pages.bytes.toString("utf8")) as { items: { id: number }[] }).items;
      expect(items).toHaveLength(readdirSync(path.join(site, "content/events")).length);
      for (const item of items) expect(item.id).toBeLessThan(next.page!);

      // npx passes the signal on by dying of it: the command itself is gone when its process group is.
      const group = -edit.process.pid!;
      process.kill(group, "SIGINT");
      const gone = () => {
        try {
          process.kill(group, 0);
          return undefined;
        } catch {
          return true;
        }
      };
      await waitFor(edit, gone, "edit to stop on Ctrl-C", 20_000);
      await expect(fetch(`${base}/admin/`)).rejects.toThrow();
    } finally {
      await edit.stop();
    }
  });

  it("writes the admin for deployment from the installed package: the page, every file it loads, config.yml for GitHub", () => {
    const pkg = path.join(site, "node_modules/build-catalogue");
    const run = spawnSync("npx", ["--no-install", "build-catalogue", "admin", "--repo", "example-arts/events"], { cwd: site, encoding: "utf8" });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Wrote the admin into admin\//);
    const admin = path.join(site, "admin");
    const scripts = [...readFileSync(path.join(admin, "index.html"), "utf8").matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]!);
    expect(scripts).toEqual([DECAP_FILE, EXTENSION_FILE]);
    expect(readFileSync(path.join(admin, EXTENSION_FILE))).toEqual(readFileSync(path.join(pkg, "lib/admin/admin.js")));
    // Decap's bundle and what it loads from beside itself (its numbered chunks, its WebAssembly), with its license, as the package carries them.
    const decapDist = path.join(pkg, DECAP_FOLDER);
    const decap = decapFiles(decapDist);
    expect(decap.filter((n) => /^\d+\.decap-cms\.js$/.test(n)).length).toBeGreaterThan(10);
    const wasm = new Set(readFileSync(path.join(decapDist, DECAP_FILE), "utf8").match(/[0-9a-f]{20}\.wasm/g) ?? []);
    expect([...wasm].filter((name) => !decap.includes(name))).toEqual([]);
    for (const name of decap) expect(readFileSync(path.join(admin, name)).equals(readFileSync(path.join(decapDist, name))), name).toBe(true);
    const config = parseYaml(readFileSync(path.join(admin, "config.yml"), "utf8")) as { backend: Record<string, unknown>; collections: { name: string; folder?: string }[] };
    expect(config.backend).toMatchObject({ name: "github", repo: "example-arts/events" });
    expect(config.collections.find((c) => c.name === "events")?.folder).toBe("content/events");
  });

  it.skipIf(!CHROMIUM_BIN)("saves an event through the admin's form in Chromium, from the installed package alone", async () => {
    const bin = path.join(site, "node_modules/build-catalogue/bin/build-catalogue.js");
    const file = path.join(site, "content/events/the-seagull.json");
    const text = readFileSync(file, "utf8");
    const edit = startProcess(process.execPath, [bin, "edit", "--port", "0", "--now", "2026-05-01T00:00:00Z"], { cwd: site });
    const browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const base = await waitFor(edit, () => /Admin at (http:\/\/127\.0\.0\.1:\d+)\/admin\//.exec(edit.output())?.[1], "the admin's address", 60_000);
      await waitForHttp(`${base}/api/v2/event_pages/`, 60_000, edit);
      const outside: string[] = [];
      const page = await openAdmin(browser, base, outside);
      await page.goto(`${base}/admin/#/collections/events/entries/the-seagull`);
      await expect.poll(() => field(page, "title").inputValue(), { timeout: 20_000 }).toBe("The Seagull");
      await field(page, "title").fill("The Seagull, saved from the installed admin");
      await publish(page);
      await expect.poll(() => readFileSync(file, "utf8"), { timeout: 10_000 }).toBe(text.replace('"title": "The Seagull"', '"title": "The Seagull, saved from the installed admin"'));
      const title = async () => ((await (await fetch(`${base}/api/v2/event_pages/201/`)).json()) as { title: string }).title;
      await expect.poll(title, { timeout: 30_000 }).toBe("The Seagull, saved from the installed admin");
      // Decap's bundle, its chunks and the page: all from the edit server, nothing from elsewhere.
      expect(outside).toEqual([]);
    } finally {
      writeFileSync(file, text);
      await browser.close();
      await edit.stop();
    }
  }, 180_000);

  it("rebuilds from its cache, and a dependency's new version reuses nothing (the cache's key has the dependencies' versions)", () => {
    const build = () => execFileSync("npx", ["--no-install", "build-catalogue", "--out", "dist-cache", "--now", "2026-05-01T00:00:00Z"], { cwd: site, encoding: "utf8" });
    build();
    expect(build()).toContain("Reused 2 unchanged event pages");
    // yaml loads on first use, from outside the bundle: its version is in the key, not its code.
    const yamlPackage = path.join(site, "node_modules/yaml/package.json");
    const text = readFileSync(yamlPackage, "utf8");
    try {
      writeFileSync(yamlPackage, text.replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
      expect(build()).not.toContain("Reused");
    } finally {
      writeFileSync(yamlPackage, text);
    }
    expect(build()).not.toContain("Reused"); // the key of the build before
    expect(build()).toContain("Reused 2 unchanged event pages");
  });

  it("writes, reads ahead and checks on its write thread from the installed package: the same bytes as from the repository", () => {
    // More than 2,000 event pages (WRITE_THREAD_FROM): the thread loads its own modules (the
    // writer, the reader, the response schemas, zod and the validators) from the package.
    const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), path.join(site, "content-large"), "2100", "3"], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    const started = path.join(work, "workers-started.txt");
    const args = ["--content", "content-large", "--no-cache", "--now", "2026-05-01T00:00:00Z"];
    // The installed command run by node itself: npx is a Node process too, whose own exit would write the note last.
    const bin = path.join(site, "node_modules/build-catalogue/bin/build-catalogue.js");
    const run = spawnSync(process.execPath, [bin, ...args, "--out", "dist-large"], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: `--import=${path.join(ROOT, "test/helpers/count-workers.mjs")}`, WORKERS_STARTED_FILE: started },
    });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toContain("Built 2100 event pages into dist-large/");
    expect(readFileSync(started, "utf8")).toBe("write-worker.js");
    // The same catalogue built by the repository's own command, on one thread.
    const reference = spawnSync(process.execPath, [path.join(ROOT, "bin/build-catalogue.js"), ...args, "--out", path.join(work, "reference-large")], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, BUILD_CATALOGUE_THREADS: "0" },
    });
    expect(reference.status, reference.stderr.slice(-2000)).toBe(0);
    expect(snapshotTree(path.join(site, "dist-large"))).toEqual(snapshotTree(path.join(work, "reference-large")));
  }, 120_000);

  it("builds the example catalogue's originals from the installed package: sharp's native part loads outside the bundle", () => {
    cpSync(path.join(ROOT, "content"), path.join(site, "content-example"), { recursive: true });
    const run = spawnSync("npx", ["--no-install", "build-catalogue", "--strict", "--content", "content-example", "--out", "dist-example", "--now", "2026-11-23T09:00:00+11:00"], { cwd: site, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Image renditions: \d+ made, 0 reused from the cache$/m);
    const thumbnails = new Set(readdirSync(path.join(site, "content-example/events")).map((f) => (JSON.parse(readFileSync(path.join(site, "content-example/events", f), "utf8")) as { thumbnail: { image: number } }).thumbnail.image));
    expect(readdirSync(path.join(site, "dist-example/media/images"))).toHaveLength(thumbnails.size);
    expect(readdirSync(path.join(site, "dist-example/media/original_images")).sort()).toEqual(readdirSync(path.join(ROOT, "content/images")).sort());
  }, 120_000);

  it("reports its version from the installed package", () => {
    const version = execFileSync("npx", ["--no-install", "build-catalogue", "--version"], { cwd: site, encoding: "utf8" }).trim();
    expect(version).toBe(JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version);
  });

  it("writes every host's rules, templates included, from the installed package", () => {
    for (const host of ["serve", "netlify", "vercel", "nginx", "cloudflare"]) {
      execFileSync("npx", ["--no-install", "build-catalogue", "--host", host, "--out", `dist-${host}`, "--now", "2026-05-01T00:00:00Z"], { cwd: site, encoding: "utf8" });
    }
    expect(readFileSync(path.join(site, "dist-cloudflare/_worker.js/index.js"), "utf8")).toContain('"prefix": "/api/v2/event_pages/"');
    expect(readFileSync(path.join(site, "dist-nginx/api/v2/event_pages/201/index.api.html"), "utf8")).toContain("HTTP 200 OK");
    expect(existsSync(path.join(site, "dist-vercel/vercel.json"))).toBe(true);
  });
});

describe("the packed package in an empty folder: init, then build", () => {
  let fresh = "";
  beforeAll(() => {
    fresh = path.join(work, "fresh");
    mkdirSync(fresh);
    execFileSync(npm, ["install", "--prefix", fresh, "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: fresh, stdio: "pipe" });
  }, 300_000);

  it("ships the starter", () => {
    expect(existsSync(path.join(fresh, "node_modules/build-catalogue/templates/starter/content/events"))).toBe(true);
  });

  it("npx build-catalogue init writes a site whose $schema keys reach the installed package's schemas", () => {
    const out = execFileSync("npx", ["--no-install", "build-catalogue", "init"], { cwd: fresh, encoding: "utf8" });
    expect(out).toContain("  wrote content/events/opening-night-concert.json\n");
    // npm install wrote package.json naming the package: no install step, and no copy of the schemas.
    expect(out).not.toContain("npm install");
    expect(existsSync(path.join(fresh, "schemas"))).toBe(false);
    for (const file of ["content/catalogue.json", "content/events/opening-night-concert.json"]) {
      const ref = (JSON.parse(readFileSync(path.join(fresh, file), "utf8")) as { $schema: string }).$schema;
      expect(ref, file).toMatch(/^(\.\.\/)+node_modules\/build-catalogue\/schemas\/[a-z]+\.schema\.json$/);
      const target = path.resolve(path.dirname(path.join(fresh, file)), ref);
      expect(readFileSync(target, "utf8")).toBe(readFileSync(path.join(ROOT, "schemas", path.basename(target)), "utf8"));
    }
    expect(readFileSync(path.join(fresh, ".gitignore"), "utf8")).toBe("dist/\nnode_modules/\n");
    expect(readFileSync(path.join(fresh, ".github/workflows/events-catalogue.yml"), "utf8")).toBe(readFileSync(path.join(ROOT, "examples/github-actions.yml"), "utf8"));
  });

  it("then npx build-catalogue builds it: exit 0, no warning", () => {
    const run = spawnSync("npx", ["--no-install", "build-catalogue"], { cwd: fresh, encoding: "utf8" });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("Built 1 event page into dist/");
    expect(run.stdout + run.stderr).not.toMatch(/warning/i);
    expect(existsSync(path.join(fresh, "dist/api/v2/event_pages/10/index.json"))).toBe(true);
  });

  it("new event from the installed package names the installed schema too", () => {
    execFileSync("npx", ["--no-install", "build-catalogue", "new", "event", "second-show"], { cwd: fresh, encoding: "utf8" });
    const ref = (JSON.parse(readFileSync(path.join(fresh, "content/events/second-show.json"), "utf8")) as { $schema: string }).$schema;
    expect(ref).toBe("../../node_modules/build-catalogue/schemas/event.schema.json");
    expect(existsSync(path.resolve(fresh, "content/events", ref))).toBe(true);
  });
});
