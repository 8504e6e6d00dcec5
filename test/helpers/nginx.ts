// Debian's nginx (nginx-light, installed by .ci/run) started as a child process with its own prefix
// on a free port of 127.0.0.1, serving a built folder the way docs/hosts.md tells users to.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, startProcess, waitForHttp, type Started } from "./server.js";

export interface NginxSite { base: string; args: string[]; server: Started }

/**
 * Serves `dist` (built with --host nginx) with the `nginx` program (test/helpers/programs.ts) from a server block that includes its nginx.conf; with
 * `httpInclude`, the http block also includes its nginx-http.conf. Everything nginx writes stays
 * in `dir`, which must be readable by nginx's workers.
 */
export async function startNginx(nginx: string, dist: string, dir: string, options: { httpInclude?: boolean } = {}): Promise<NginxSite> {
  chmodSync(dir, 0o755); // started as root, nginx's workers run as another user: they must read the files
  const logs = path.join(dir, "logs");
  mkdirSync(logs, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, `nginx-${port}.conf`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t}_temp;`).join("\n  ");
  writeFileSync(conf, `daemon off;
pid ${dir}/nginx-${port}.pid;
error_log ${logs}/error.log;
events {}
http {
  access_log off;
  ${temp}
  ${options.httpInclude ? `include ${dist}/nginx-http.conf;` : ""}
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    include ${dist}/nginx.conf;
  }
}
`);
  const args = ["-p", `${dir}/`, "-c", conf, "-e", `${logs}/error.log`];
  const server = startProcess(nginx, args, { cwd: dir });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v2/event_pages/`, 20_000, server);
  return { base, args, server };
}
