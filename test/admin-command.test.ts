// `build-catalogue admin`, run as a user runs it (the compiled CLI): it writes the admin's page,
// Decap CMS's bundle and every chunk from the installed package, the extension and config.yml for
// Decap's GitHub backend; the folder is its own (a folder it did not write is refused, a file
// changed since it wrote it is refused, an earlier run's files it no longer writes are removed);
// the repository comes from --repo or the origin remote, and without either it says what to do.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decapDistDir, decapFiles, DECAP_FILE, EXTENSION_FILE, extensionBundlePath } from "../src/admin/admin-files.js";
import { ADMIN_MARKER } from "../src/admin/admin-folder.js";
import { copyContent, removeDir, ROOT, runCli, snapshotTree, tempDir, type CliRun } from "./helpers/cli.js";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** Each entry of a folder: a plain file's bytes' hash, or what else it is (never opened: a pipe would block). */
const entriesOf = (dir: string) =>
  Object.fromEntries(readdirSync(dir).sort().map((n) => {
    const st = lstatSync(path.join(dir, n));
    return [n, st.isFile() ? sha256(readFileSync(path.join(dir, n))) : st.isSymbolicLink() ? "link" : st.isFIFO() ? "pipe" : "folder"];
  }));
const git = (cwd: string, ...args: string[]) => spawnSync("git", args, { cwd, encoding: "utf8" });

/** A site's repository: content/ (the example's), optionally a git repository with an origin remote. */
function site(work: string, name: string, origin?: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  copyContent(path.join(ROOT, "content"), dir);
  if (origin !== undefined) {
    git(dir, "init", "-q");
    git(dir, "remote", "add", "origin", origin);
  }
  return dir;
}

let work = "";
beforeAll(() => void (work = tempDir("bc-admin-cmd-")));
afterAll(() => removeDir(work));

