// The stand-in GitHub's REST API (test/helpers/github-api-double.ts), held to git itself: the trees
// and blobs it lists for a folder are the ones git commits for the same files, SHA for SHA; a blob
// is the file's bytes; it asks for the token, answers 404 for what it does not know and records it.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, tempDir } from "./helpers/cli.js";
import { startGithubDouble, type GithubDouble } from "./helpers/github-oauth-double.js";
import type { GithubApi } from "./helpers/github-api-double.js";

let dir = "";
let github: GithubDouble;
let api: GithubApi;

const git = (...args: string[]) => {
  const run = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.org", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.org" } });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
};
const call = (route: string, token: string | null = github.token) => fetch(`${github.apiRoot}${route}`, { headers: token ? { Authorization: `token ${token}` } : {} });

beforeAll(async () => {
  dir = tempDir("bc-github-api-");
  // Names git orders with care: "a.b" before the folder "a" (compared as "a/"), a folder inside a folder, bytes that are not text.
  mkdirSync(path.join(dir, "content/events/a"), { recursive: true });
  writeFileSync(path.join(dir, "content/events/hamlet.json"), '{"title": "Hamlet"}\n');
  writeFileSync(path.join(dir, "content/events/ophelia.yaml"), "title: Ophelia\n");
  writeFileSync(path.join(dir, "content/events/a.b"), "");
  writeFileSync(path.join(dir, "content/events/a/deep.yml"), "title: Deep\n");
  writeFileSync(path.join(dir, "content/logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0x10]));
  writeFileSync(path.join(dir, "README.md"), "# site\n");
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "site");
  github = await startGithubDouble();
  api = github.serveRepository({ repo: "example-arts/events", branch: "main", dir });
});
afterAll(async () => {
  await github?.close();
  removeDir(dir);
});

describe("the stand-in GitHub's REST API", () => {
  it("lists a folder's tree as git has it: every path, mode, type and SHA, recursive or not, by branch:path as it is or encoded", async () => {
    const listed = (await (await call("/repos/example-arts/events/git/trees/main:content?recursive=1")).json()) as { sha: string; tree: { path: string; mode: string; type: string; sha: string }[] };
    expect(listed.sha).toBe(git("rev-parse", "main:content"));
    const fromGit = git("ls-tree", "-r", "-t", "main:content").split("\n").map((line) => {
      const [meta, file] = line.split("\t") as [string, string];
      const [mode, type, sha] = meta.split(" ");
      return { path: file, mode, type, sha };
    });
    expect(listed.tree.map(({ path: p, mode, type, sha }) => ({ path: p, mode, type, sha }))).toEqual(fromGit);
    const one = (await (await call(`/repos/example-arts/events/git/trees/main:${encodeURIComponent("content/events")}`)).json()) as { sha: string; tree: { path: string }[] };
    expect(one.sha).toBe(git("rev-parse", "main:content/events"));
    expect(one.tree.map((e) => e.path)).toEqual(["a.b", "a", "hamlet.json", "ophelia.yaml"]);
  });

  it("answers a blob by its SHA with the file's bytes in base64, and no longer once the file has changed", async () => {
    const sha = git("rev-parse", "main:content/logo.png");
    await call("/repos/example-arts/events/git/trees/main:content");
    const blob = (await (await call(`/repos/example-arts/events/git/blobs/${sha}`)).json()) as { content: string; encoding: string; size: number };
    expect(blob.encoding).toBe("base64");
    expect(Buffer.from(blob.content, "base64")).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0x10]));
    writeFileSync(path.join(dir, "content/logo.png"), "changed");
    expect((await call(`/repos/example-arts/events/git/blobs/${sha}`)).status).toBe(404);
  });

  it("wants the token, lets every origin call it, and records what it does not implement (404) apart from what is not there (404 too)", async () => {
    const before = api.unknown.length;
    const anonymous = await call("/user", null);
    expect(anonymous.status).toBe(401);
    expect(api.refused).toContain("GET /user");
    expect(((await (await call("/user")).json()) as { login: string }).login).toBe(github.user.login);
    expect((await call("/repos/example-arts/events/git/trees/main:nothing")).status).toBe(404);
    expect((await call("/repos/example-arts/events/git/trees/other:content")).status).toBe(404);
    expect(api.unknown.length).toBe(before);
    expect((await call("/repos/example-arts/events/git/refs/meta/_decap_cms")).status).toBe(404);
    expect(api.unknown.slice(before)).toEqual(["GET /repos/example-arts/events/git/refs/meta/_decap_cms"]);
    const preflight = await fetch(`${github.apiRoot}/user`, { method: "OPTIONS", headers: { Origin: "http://127.0.0.1:1", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  });
});
