// The admin's GitHub sign-in on its own origin (`admin --host`): the files written beside the
// admin and config.yml's backend; then the written Cloudflare Pages worker run by `wrangler pages
// dev`, Vercel's edge functions in Vercel's edge runtime and the written Node server for nginx,
// each against a stand-in GitHub on 127.0.0.1 (GITHUB_OAUTH_ORIGIN), over HTTP: auth sends the
// browser to GitHub with a state it keeps in a cookie, the callback refuses another state and
// answers Decap's handshake with the token, the token request carried the client's secret. Last,
// in Chromium, Decap itself signs in through the popup, against the stand-in's REST API too
// (`admin --github-api`, as for an Enterprise server), and lists the repository's event pages,
// JSON and YAML, reads one and the venues, all through its GitHub backend.
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MARKER } from "../src/admin/admin-folder.js";
import { copyContent, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { startGithubDouble, type GithubDouble } from "./helpers/github-oauth-double.js";
import { blobSha } from "./helpers/github-api-double.js";
import { CHROMIUM, NGINX, requireProgram } from "./helpers/programs.js";
import { freePort, startProcess, waitForHttp, type Started } from "./helpers/server.js";
import { field } from "./helpers/admin-page.js";
import { writeYamlTwin } from "./helpers/yaml-twin.js";
import { startVercel, type VercelServer } from "./helpers/vercel.js";
import { pagesDev, type PagesDev } from "./helpers/wrangler.js";

const CHROMIUM_BIN = requireProgram(CHROMIUM);
const NGINX_BIN = requireProgram(NGINX);

const REPO = "example-arts/events";

let work = "";
let github: GithubDouble;
/** The example's content with pages of each format: two event pages and the venues in YAML, one page in .yml. */
let content = "";
beforeAll(async () => {
  work = tempDir("bc-admin-sign-in-");
  github = await startGithubDouble();
  content = path.join(work, "content");
  writeYamlTwin(path.join(ROOT, "content"), content, (relative) => ["events/don-giovanni.json", "events/coppelia.json", "events/carmen.json", "venues.json"].includes(relative));
  renameSync(path.join(content, "events/carmen.yaml"), path.join(content, "events/carmen.yml"));
});
afterAll(async () => {
  await github?.close();
  removeDir(work);
});

/** A site's repository with the example's content (JSON and YAML pages), and the admin written into admin/ with `args`. */
function writeAdmin(name: string, ...args: string[]): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  copyContent(content, dir);
  const run = runCli(["admin", "--repo", REPO, ...args], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  return dir;
}

const backendOf = (dir: string) => (parse(readFileSync(path.join(dir, "admin/config.yml"), "utf8")) as { backend: Record<string, unknown> }).backend;
const listed = (dir: string) => Object.keys((JSON.parse(readFileSync(path.join(dir, "admin", ADMIN_MARKER), "utf8")) as { files: Record<string, string> }).files);

describe("admin --host", () => {
  it("vercel: the folders its marker names are its own, and only those: a link in their place, a marker naming .. or a hidden file, are refused", () => {
    const dir = writeAdmin("folders", "--host", "vercel");
    const admin = path.join(dir, "admin");
    const outside = path.join(work, "folders-outside");
    mkdirSync(outside);
    // api/ a link to a folder elsewhere: refused, nothing written there.
    const real = path.join(work, "folders-api");
    cpSync(path.join(admin, "api"), real, { recursive: true });
    rmSync(path.join(admin, "api"), { recursive: true });
    symlinkSync(outside, path.join(admin, "api"));
    const linked = runCli(["admin", "--repo", "example-arts/events", "--host", "vercel"], { cwd: dir });
    expect(linked.code).toBe(2);
    expect(linked.stderr).toMatch(/holds api, which is not a plain file/);
    expect(readdirSync(outside)).toEqual([]);
    rmSync(path.join(admin, "api"));
    cpSync(real, path.join(admin, "api"), { recursive: true });
    // A marker naming a file above the folder, or a hidden one, is not one admin writes: its folders are not admin's either.
    const marker = path.join(admin, ADMIN_MARKER);
    const original = readFileSync(marker, "utf8");
    for (const name of ["../folders-outside/x.js", "api/.hidden.js", "api//auth.js"]) {
      const forged = JSON.parse(original) as { files: Record<string, string> };
      forged.files[name] = "0".repeat(64);
      writeFileSync(marker, JSON.stringify(forged));
      const run = runCli(["admin", "--repo", "example-arts/events", "--host", "vercel"], { cwd: dir });
      expect([run.code, run.stderr], name).toEqual([2, expect.stringContaining("holds api, which is not a plain file")]);
    }
    writeFileSync(marker, original);
    expect(readdirSync(outside)).toEqual([]);
    expect(runCli(["admin", "--repo", "example-arts/events", "--host", "vercel"], { cwd: dir }).code).toBe(0);
  });

  it("cloudflare: writes _worker.js (listed as its own), config.yml's sign-in on the admin's origin, and says what to set up", () => {
    const dir = path.join(work, "cf");
    mkdirSync(dir);
    copyContent(path.join(ROOT, "content"), dir);
    const run = runCli(["admin", "--repo", "example-arts/events", "--host", "cloudflare"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/_worker\.js: create a GitHub OAuth app whose callback URL is the admin's address \+ oauth\/callback, and set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET/);
    expect(backendOf(dir)).toEqual({ name: "github", repo: "example-arts/events", branch: "main", base_url: "/", auth_endpoint: "oauth/auth" });
    const worker = readFileSync(path.join(dir, "admin/_worker.js"), "utf8");
    expect(worker).toMatch(/^\/\/ Written by `build-catalogue admin`/);
    expect(worker).toContain("export {");
    expect(listed(dir)).toContain("_worker.js");
    // The sign-in is on the admin's origin: the page reaches nothing more than before.
    expect(readFileSync(path.join(dir, "admin/index.html"), "utf8")).toContain("connect-src 'self' blob: data: https://api.github.com;");
    // Back to Netlify's provider: the worker is removed, config.yml has no base_url.
    const again = runCli(["admin", "--repo", "example-arts/events"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(readdirSync(path.join(dir, "admin"))).not.toContain("_worker.js");
    expect(backendOf(dir)).toEqual({ name: "github", repo: "example-arts/events", branch: "main" });
  });

  it("nginx: writes oauth-server.mjs; --oauth-url takes precedence over the host (nothing written for the sign-in)", () => {
    const nginx = writeAdmin("nginx", "--host", "nginx");
    expect(readdirSync(path.join(nginx, "admin"))).toContain("oauth-server.mjs");
    expect(readdirSync(path.join(nginx, "admin"))).not.toContain("_worker.js");
    expect(backendOf(nginx)).toMatchObject({ base_url: "/", auth_endpoint: "oauth/auth" });
    const external = writeAdmin("external", "--host", "cloudflare", "--oauth-url", "https://oauth.example.org/auth");
    expect(readdirSync(path.join(external, "admin"))).not.toContain("_worker.js");
    expect(backendOf(external)).toMatchObject({ base_url: "https://oauth.example.org", auth_endpoint: "auth" });
    const refused = runCli(["admin", "--repo", "a/b", "--host", "heroku"], { cwd: nginx });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--host.*heroku/);
  });
});

/** An event page's title and venue id, whatever its format. */
const pageOf = (file: string) => parse(readFileSync(file, "utf8")) as { title: string; venue: number };

/**
 * Decap's own Login with GitHub on the admin at `url` (written with --github-api, the stand-in's
 * API), in the repository `dir`: the popup hands the stand-in's token to Decap, which lists every
 * event page of the repository from GitHub's API (JSON, YAML and .yml pages in one list, more than
 * one page of GitHub's listing), opens one (its blob read) and previews it with its venue's name
 * (the venues file read through the GitHub backend). Nothing else is asked of GitHub, nothing of
 * another origin.
 */
async function signInAndList(browser: Browser, url: string, dir: string): Promise<void> {
  const api = github.serveRepository({ repo: REPO, branch: "main", dir });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const admin = new URL(url).origin;
  const outside: string[] = [];
  page.on("request", (r) => {
    const to = r.url();
    if (![admin, github.origin].includes(new URL(to).origin) && !/^(blob|data):/.test(to)) outside.push(to);
  });
  try {
    await page.goto(url);
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: /Login with GitHub/i }).click()]);
    // The flow is quick on 127.0.0.1: the popup may have closed already.
    if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 30_000 }).catch(async (e: Error) => {
      // Where the popup stopped, and what it shows, to tell why.
      throw new Error(`${e.message}\npopup at ${popup.url()}:\n${await popup.content().catch(() => "(closed)")}`);
    });
    // Every event page of the repository, each by its title, whatever its format.
    const events = path.join(dir, "content/events");
    const files = readdirSync(events).sort();
    expect(files.filter((n) => !n.endsWith(".json"))).toEqual(["carmen.yml", "coppelia.yaml", "don-giovanni.yaml"]);
    const entries = page.locator('a[href^="#/collections/events/entries/"]');
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBe(files.length);
    const shown = new Map(await entries.evaluateAll((links) => links.map((a) => [a.getAttribute("href")!, a.textContent ?? ""] as const)));
    for (const name of files) {
      // Decap names a page of another extension than the collection's with its extension.
      const slug = name.endsWith(".json") ? name.slice(0, -".json".length) : name;
      expect(shown.get(`#/collections/events/entries/${slug}`), name).toContain(pageOf(path.join(events, name)).title);
    }
    // A YAML page opened: its title in the form, its venue's name (from venues.yaml) in the preview.
    const giovanni = pageOf(path.join(events, "don-giovanni.yaml"));
    const venues = parse(readFileSync(path.join(dir, "content/venues.yaml"), "utf8")) as { id: number; name: string }[];
    await page.locator('a[href="#/collections/events/entries/don-giovanni.yaml"]').click();
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 30_000 }).toBe(giovanni.title);
    const preview = page.frameLocator("iframe#preview-pane");
    await expect.poll(() => preview.locator("[data-preview-venue]").innerText(), { timeout: 30_000 }).toContain(venues.find((v) => v.id === giovanni.venue)!.name);
    // Its thumbnail: no rendition is served beside the admin here, so the original, read from the repository.
    await expect.poll(() => preview.locator("[data-preview-thumbnail]").evaluate((img: any) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    // Through the stand-in's API, with the token: the user, the repository's permissions, the trees and blobs.
    const repo = `/repos/${REPO}`;
    expect(api.requests).toEqual(expect.arrayContaining(["GET /user", `GET ${repo}`, `GET ${repo}/git/trees/main:content/events`]));
    expect(api.requests.filter((r) => r.startsWith(`GET ${repo}/git/blobs/`)).length).toBeGreaterThanOrEqual(files.length);
    // The settings the preview named the venue from: read by the GitHub backend, blob by blob.
    for (const settings of ["catalogue.json", "venues.yaml"]) expect(api.requests, settings).toContain(`GET ${repo}/git/blobs/${blobSha(path.join(dir, "content", settings))}`);
    expect(api.unknown).toEqual([]);
    expect(api.refused).toEqual([]);
    expect(outside).toEqual([]);
  } finally {
    await context.close();
  }
}

