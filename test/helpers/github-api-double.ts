// The part of GitHub's REST API that Decap CMS's GitHub backend reads to sign in, list a folder
// collection and read its entries and files (decap-cms-backend-github's API.ts and
// implementation.tsx), for one repository whose branch is a folder on disk, read at each request:
// the user, the repository with the user's permissions, trees by `branch:path` (recursive or
// not), blobs by their git SHA, a file's last commit, the open pull requests (none) and the
// issue search (nothing found). Every SHA is git's own for what the folder holds now. A request
// for anything else is answered 404, as GitHub answers an unknown address, and recorded in
// `unknown` for the test to find; one without the token is answered 401 and kept in `refused`.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

export interface RepositoryOnDisk {
  /** OWNER/NAME. */
  repo: string;
  /** The branch whose files `dir` holds. */
  branch: string;
  /** The repository's working tree (a .git folder in it is left out). */
  dir: string;
}

export interface GithubApi {
  /** Every request answered, as "METHOD /path?query" below the API's root. */
  requests: string[];
  /** Requests for what the stand-in does not implement (answered 404). */
  unknown: string[];
  /** Requests without the token (answered 401). */
  refused: string[];
  /** Answers `req` when its path is below `root`; false when it is not the API's. */
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;
}

export interface ApiUser {
  login: string;
  id: number;
  name: string;
  email: string;
}

const gitSha = (type: "blob" | "tree", body: Buffer) => createHash("sha1").update(`${type} ${body.length}\0`).update(body).digest("hex");

/** A file's blob SHA, as git and GitHub name it. */
export const blobSha = (file: string): string => gitSha("blob", readFileSync(file));

type TreeEntry = { name: string; type: "blob" | "tree"; mode: string; sha: string; size?: number; file: string };

/** The folder's entries as git stores them: files and folders (links and .git left out), each with its SHA; `blobs` learns each file's. */
function treeOf(dir: string, blobs: Map<string, string>): { sha: string; entries: TreeEntry[] } {
  const entries: TreeEntry[] = [];
  for (const name of readdirSync(dir)) {
    if (name === ".git") continue;
    const file = path.join(dir, name);
    const stat = lstatSync(file);
    if (stat.isDirectory()) {
      entries.push({ name, type: "tree", mode: "040000", sha: treeOf(file, blobs).sha, file });
    } else if (stat.isFile()) {
      const sha = gitSha("blob", readFileSync(file));
      blobs.set(sha, file);
      entries.push({ name, type: "blob", mode: "100644", sha, size: stat.size, file });
    }
  }
  // Git's order: by name, a folder's name as if it ended with "/".
  const key = (e: TreeEntry) => Buffer.from(e.type === "tree" ? `${e.name}/` : e.name);
  entries.sort((a, b) => Buffer.compare(key(a), key(b)));
  const body = Buffer.concat(entries.map((e) => Buffer.concat([Buffer.from(`${e.mode.replace(/^0/, "")} ${e.name}\0`), Buffer.from(e.sha, "hex")])));
  return { sha: gitSha("tree", body), entries };
}

/** The folder's entries for the API: its own, or every one below it with its path from it. */
function listing(dir: string, recursive: boolean, blobs: Map<string, string>, prefix = ""): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const e of treeOf(dir, blobs).entries) {
    const item: Record<string, unknown> = { path: `${prefix}${e.name}`, mode: e.mode, type: e.type, sha: e.sha };
    if (e.size !== undefined) item.size = e.size;
    out.push(item);
    if (recursive && e.type === "tree") out.push(...listing(e.file, true, blobs, `${prefix}${e.name}/`));
  }
  return out;
}

/** The path below the repository's folder, or null when it leaves it. */
function inside(dir: string, relative: string): string | null {
  const parts = relative.split("/").filter((p) => p !== "");
  if (parts.some((p) => p === "." || p === ".." || p === ".git")) return null;
  return path.join(dir, ...parts);
}

