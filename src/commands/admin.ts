// `admin`: write the admin (Decap CMS, the extension, config.yml for Decap's GitHub backend and
// editorial workflow) into a folder to deploy as a static site.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { Command, Option } from "commander";
import { BRANCH, GITHUB_REPO, githubRepoOf, originUrl, pathInRepository, repositoryRoot } from "../admin/repository.js";
import { ADMIN_HOSTS, SAME_ORIGIN, type AdminHost } from "../admin/sign-in-hosts.js";
import { UsageError } from "../errors.js";
import { contentOption, type CommandContext } from "./common.js";

interface AdminFlags {
  content: string;
  out: string;
  repo?: string;
  branch: string;
  oauthUrl?: string;
  githubApi?: string;
  host: AdminHost;
}

export function adminCommand({ io, setCode }: CommandContext): Command {
  return new Command("admin")
    .description("write the admin (Decap CMS with the GitHub backend: editors sign in with GitHub and each change is a pull request) into a folder to deploy as a static site")
    .addOption(contentOption("the content folder, inside the repository"))
    .addOption(new Option("--out <dir>", "the folder to write (admin's own: rewritten by each run)").default("admin"))
    .addOption(new Option("--repo <owner/name>", "the GitHub repository holding the content (default: the origin remote's, when it is on GitHub)"))
    .addOption(new Option("--branch <name>", "the branch changes are merged into").default("main"))
    .addOption(new Option("--host <host>", "where the admin is deployed: its GitHub sign-in is written beside it (cloudflare: a Pages _worker.js; vercel: edge functions in api/oauth/; nginx: a Node server to proxy to), or Netlify's own provider signs in (netlify)").choices([...ADMIN_HOSTS]).default("netlify"))
    .addOption(new Option("--oauth-url <url>", "the sign-in address of your own OAuth client for GitHub, such as https://oauth.example.workers.dev/auth, instead of the host's (nothing written for the sign-in)"))
    .addOption(new Option("--github-api <url>", "GitHub's REST API for a GitHub Enterprise Server, such as https://github.example.org/api/v3 (default GitHub's own, https://api.github.com): the admin reads and writes the repository there"))
    .action(async (flags: AdminFlags) => {
      checkFolders(flags);
      const apiRoot = flags.githubApi === undefined ? undefined : apiRootOf(flags.githubApi);
      const { repo, fromOrigin } = repositoryOf(flags.repo);
      const branch = flags.branch;
      if (!BRANCH.test(branch)) throw new UsageError(`--branch: "${branch}" is not a branch name`);
      const { signInFiles, signsInOnOwnOrigin, authEndpointOf } = await import("../admin/sign-in-files.js");
      // --oauth-url, when given, is the sign-in; else the host's, on the admin's own origin (Netlify's provider by default).
      const ownOrigin = flags.oauthUrl === undefined && signsInOnOwnOrigin(flags.host);
      const oauth = flags.oauthUrl !== undefined ? oauthOf(flags.oauthUrl) : ownOrigin ? { baseUrl: SAME_ORIGIN, authEndpoint: authEndpointOf(flags.host) } : undefined;
      const root = repositoryRoot(process.cwd());
      const contentPath = pathInRepository(root, flags.content);
      if (contentPath === null) throw new UsageError(`--content ${flags.content} is outside the repository (${root}): the admin edits the repository's files; run admin in the site's repository`);
      const { writeAdmin } = await import("../admin/write-admin.js");
      const { adminReport } = await import("../admin/admin-report.js");
      const written = writeAdmin(flags.out, flags.out, { contentDir: flags.content, contentPath, repo, branch, ...(oauth ? { oauth } : {}), ...(apiRoot ? { apiRoot } : {}) }, ownOrigin ? signInFiles(flags.host) : []);
      const host = ownOrigin && flags.host !== "netlify" ? flags.host : undefined;
      for (const line of adminReport(written, { outArg: flags.out, repo, repoFromOrigin: fromOrigin, branch, contentPath, oauthUrl: flags.oauthUrl, ...(apiRoot ? { apiRoot } : {}), ...(host ? { host } : {}) })) io.out(line);
      setCode(0);
    });
}

/** --content must be a folder, and --out not inside it (the build would read the admin as content). */
function checkFolders(flags: AdminFlags): void {
  if (!existsSync(flags.content)) throw new UsageError(`--content: the folder ${flags.content} does not exist`);
  if (!statSync(flags.content).isDirectory()) throw new UsageError(`--content: ${flags.content} is a file; give the folder that holds catalogue.json`);
  const inside = path.relative(path.resolve(flags.content), path.resolve(flags.out));
  if (!inside.startsWith("..") && !path.isAbsolute(inside)) throw new UsageError(`--out ${flags.out} is inside --content ${flags.content}: the build would read the admin's files as content. Choose a folder outside it, such as admin`);
}

/** The repository: --repo, or the origin remote's when it is on GitHub. */
function repositoryOf(given: string | undefined): { repo: string; fromOrigin: boolean } {
  if (given !== undefined) {
    const repo = githubRepoOf(given) ?? given;
    if (!GITHUB_REPO.test(repo)) throw new UsageError(`--repo: "${given}" is not a GitHub repository; give it as OWNER/NAME, such as example-arts/events-catalogue`);
    return { repo, fromOrigin: false };
  }
  const origin = originUrl(process.cwd());
  const repo = origin === null ? null : githubRepoOf(origin);
  if (repo === null) {
    const why = origin === null ? "this folder has no git remote named origin" : `the origin remote (${origin}) is not on GitHub`;
    throw new UsageError(`--repo OWNER/NAME is needed: the admin saves to a GitHub repository, and ${why}. Give the repository, such as --repo example-arts/events-catalogue`);
  }
  return { repo, fromOrigin: true };
}

/** --oauth-url as Decap's backend options: base_url its origin, auth_endpoint its path. */
function oauthOf(given: string): { baseUrl: string; authEndpoint?: string } {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    url = new URL("invalid:");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username) {
    throw new UsageError(`--oauth-url: "${given}" is not the https address of an OAuth client, such as https://oauth.example.workers.dev/auth`);
  }
  const endpoint = url.pathname.replace(/^\/+|\/+$/g, "");
  return { baseUrl: url.origin, ...(endpoint ? { authEndpoint: endpoint } : {}) };
}

/** --github-api as Decap's api_root: an http(s) address without query, fragment or credentials, no slash at its end. */
function apiRootOf(given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    url = new URL("invalid:");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username || url.password) {
    throw new UsageError(`--github-api: "${given}" is not the http(s) address of GitHub's API; a GitHub Enterprise Server's is https://HOST/api/v3`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
