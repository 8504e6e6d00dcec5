// Debian's nginx (nginx-light, installed by .ci/run) with its JavaScript module (libnginx-mod-http-js),
// started as a child process with its own prefix on a free port of 127.0.0.1, serving a built
// folder the way docs/hosts.md tells users to: nginx-http.conf in the http block (the queries'
// module, found through js_path), nginx.conf in the server block.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, startProcess, waitForHttp, type Started } from "./server.js";

export interface NginxSite { base: string; args: string[]; server: Started }

/**
 * nginx's main configuration serving `dist` on `port`: `load_module` of `jsModule` (a Debian nginx
 * loads it from /etc/nginx/modules-enabled/; this one reads no file of /etc/nginx), then the
 * http block of docs/hosts.md. Everything nginx writes stays in `dir`.
 */
export function nginxMainConf(jsModule: string, dist: string, dir: string, port: number, name = `nginx-${port}`): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t}_temp;`).join("\n  ");
  return `load_module ${jsModule};
daemon off;
pid ${dir}/${name}.pid;
error_log ${dir}/logs/error.log;
events {}
http {
  access_log off;
  ${temp}
  js_path ${dist}/;
  include ${dist}/nginx-http.conf;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    include ${dist}/nginx.conf;
  }
}
`;
}

/**
 * Serves `dist` (built with --host nginx) with the `nginx` program and its JavaScript module
 * (test/helpers/programs.ts). `dir` must be readable by nginx's workers.
 */
export async function startNginx(nginx: string, jsModule: string, dist: string, dir: string): Promise<NginxSite> {
  chmodSync(dir, 0o755); // started as root, nginx's workers run as another user: they must read the files
  const logs = path.join(dir, "logs");
  mkdirSync(logs, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, `nginx-${port}.conf`);
  writeFileSync(conf, nginxMainConf(jsModule, dist, dir, port));
  const args = ["-p", `${dir}/`, "-c", conf, "-e", `${logs}/error.log`];
  const server = startProcess(nginx, args, { cwd: dir });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v2/event_pages/`, 20_000, server);
  return { base, args, server };
}
