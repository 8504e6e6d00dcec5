// What `build-catalogue admin` prints: one line saying what it wrote and for which repository,
// then the next steps (deploying the folder, the editors' sign-in).
import type { WrittenAdmin } from "./write-admin.js";

/** The folder as given, with one slash. */
const shownFolder = (arg: string) => `${arg.replace(/\/+$/, "")}/`;

export interface AdminTarget {
  outArg: string;
  repo: string;
  /** Whether the repository was read from the origin remote rather than given. */
  repoFromOrigin: boolean;
  branch: string;
  contentPath: string;
  oauthUrl?: string;
  /** GitHub's API when not GitHub's own (`--github-api`, an Enterprise server's). */
  apiRoot?: string;
  /** The host whose sign-in was written beside the admin (not Netlify's, not --oauth-url). */
  host?: "cloudflare" | "vercel" | "nginx";
}

/** The next step of the sign-in written for the host. */
const HOST_SIGN_IN: Record<NonNullable<AdminTarget["host"]>, string> = {
  cloudflare: "the sign-in is the Pages project's _worker.js: create a GitHub OAuth app whose callback URL is the admin's address + oauth/callback, and set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (a secret) in the Pages project",
  vercel: "the sign-in is the project's edge functions in api/oauth/: create a GitHub OAuth app whose callback URL is the admin's address + api/oauth/callback, and set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (sensitive) in the Vercel project",
  nginx: "the sign-in is oauth-server.mjs: run it (node oauth-server.mjs, with GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET set) and proxy the admin's oauth/ location to 127.0.0.1:8787; create a GitHub OAuth app whose callback URL is the admin's address + oauth/callback",
};

/** The lines to print, in order. */
export function adminReport(written: WrittenAdmin, target: AdminTarget): string[] {
  const out = shownFolder(target.outArg);
  const others = written.files.length - written.decap.count;
  const origin = target.repoFromOrigin ? " (the origin remote)" : "";
  const content = target.contentPath ? `${target.contentPath}/` : "the repository's root";
  // An Enterprise server's host in github.com's place.
  const server = target.apiRoot ? new URL(target.apiRoot).host : "github.com";
  const lines = [
    `Wrote the admin into ${out} (${others} files of its own and Decap CMS ${written.decap.version}'s ${written.decap.count}): it edits ${content} of ${server}/${target.repo}${origin}, ` +
      `each change a pull request to ${target.branch} (Decap's editorial workflow).${written.removed.length ? ` Removed ${written.removed.length} files of the admin written before.` : ""}`,
  ];
  const signIn = target.host
    ? `${HOST_SIGN_IN[target.host]} (docs/editing.md, "Signing in"); editors need write access to ${target.repo}`
    : target.oauthUrl
    ? `editors sign in with GitHub through your OAuth client at ${target.oauthUrl}; they need write access to ${target.repo}`
    : `editors sign in with GitHub through an OAuth client: Netlify's (install its GitHub provider on a Netlify site: Decap's docs, "GitHub backend"), or your own, such as a small Cloudflare Worker or Vercel function (Decap's docs, "External OAuth clients"), named with --oauth-url; they need write access to ${target.repo}`;
  lines.push(
    "Next:",
    `  deploy ${out} as a static site of its own (not inside dist/, which each build replaces): a Cloudflare Pages project, a Netlify site, a Vercel project, an nginx location, or npx serve ${target.outArg.replace(/\/+$/, "")} to look at it`,
    `  ${signIn}`,
    `  run admin again after upgrading build-catalogue, and after adding genres or accessibility values of your own (the form follows the files)`,
  );
  return lines;
}