/** GitHub's API for `repository` below `root` (such as "/api/v3", an Enterprise server's), for the user holding `token`. */
export function githubApi(root: string, repository: RepositoryOnDisk, token: string, user: ApiUser): GithubApi {
  const requests: string[] = [];
  const unknown: string[] = [];
  const refused: string[] = [];
  // Each blob's file, learnt from the trees listed (a blob is asked for by the SHA a tree gave).
  const blobs = new Map<string, string>();
  const repoPath = `/repos/${repository.repo}`;
  const [owner, name] = repository.repo.split("/") as [string, string];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) => send(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });

  /** The answer for a GET of `route` (below the API's root), or undefined when the stand-in does not implement it. */
  function get(route: string, query: URLSearchParams): { status: number; body: unknown } | undefined {
    if (route === "/user") return { status: 200, body: { ...user, type: "User", site_admin: false } };
    if (route === "/search/issues") return { status: 200, body: { total_count: 0, incomplete_results: false, items: [] } };
    if (route === repoPath) {
      return {
        status: 200,
        body: { id: 1, name, full_name: repository.repo, private: true, fork: false, owner: { login: owner, type: "Organization" }, default_branch: repository.branch, permissions: { admin: false, maintain: false, push: true, triage: true, pull: true } },
      };
    }
    if (!route.startsWith(`${repoPath}/`)) return undefined;
    const rest = route.slice(repoPath.length);
    if (rest === "/pulls") return { status: 200, body: [] };
    const tree = /^\/git\/trees\/(.+)$/.exec(rest);
    if (tree) {
      // `branch:folder`, the folder as it is or encoded (Decap sends both).
      const spec = decodeURIComponent(tree[1]!);
      const colon = spec.indexOf(":");
      if (colon < 0 || spec.slice(0, colon) !== repository.branch) return { status: 404, body: null };
      const folder = inside(repository.dir, spec.slice(colon + 1));
      if (folder === null || !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return { status: 404, body: null };
      const recursive = query.get("recursive") === "1";
      return { status: 200, body: { sha: treeOf(folder, blobs).sha, tree: listing(folder, recursive, blobs), truncated: false } };
    }
    const blob = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
    if (blob) {
      const file = blobs.get(blob[1]!);
      const bytes = file && statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file) : null;
      // The file changed since its tree was listed: that blob is not this branch's any more.
      if (!bytes || gitSha("blob", bytes) !== blob[1]) return { status: 404, body: null };
      const content = bytes.toString("base64").replace(/.{60}/g, "$&\n");
      return { status: 200, body: { sha: blob[1], node_id: "", size: bytes.length, content, encoding: "base64" } };
    }
    if (rest === "/commits") {
      // The file's last commit: its author, and the file's modification time as the date.
      const file = inside(repository.dir, query.get("path") ?? "");
      const stat = file && query.get("sha") === repository.branch ? statSync(file, { throwIfNoEntry: false }) : undefined;
      if (!stat?.isFile()) return { status: 200, body: [] };
      const who = { name: user.name, email: user.email, date: stat.mtime.toISOString() };
      const sha = createHash("sha1").update(`${query.get("path")}\0${stat.mtimeMs}`).digest("hex");
      return { status: 200, body: [{ sha, commit: { author: who, committer: who, message: `Update ${query.get("path")}` }, author: { login: user.login } }] };
    }
    return undefined;
  }

  function handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) return false;
    const route = url.pathname.slice(root.length) || "/";
    // GitHub's API is open to every origin: the admin calls it from its own.
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Expose-Headers", "ETag, Link");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST, PATCH, PUT, DELETE",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, If-None-Match",
        "Access-Control-Max-Age": "86400",
      }).end();
      return true;
    }
    const shown = `${req.method} ${route}${url.search}`;
    requests.push(shown);
    if (req.headers.authorization !== `token ${token}`) {
      refused.push(shown);
      send(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
      return true;
    }
    const answer = req.method === "GET" ? get(route, url.searchParams) : undefined;
    if (answer === undefined) {
      unknown.push(shown);
      notFound(res);
    } else if (answer.status === 404) notFound(res);
    else send(res, answer.status, answer.body);
    return true;
  }

  return { requests, unknown, refused, handle };
}
