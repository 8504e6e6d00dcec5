// A site uses build-catalogue as a dependency: pack it, install the tarball into a folder that
// holds only content/, and run `npx build-catalogue` there, as a site's CI would; and into an
// empty folder, where `npx build-catalogue init` starts a site that builds.
import { isAscii } from "node:buffer";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, ROOT, snapshotTree, tempDir } from "./helpers/cli.js";
import { startProcess, waitFor } from "./helpers/server.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let work = "";
let site = "";
let tarball = "";

beforeAll(() => {
  work = tempDir("bc-pack-");
  const packed = execFileSync(npm, ["pack", "--silent", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop()!;
  tarball = path.join(work, packed);
  site = path.join(work, "site");
  copyContent(path.join(EXAMPLE, "content"), work, "site/content");
  // --prefix: the site folder is the project, whatever its parents hold (a node_modules/ above it would take the install).
  execFileSync(npm, ["install", "--prefix", site, "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: site, stdio: "pipe" });
}, 300_000);
afterAll(() => removeDir(work));

describe("the packed package in an empty site folder", () => {
  it("ships the compiled library and no sources or tests", () => {
    const pkg = path.join(site, "node_modules/build-catalogue");
    expect(existsSync(path.join(pkg, "lib/cli.js"))).toBe(true);
    expect(existsSync(path.join(pkg, "src"))).toBe(false);
    expect(existsSync(path.join(pkg, "test"))).toBe(false);
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
