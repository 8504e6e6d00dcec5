// The site's GitHub repository, as `admin` needs it: OWNER/NAME (given, or read from the origin
// remote when that is on GitHub), and where the content folder is from the repository's root.
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";

/** OWNER/NAME as GitHub allows them. */
export const GITHUB_REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** A branch name git accepts (a conservative subset: no spaces, no "..", not starting with "-" or "/"). */
export const BRANCH = /^(?![-/])(?!.*\.\.)(?!.*\/\/)(?!.*[/.]$)(?!.*\.lock$)[A-Za-z0-9._/-]+$/;

/** git's answer (trimmed), or null when git is missing or fails. */
function git(args: string[], cwd: string): string | null {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** OWNER/NAME of a GitHub remote URL (https, ssh or scp-like), or null for any other. */
export function githubRepoOf(url: string): string | null {
  const m = /^(?:https?:\/\/(?:[^@/]+@)?github\.com\/|ssh:\/\/git@github\.com(?::\d+)?\/|git@github\.com:|git:\/\/github\.com\/)([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m && GITHUB_REPO.test(m[1]!) ? m[1]! : null;
}

/** The origin remote's URL in `cwd`, or null. */
export const originUrl = (cwd: string): string | null => git(["remote", "get-url", "origin"], cwd);

/** The repository's root holding `cwd` (git's), or `cwd` itself outside a repository. */
export function repositoryRoot(cwd: string): string {
  return git(["rev-parse", "--show-toplevel"], cwd) ?? realpathSync(cwd);
}

/** The content folder from the repository's root, forward slashes ("" for the root itself); null when it is outside. */
export function pathInRepository(root: string, contentDir: string): string | null {
  const relative = path.relative(realpathSync(root), realpathSync(contentDir));
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join("/");
}