describe("admin --repo", () => {
  let dir = "";
  let run: CliRun;
  beforeAll(() => {
    dir = site(work, "site");
    run = runCli(["admin", "--repo", "example-arts/events", "--branch", "live"], { cwd: dir });
  });

  it("exits 0 with a one-line summary, then the next steps (deploying, signing in)", () => {
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toBe("");
    const [summary, next, ...steps] = run.stdout.trimEnd().split("\n");
    expect(summary).toMatch(/^Wrote the admin into admin\/ .*Decap CMS \d+\.\d+\.\d+.*content\/ of github\.com\/example-arts\/events, each change a pull request to live/);
    expect(next).toBe("Next:");
    expect(steps.join("\n")).toMatch(/static site of its own/);
    expect(steps.join("\n")).toMatch(/External OAuth clients/);
  });

  it("writes index.html loading Decap's bundle, then the extension", () => {
    const html = readFileSync(path.join(dir, "admin/index.html"), "utf8");
    const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([DECAP_FILE, EXTENSION_FILE]);
    expect(html).toContain("window.CMS_MANUAL_INIT = true");
  });

  it("index.html carries its Content-Security-Policy: its own origin, GitHub's API and avatars, its one inline script by hash", () => {
    const html = readFileSync(path.join(dir, "admin/index.html"), "utf8");
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
    const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).toContain(`script-src 'self' 'sha256-${createHash("sha256").update(inline).digest("base64")}'`);
    expect(policy).toContain("connect-src 'self' blob: data: https://api.github.com;");
    expect(policy).toContain("img-src 'self' data: blob: https://avatars.githubusercontent.com;");
    // A meta element cannot carry frame-ancestors (browsers ignore it there, with a warning).
    expect(policy).not.toContain("frame-ancestors");
  });

  it("writes every file of Decap's dist the admin needs, byte for byte, and the extension's bundle", () => {
    const dist = decapDistDir()!;
    const names = decapFiles(dist);
    expect(names).toContain(DECAP_FILE);
    expect(names.filter((n) => /^\d+\.decap-cms\.js$/.test(n)).length).toBeGreaterThan(10);
    for (const name of names) expect(sha256(readFileSync(path.join(dir, "admin", name))), name).toBe(sha256(readFileSync(path.join(dist, name))));
    expect(readFileSync(path.join(dir, "admin", EXTENSION_FILE))).toEqual(readFileSync(extensionBundlePath()));
    // Each chunk Decap's bundle names is there (its chunks are loaded by number from beside it).
    const bundle = readFileSync(path.join(dist, DECAP_FILE), "utf8");
    const wasm = [...new Set(bundle.match(/[0-9a-f]{20}\.wasm/g) ?? [])];
    for (const file of wasm) expect(existsSync(path.join(dir, "admin", file)), file).toBe(true);
    expect(readdirSync(path.join(dir, "admin")).sort()).toEqual([ADMIN_MARKER, EXTENSION_FILE, "config.yml", "index.html", ...names].sort());
  });

  it("writes config.yml for the GitHub backend and the editorial workflow, paths under content/", () => {
    const config = parse(readFileSync(path.join(dir, "admin/config.yml"), "utf8")) as Record<string, unknown> & { collections: { name: string; folder?: string; files?: { file: string }[] }[] };
    expect(config.backend).toEqual({ name: "github", repo: "example-arts/events", branch: "live" });
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(config.media_folder).toBe("content/images");
    expect(config.collections.find((c) => c.name === "events")!.folder).toBe("content/events");
    expect(config.collections.find((c) => c.name === "catalogue")!.files![0]!.file).toBe("content/catalogue.json");
    expect(config).not.toHaveProperty("local_backend");
  });

  it("runs again into its own folder, and then refuses a file changed since, touching nothing", () => {
    const before = snapshotTree(path.join(dir, "admin"));
    const again = runCli(["admin", "--repo", "example-arts/events", "--branch", "live"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(snapshotTree(path.join(dir, "admin"))).toEqual(before);
    const config = path.join(dir, "admin/config.yml");
    writeFileSync(config, `${readFileSync(config, "utf8")}# site_domain: mine\n`);
    const changed = snapshotTree(path.join(dir, "admin"));
    const refused = runCli(["admin", "--repo", "example-arts/events"], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^Usage error: --out admin: config\.yml was changed since build-catalogue admin wrote it/);
    expect(snapshotTree(path.join(dir, "admin"))).toEqual(changed);
  });
});

describe("the folder is admin's own", () => {
  it("refuses a folder it did not write, writing nothing", () => {
    const dir = site(work, "foreign");
    mkdirSync(path.join(dir, "public"));
    writeFileSync(path.join(dir, "public/index.html"), "<h1>mine</h1>");
    const run = runCli(["admin", "--repo", "a/b", "--out", "public"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage error: --out public holds files that build-catalogue admin did not write \(index\.html\)/);
    expect(readdirSync(path.join(dir, "public"))).toEqual(["index.html"]);
    expect(readFileSync(path.join(dir, "public/index.html"), "utf8")).toBe("<h1>mine</h1>");
  });

  it("refuses a file added to its folder, and --out inside the content folder", () => {
    const dir = site(work, "added");
    expect(runCli(["admin", "--repo", "a/b"], { cwd: dir }).code).toBe(0);
    writeFileSync(path.join(dir, "admin/notes.txt"), "mine");
    const run = runCli(["admin", "--repo", "a/b"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(notes.txt)");
    const inside = runCli(["admin", "--repo", "a/b", "--out", "content/admin"], { cwd: dir });
    expect(inside.code).toBe(2);
    expect(inside.stderr).toMatch(/--out content\/admin is inside --content content/);
    expect(existsSync(path.join(dir, "content/admin"))).toBe(false);
  });

  it("removes the files of an earlier run it no longer writes (an older Decap's chunks)", () => {
    const dir = site(work, "upgrade");
    expect(runCli(["admin", "--repo", "a/b"], { cwd: dir }).code).toBe(0);
    // As an older Decap would have left it: a chunk this one does not have, listed in the marker.
    const old = Buffer.from("/* an older chunk */");
    writeFileSync(path.join(dir, "admin/1.decap-cms.js"), old);
    const marker = path.join(dir, "admin", ADMIN_MARKER);
    const listed = JSON.parse(readFileSync(marker, "utf8")) as { files: Record<string, string> };
    listed.files["1.decap-cms.js"] = sha256(old);
    writeFileSync(marker, JSON.stringify(listed));
    const run = runCli(["admin", "--repo", "a/b"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain("Removed 1 files of the admin written before.");
    expect(existsSync(path.join(dir, "admin/1.decap-cms.js"))).toBe(false);
  });

  it("refuses a link, a pipe or a folder anywhere in its folder, the marker's temporary file's name included: nothing outside is written, nothing waits", () => {
    const dir = site(work, "links");
    expect(runCli(["admin", "--repo", "a/b"], { cwd: dir }).code).toBe(0);
    const outside = path.join(work, "outside.txt");
    writeFileSync(outside, "someone's file\n");
    const admin = path.join(dir, "admin");
    const cases: [string, () => void][] = [
      [`${ADMIN_MARKER}.tmp`, () => symlinkSync(outside, path.join(admin, `${ADMIN_MARKER}.tmp`))],
      ["config.yml", () => {
        rmSync(path.join(admin, "config.yml"));
        symlinkSync(outside, path.join(admin, "config.yml"));
      }],
      [`${ADMIN_MARKER}.tmp`, () => {
        const made = spawnSync("mkfifo", [path.join(admin, `${ADMIN_MARKER}.tmp`)]);
        expect(made.status).toBe(0);
      }],
      ["extra", () => mkdirSync(path.join(admin, "extra"))],
    ];
    for (const [name, make] of cases) {
      make();
      const before = entriesOf(admin);
      const run = runCli(["admin", "--repo", "a/b"], { cwd: dir, timeout: 30_000 });
      expect([run.code, run.stderr], name).toEqual([2, expect.stringContaining(`holds ${name}, which is not a plain file`)]);
      expect(readFileSync(outside, "utf8"), name).toBe("someone's file\n");
      expect(entriesOf(admin), name).toEqual(before);
      rmSync(path.join(admin, name), { recursive: true, force: true });
      // The run again, as admin left it: config.yml is written anew.
      expect(runCli(["admin", "--repo", "a/b"], { cwd: dir }).code, name).toBe(0);
    }
  });
});

describe("the repository", () => {
  it("reads it from the origin remote when that is on GitHub", () => {
    const dir = site(work, "origin", "git@github.com:example-arts/events-catalogue.git");
    const run = runCli(["admin"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/github\.com\/example-arts\/events-catalogue \(the origin remote\)/);
    expect((parse(readFileSync(path.join(dir, "admin/config.yml"), "utf8")) as { backend: unknown }).backend).toEqual({ name: "github", repo: "example-arts/events-catalogue", branch: "main" });
  });

  it("without --repo, and no GitHub remote, says what to give (exit 2, nothing written)", () => {
    for (const [name, origin] of [["no-remote", undefined], ["elsewhere", "https://gitlab.com/a/b.git"]] as const) {
      const dir = site(work, name, origin);
      const run = runCli(["admin"], { cwd: dir });
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toMatch(/^Usage error: --repo OWNER\/NAME is needed: the admin saves to a GitHub repository, and /);
      expect(run.stderr, name).toContain(origin === undefined ? "no git remote named origin" : "(https://gitlab.com/a/b.git) is not on GitHub");
      expect(existsSync(path.join(dir, "admin")), name).toBe(false);
    }
  });

  it("refuses a --repo, --branch or --oauth-url it cannot use, and writes --oauth-url as Decap's base_url and auth_endpoint", () => {
    const dir = site(work, "flags");
    for (const [args, message] of [
      [["--repo", "not a repo"], /--repo: "not a repo" is not a GitHub repository/],
      [["--repo", "a/b", "--branch", "two words"], /--branch: "two words" is not a branch name/],
      [["--repo", "a/b", "--oauth-url", "javascript:alert(1)"], /--oauth-url: .* is not the https address of an OAuth client/],
    ] as const) {
      const run = runCli(["admin", ...args], { cwd: dir });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toMatch(message);
    }
    expect(existsSync(path.join(dir, "admin"))).toBe(false);
    const run = runCli(["admin", "--repo", "https://github.com/a/b.git", "--oauth-url", "https://oauth.example.workers.dev/auth"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect((parse(readFileSync(path.join(dir, "admin/config.yml"), "utf8")) as { backend: unknown }).backend).toEqual({
      name: "github", repo: "a/b", branch: "main", base_url: "https://oauth.example.workers.dev", auth_endpoint: "auth",
    });
    // The page may reach the sign-in's origin too.
    expect(readFileSync(path.join(dir, "admin/index.html"), "utf8")).toContain("connect-src 'self' blob: data: https://api.github.com https://oauth.example.workers.dev;");
  });

  it("--github-api points the admin at a GitHub Enterprise server's API: config.yml's api_root, the page's policy allowing its origin alone; anything but an http(s) address is refused", () => {
    const dir = site(work, "enterprise");
    for (const bad of ["javascript:alert(1)", "ftp://github.example.org/api/v3", "github.example.org/api/v3", "https://github.example.org/api/v3?x=1", "https://user:pw@github.example.org/api/v3"]) {
      const run = runCli(["admin", "--repo", "a/b", "--github-api", bad], { cwd: dir });
      expect([run.code, run.stderr], bad).toEqual([2, expect.stringContaining(`--github-api: "${bad}" is not the http(s) address of GitHub's API; a GitHub Enterprise Server's is https://HOST/api/v3`)]);
    }
    expect(existsSync(path.join(dir, "admin"))).toBe(false);
    const run = runCli(["admin", "--repo", "a/b", "--github-api", "https://github.example.org/api/v3/", "--oauth-url", "https://oauth.example.org/auth"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain("of github.example.org/a/b,");
    expect((parse(readFileSync(path.join(dir, "admin/config.yml"), "utf8")) as { backend: unknown }).backend).toEqual({
      name: "github", repo: "a/b", branch: "main", base_url: "https://oauth.example.org", auth_endpoint: "auth", api_root: "https://github.example.org/api/v3",
    });
    // The server's API, and its avatars, in GitHub's place: the page reaches api.github.com no more.
    const html = readFileSync(path.join(dir, "admin/index.html"), "utf8");
    expect(html).toContain("connect-src 'self' blob: data: https://github.example.org https://oauth.example.org;");
    expect(html).toContain("img-src 'self' data: blob: https://github.example.org;");
    expect(html).not.toContain("api.github.com");
    // Without it again: GitHub's own.
    const again = runCli(["admin", "--repo", "a/b"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(readFileSync(path.join(dir, "admin/config.yml"), "utf8")).not.toContain("api_root");
    expect(readFileSync(path.join(dir, "admin/index.html"), "utf8")).toContain("connect-src 'self' blob: data: https://api.github.com;");
  });
});

it("init names the admin in its report", () => {
  const dir = path.join(work, "init");
  const run = runCli(["init", "--dir", dir]);
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toMatch(/npx build-catalogue admin --repo OWNER\/NAME/);
});
