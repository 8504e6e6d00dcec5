// How a site depends on build-catalogue, as docs/installing.md says: each way is installed into a
// site, then the site's committed files alone (package.json, package-lock.json, content/, and the
// tarball when it is committed) are copied to a fresh folder, as CI's checkout is, where `npm ci`
// must install it and `npx build-catalogue` build.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, ROOT, snapshotTree, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string; engines: { node: string } };
let work = "";
let tarball = "";

/** Whether this Node satisfies the package's `>=X.Y` engines range. */
function supportedNode(): boolean {
  const [wantMajor = 0, wantMinor = 0] = pkg.engines.node.replace(/^>=\s*/, "").split(".").map(Number);
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

/** A site's repository: package.json (with the install script docs/installing.md says to deny) and the example's content. */
function newSite(name: string): string {
  const site = path.join(work, name);
  mkdirSync(site);
  cpSync(path.join(EXAMPLE, "content"), path.join(site, "content"), { recursive: true });
  writeFileSync(path.join(site, "package.json"), `${JSON.stringify({ name, private: true, allowScripts: { "@parcel/watcher": false } }, null, 2)}\n`);
  return site;
}

/** npm in `cwd` as the project (--prefix, whatever the folders above hold); `cache`: a cache folder of its own, empty as a CI machine's. */
function npmIn(args: string[], cwd: string, cache?: string) {
  const own = cache === undefined ? [] : ["--cache", cache];
  return spawnSync(npm, [...args, "--prefix", cwd, "--no-audit", "--no-fund", ...own], { cwd, encoding: "utf8", timeout: 600_000 });
}

/** Runs npm and returns its output; fails the test on a non-zero exit. */
function runNpm(args: string[], cwd: string, cache?: string): string {
  const r = npmIn(args, cwd, cache);
  expect(r.status, `npm ${args.join(" ")}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout + r.stderr;
}

/** The committed files of a site (what CI's checkout holds), copied into a fresh folder. */
function checkout(site: string, files: string[]): string {
  const clone = `${site}-ci`;
  for (const f of files) cpSync(path.join(site, f), path.join(clone, f), { recursive: true });
  return clone;
}

/** `npm ci` in a checkout, then the build there; the build's output is the example's API. */
function installAndBuild(clone: string, cache?: string): string {
  const log = runNpm(["ci"], clone, cache);
  const out = execFileSync("npx", ["--no-install", "build-catalogue", "--now", "2026-05-01T00:00:00Z"], { cwd: clone, encoding: "utf8" });
  expect(out).toContain("Built 2 event pages into dist/");
  const expected = snapshotTree(path.join(EXAMPLE, "expected"));
  const actual = snapshotTree(path.join(clone, "dist"));
  for (const [file, bytes] of expected) expect(actual.get(file), file).toBe(bytes);
  return log;
}

/** On a Node the package supports, npm says nothing of engines; on an older one it warns, naming the range. */
function expectEngines(log: string): void {
  if (supportedNode()) expect(log).not.toContain("EBADENGINE");
  else expect(log).toContain(`required: { node: '${pkg.engines.node}`);
}

beforeAll(() => {
  work = tempDir("bc-site-install-");
  const packed = execFileSync(npm, ["pack", "--silent", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop()!;
  tarball = path.join(work, packed);
}, 300_000);
afterAll(() => removeDir(work));

describe("a site depends on build-catalogue", () => {
  it("as a tarball committed in the site's repository: npm ci installs it from the lockfile on a fresh checkout", () => {
    const site = newSite("tarball-site");
    mkdirSync(path.join(site, "vendor"));
    cpSync(tarball, path.join(site, "vendor", path.basename(tarball)));
    const installLog = runNpm(["install", "--save-dev", `./vendor/${path.basename(tarball)}`], site);
    expectEngines(installLog);
    const manifest = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    // A path inside the repository, which a checkout holds (a tarball outside it is what CI cannot resolve).
    expect(manifest.devDependencies["build-catalogue"]).toBe(`file:vendor/build-catalogue-${pkg.version}.tgz`);
    const clone = checkout(site, ["package.json", "package-lock.json", "vendor", "content"]);
    expect(existsSync(path.join(clone, "node_modules"))).toBe(false);
    // An empty cache, as on a CI machine: the tarball comes from vendor/, not from this machine's cache.
    const log = installAndBuild(clone, path.join(work, "cache-tarball"));
    expectEngines(log);
    // The one install script among the dependencies is denied as the docs say: npm lists none to review.
    expect(log).not.toContain("allowScripts");
  }, 600_000);

  it("as the tarball a site's CI is missing: npm ci names it, and fails", () => {
    const site = newSite("outside-site");
    runNpm(["install", "--save-dev", tarball], site);
    const manifest = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies["build-catalogue"]).toMatch(/^file:\.\.\//);
    // CI's checkout holds the site's files and not the tarball beside it: the way docs/installing.md warns against.
    const clone = path.join(work, "elsewhere", "outside-site");
    for (const f of ["package.json", "package-lock.json", "content"]) cpSync(path.join(site, f), path.join(clone, f), { recursive: true });
    const r = npmIn(["ci"], clone, path.join(work, "cache-outside"));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(path.basename(tarball));
  }, 600_000);

  it("as a git URL with a tag: npm ci clones the tag and builds the package (its prepare script) on a fresh checkout", () => {
    // A repository holding this commit, tagged as a release would be.
    const repo = path.join(work, "build-catalogue.git");
    execFileSync("git", ["clone", "--quiet", "--bare", ROOT, repo]);
    execFileSync("git", ["-C", repo, "tag", `v${pkg.version}`, "HEAD"]);
    const site = newSite("git-site");
    const url = `git+file://${repo}#v${pkg.version}`;
    runNpm(["install", "--save-dev", url], site);
    const manifest = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies["build-catalogue"]).toBe(url);
    const lock = JSON.parse(readFileSync(path.join(site, "package-lock.json"), "utf8")) as { packages: Record<string, { resolved?: string }> };
    // The lockfile pins the tag's commit, so CI installs what was reviewed even if the tag moves.
    const head = execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    expect(lock.packages["node_modules/build-catalogue"]?.resolved).toContain(head);
    const clone = checkout(site, ["package.json", "package-lock.json", "content"]);
    expectEngines(installAndBuild(clone));
    expect(existsSync(path.join(clone, "node_modules/build-catalogue/lib/cli.bundle.js"))).toBe(true);
  }, 900_000);
});