/** The sign-in and the listing in Chromium, on the admin at `url()` in the repository `dir()`. */
function decapSignsIn(where: string, url: () => string, dir: () => string): void {
  describe.skipIf(!CHROMIUM_BIN)(`in Chromium, Decap's own sign-in ${where}`, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_BIN!, args: ["--no-sandbox", "--disable-gpu"] });
    }, 60_000);
    afterAll(async () => browser?.close());

    it("Login with GitHub: the popup hands the token to Decap, which lists the repository's events from GitHub's API, opens one and previews its venue", async () => {
      await signInAndList(browser, url(), dir());
    }, 180_000);
  });
}

/** A request that does not follow redirects, with an optional cookie. */
const get = (url: string, cookie?: string) => fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** The flow over HTTP against `base` (the admin's origin, `prefix` its folder there). */
function checkFlow(serve: () => { base: string; prefix: string }) {
  it("auth sends the browser to GitHub with the client id, the callback beside it, scope and a random state, kept in a Secure, HttpOnly, SameSite=Lax cookie", async () => {
    const { base, prefix } = serve();
    const first = await get(`${base}${prefix}oauth/auth?provider=github&site_id=example.org&scope=repo`);
    expect(first.status).toBe(302);
    const to = new URL(first.headers.get("location")!);
    expect(to.origin + to.pathname).toBe(`${github.origin}/login/oauth/authorize`);
    expect(to.searchParams.get("client_id")).toBe(github.clientId);
    expect(to.searchParams.get("redirect_uri")).toBe(`${base}${prefix}oauth/callback`);
    expect(to.searchParams.get("scope")).toBe("repo");
    const state = to.searchParams.get("state")!;
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    const cookie = first.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^build_catalogue_oauth_state=${state}; Path=${prefix}oauth/;`));
    expect(cookie).toMatch(/; Secure; HttpOnly; SameSite=Lax$/);
    const second = await get(`${base}${prefix}oauth/auth?provider=github`);
    expect(new URL(second.headers.get("location")!).searchParams.get("state")).not.toBe(state);
  });

  it("the callback refuses a missing or another state (400, plain text), asking GitHub for nothing", async () => {
    const { base, prefix } = serve();
    const before = github.tokenRequests.length;
    const none = await get(`${base}${prefix}oauth/callback?code=code-7f3a&state=abc`);
    expect(none.status).toBe(400);
    expect(none.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await none.text()).toMatch(/state is missing or does not match/);
    const other = await get(`${base}${prefix}oauth/callback?code=code-7f3a&state=abc`, "build_catalogue_oauth_state=def");
    expect(other.status).toBe(400);
    expect(github.tokenRequests.length).toBe(before);
  });

  it("through GitHub and back: the callback exchanges the code with the client's secret and answers Decap's handshake with the token", async () => {
    const { base, prefix } = serve();
    const first = await get(`${base}${prefix}oauth/auth?provider=github&scope=repo`);
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    const atGithub = await get(first.headers.get("location")!);
    expect(atGithub.status).toBe(302);
    const back = atGithub.headers.get("location")!;
    const before = github.tokenRequests.length;
    const page = await get(back, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'nonce-[0-9a-f]+'/);
    const html = await page.text();
    expect(html).toContain(JSON.stringify(`authorization:github:success:${JSON.stringify({ token: github.token, provider: "github" })}`));
    expect(html).toContain('window.opener.postMessage("authorizing:github", window.location.origin)');
    expect(github.tokenRequests.slice(before)).toEqual([
      { client_id: github.clientId, client_secret: github.clientSecret, code: "code-7f3a", redirect_uri: `${base}${prefix}oauth/callback`, accept: "application/json", type: "application/x-www-form-urlencoded" },
    ]);
    // A code GitHub refuses: the handshake says why, with no token.
    const state = new URL(back).searchParams.get("state")!;
    const refused = await (await get(`${base}${prefix}oauth/callback?code=stale&state=${state}`, cookie)).text();
    expect(refused).toContain("authorization:github:error:");
    expect(refused).toContain("The code passed is incorrect or expired.");
    expect(refused).not.toContain(github.token);
    // The editor declines on GitHub: GitHub comes back with an error and the state, and the handshake says so.
    const declined = await get(`${base}${prefix}oauth/callback?error=access_denied&error_description=${encodeURIComponent("The user has denied your application access.")}&state=${state}`, cookie);
    expect(declined.status).toBe(200);
    const html2 = await declined.text();
    expect(html2).toContain(JSON.stringify(`authorization:github:error:${JSON.stringify({ message: "The user has denied your application access.", provider: "github" })}`));
  });
}

describe("the Cloudflare Pages worker under wrangler pages dev", () => {
  let site: PagesDev;
  beforeAll(async () => {
    const dir = writeAdmin("pages", "--host", "cloudflare", "--github-api", github.apiRoot);
    site = await pagesDev(path.join(dir, "admin"), dir, {
      bindings: { GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, GITHUB_OAUTH_ORIGIN: github.origin },
      ready: "/config.yml",
    });
  }, 120_000);
  afterAll(async () => site?.server.stop());

  it("serves the admin's files as they are, and not the worker", async () => {
    const config = await get(`${site.base}/config.yml`);
    expect(config.status).toBe(200);
    expect(await config.text()).toContain("auth_endpoint: oauth/auth");
    expect((await get(`${site.base}/_worker.js`)).status).not.toBe(200);
  });

  checkFlow(() => ({ base: site.base, prefix: "/" }));

  decapSignsIn("at the root", () => `${site.base}/`, () => path.join(work, "pages"));
});

describe("Vercel's edge functions, after vercel build, in Vercel's edge runtime", () => {
  let server: VercelServer;
  beforeAll(async () => {
    const dir = writeAdmin("vercel", "--host", "vercel", "--github-api", github.apiRoot);
    const project = path.join(work, "vercel-project");
    cpSync(path.join(dir, "admin"), project, { recursive: true });
    server = await startVercel(project, { env: { GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, GITHUB_OAUTH_ORIGIN: github.origin } });
  }, 180_000);
  afterAll(async () => server?.stop());

  it("writes api/oauth/auth.js and callback.js, listed in the marker, and config.yml's auth_endpoint api/oauth/auth; serves the admin's files", async () => {
    const dir = path.join(work, "vercel");
    expect(listed(dir)).toEqual(expect.arrayContaining(["api/oauth/auth.js", "api/oauth/callback.js"]));
    expect(readFileSync(path.join(dir, "admin/api/oauth/auth.js"), "utf8")).toMatch(/^export const config = \{ runtime: "edge" \};$/m);
    expect(backendOf(dir)).toMatchObject({ base_url: "/", auth_endpoint: "api/oauth/auth" });
    const config = await get(`${server.base}/config.yml`);
    expect(config.status).toBe(200);
    expect(await config.text()).toContain("auth_endpoint: api/oauth/auth");
    // The folder api/oauth/ is admin's: a file added there is refused; without --host its folders go with its files.
    writeFileSync(path.join(dir, "admin/api/oauth/mine.js"), "");
    const refused = runCli(["admin", "--repo", "example-arts/events", "--host", "vercel"], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("did not write (api/oauth/mine.js)");
    rmSync(path.join(dir, "admin/api/oauth/mine.js"));
    const again = runCli(["admin", "--repo", "example-arts/events"], { cwd: dir });
    expect(again.code, again.output).toBe(0);
    expect(existsSync(path.join(dir, "admin/api"))).toBe(false);
    expect(listed(dir).some((n) => n.startsWith("api/"))).toBe(false);
  });

  checkFlow(() => ({ base: server.base, prefix: "/api/" }));

  // The page by its name: the stand-in router (next-on-pages' copy) finds no index.html for "/".
  decapSignsIn("at the root, its sign-in in api/oauth/", () => `${server.base}/index.html`, () => path.join(work, "vercel"));
});

describe("the Node server for nginx", () => {
  let server: Started;
  let base = "";
  beforeAll(async () => {
    const dir = writeAdmin("node", "--host", "nginx");
    const port = await freePort();
    server = startProcess(process.execPath, [path.join(dir, "admin/oauth-server.mjs")], {
      cwd: dir,
      env: { PORT: String(port), GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, GITHUB_OAUTH_ORIGIN: github.origin, OAUTH_PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/admin/oauth/auth`, 30_000, server);
  }, 60_000);
  afterAll(async () => server?.stop());

  it("without the client's id and secret, says what to set (500), sending nobody to GitHub", async () => {
    const port = await freePort();
    const bare = startProcess(process.execPath, [path.join(work, "node/admin/oauth-server.mjs")], { cwd: work, env: { PORT: String(port), GITHUB_CLIENT_ID: "", GITHUB_CLIENT_SECRET: "" } });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/`, 30_000, bare);
      const answer = await get(`http://127.0.0.1:${port}/oauth/auth?provider=github`);
      expect(answer.status).toBe(500);
      expect(answer.headers.get("location")).toBeNull();
      expect(await answer.text()).toMatch(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set/);
    } finally {
      await bare.stop();
    }
  });

  it("listens on 127.0.0.1 and answers only the two addresses", async () => {
    expect(server.output()).toContain(`listening on ${base}`);
    expect((await get(`${base}/admin/index.html`)).status).toBe(404);
  });

  it("takes the admin's origin from what nginx forwards when OAUTH_PUBLIC_ORIGIN is not set", async () => {
    const port = await freePort();
    const forwarded = startProcess(process.execPath, [path.join(work, "node/admin/oauth-server.mjs")], {
      cwd: work,
      env: { PORT: String(port), GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, OAUTH_PUBLIC_ORIGIN: "" },
    });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/`, 30_000, forwarded);
      // Sent with node:http: fetch sets Host itself.
      const location = await new Promise<string>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/admin/oauth/auth", headers: { Host: "cms.example.org", "X-Forwarded-Proto": "https" } }, (res) => {
          res.resume();
          resolve(String(res.headers.location));
        });
        req.on("error", reject);
        req.end();
      });
      expect(new URL(location).searchParams.get("redirect_uri")).toBe("https://cms.example.org/admin/oauth/callback");
    } finally {
      await forwarded.stop();
    }
  });

  // The admin below /admin/, as an nginx location serves it.
  checkFlow(() => ({ base, prefix: "/admin/" }));
});

/** The nginx lines docs/editing.md gives ("Signing in"), for the admin in `admin` and the server on `port`. */
function documentedNginx(admin: string, port: number): string {
  const docs = readFileSync(path.join(ROOT, "docs/editing.md"), "utf8");
  const section = docs.slice(docs.indexOf("### Signing in"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)![1]!;
  expect(block).toContain("/srv/site/admin/");
  expect(block).toContain("127.0.0.1:8787");
  return block.replaceAll("/srv/site/admin/", `${admin}/`).replaceAll("127.0.0.1:8787", `127.0.0.1:${port}`);
}

describe.skipIf(!NGINX_BIN)("nginx with the documented lines, proxying oauth/ to the Node server", () => {
  let node: Started;
  let nginx: Started;
  let base = "";
  beforeAll(async () => {
    const dir = writeAdmin("behind-nginx", "--host", "nginx", "--github-api", github.apiRoot);
    // Started as root, nginx's workers run as another user: they must reach and read the files.
    for (let d = path.join(dir, "admin"); d.startsWith(work); d = path.dirname(d)) chmodSync(d, 0o755);
    const nodePort = await freePort();
    node = startProcess(process.execPath, [path.join(dir, "admin/oauth-server.mjs")], {
      cwd: dir,
      env: { PORT: String(nodePort), GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, GITHUB_OAUTH_ORIGIN: github.origin, OAUTH_PUBLIC_ORIGIN: "" },
    });
    await waitForHttp(`http://127.0.0.1:${nodePort}/`, 30_000, node);
    const port = await freePort();
    const state = path.join(work, `nginx-${port}`);
    mkdirSync(path.join(state, "logs"), { recursive: true });
    chmodSync(state, 0o755);
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${state}/${t}_temp;`).join("\n  ");
    const conf = path.join(state, "nginx.conf");
    writeFileSync(conf, `daemon off;
pid ${state}/nginx.pid;
error_log ${state}/logs/error.log;
events {}
http {
  access_log off;
  ${temp}
  types { text/html html; application/javascript js mjs; text/yaml yml; application/wasm wasm; }
  server {
    listen 127.0.0.1:${port};
${documentedNginx(path.join(dir, "admin"), nodePort)}
  }
}
`);
    nginx = startProcess(NGINX_BIN!, ["-p", `${state}/`, "-c", conf, "-e", `${state}/logs/error.log`], { cwd: state });
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/admin/`, 20_000, nginx);
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    await node?.stop();
  });

  it("serves the admin's files, and not the server's script nor the folder's marker", async () => {
    expect((await get(`${base}/admin/config.yml`)).status).toBe(200);
    expect((await get(`${base}/admin/oauth-server.mjs`)).status).toBe(404);
    expect((await get(`${base}/admin/${ADMIN_MARKER}`)).status).toBe(404);
  });

  checkFlow(() => ({ base, prefix: "/admin/" }));

  decapSignsIn("below /admin/, through oauth/ beside the admin", () => `${base}/admin/`, () => path.join(work, "behind-nginx"));
});
