// nginx from Debian, started with its own prefix on a high port of 127.0.0.1, serving a build
// made with --host nginx: it answers every address as the live API does.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { checkServedApi, fetchRaw, FULL, header } from "./helpers/http-contract.js";
import { freePort, startProcess, waitForHttp, type Started } from "./helpers/server.js";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

interface Site { dir: string; dist: string; conf: string; base: string; server: Started }
const sites: Site[] = [];

async function serveWithNginx(content: string): Promise<Site> {
  if (!NGINX) throw new Error("nginx is not installed: .ci/run installs Debian's nginx-light (apt-get install nginx-light)");
  const dir = tempDir("bc-nginx-");
  chmodSync(dir, 0o755); // nginx's workers run as another user: they must read the files
  const dist = path.join(dir, "dist");
  const run = runCli(["build", "--content", content, "--out", dist, "--now", "2026-05-01T00:00:00Z", "--host", "nginx"]);
  expect(run.code, run.output).toBe(0);
  mkdirSync(path.join(dir, "logs"));
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t};`).join(" ");
  writeFileSync(conf, `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log;
events {}
http {
  access_log off;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    include ${dist}/nginx.conf;
  }
}
`);
  const server = startProcess(NGINX, ["-p", dir, "-c", conf], { cwd: dir });
  const site = { dir, dist, conf, base: `http://127.0.0.1:${port}`, server };
  sites.push(site);
  await waitForHttp(`${site.base}/api/v2/event_pages/`, 20_000, server);
  return site;
}

let site: Site;
beforeAll(async () => {
  site = await serveWithNginx(path.join(FIXTURES, "good/spec-example/content"));
});
afterAll(async () => {
  for (const s of sites) {
    await s.server.stop();
    removeDir(s.dir);
  }
});

describe("nginx", () => {
  it("accepts the rules (nginx -t)", () => {
    const out = execFileSync(NGINX!, ["-t", "-p", site.dir, "-c", site.conf], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(out).toBe("");
  });

  it("answers every address of the catalogue as the live API does", async () => {
    await checkServedApi(site.base, site.dist, 20, FULL);
  });

  it("sends the live headers in the live order after its own", async () => {
    const a = await fetchRaw(site.base, "GET", "/api/v2/event_pages/201/");
    const names = a.headers.map(([n]) => n).filter((n) => !["Server", "Date", "Content-Length", "Last-Modified", "Connection", "Accept-Ranges"].includes(n));
    expect(names).toEqual(["Content-Type", "Vary", "Allow", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]);
  });

  it("answers 405 with the method's name, byte for byte", async () => {
    const a = await fetchRaw(site.base, "PATCH", "/api/v2/pages/201/");
    expect(a.status).toBe(405);
    expect(a.body.toString()).toBe('{\n    "detail": "Method \\"PATCH\\" not allowed."\n}');
  });

  it("does not serve its own rule file or the raw files", async () => {
    expect((await fetchRaw(site.base, "GET", "/nginx.conf")).status).toBe(404);
    const raw = await fetchRaw(site.base, "GET", "/api/v2/event_pages/201/index.api.html");
    expect(raw.status).toBe(404);
    expect(header(raw, "Content-Type")).toBe("application/json");
  });

  it("echoes allowed CORS origins, answers preflights, and adds Cache-Control when configured", async () => {
    const dir = tempDir();
    const content = copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
    const catalogue = JSON.parse(readFileSync(path.join(content, "catalogue.json"), "utf8"));
    Object.assign(catalogue, { cors_origins: ["https://a.example", "https://b.example"], cache_control: "public, max-age=300" });
    writeFileSync(path.join(content, "catalogue.json"), JSON.stringify(catalogue));
    const cors = await serveWithNginx(content);
    removeDir(dir);
    const a = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: "https://b.example" });
    expect(header(a, "Access-Control-Allow-Origin")).toBe("https://b.example");
    expect(header(a, "Cache-Control")).toBe("public, max-age=300");
    const b = await fetchRaw(cors.base, "GET", "/api/v2/event_pages/", { Origin: "https://evil.example" });
    expect(header(b, "Access-Control-Allow-Origin")).toBeUndefined();
    const pre = await fetchRaw(cors.base, "OPTIONS", "/api/v2/event_pages/201/", { Origin: "https://a.example", "Access-Control-Request-Method": "GET" });
    expect(pre.status).toBe(200);
    expect(header(pre, "Access-Control-Allow-Origin")).toBe("https://a.example");
    expect(header(pre, "Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
  });
});
