// Debian's nginx (nginx-light, installed by .ci/run) started as a child process with its own prefix
// on a free port of 127.0.0.1, serving a built folder the way docs/hosts.md tells users to.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, startProcess, waitForHttp, type Started } from "./server.js";

// Debian installs nginx in /usr/sbin, which is not on every user's PATH.
export const NGINX = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin"]
  .map((dir) => path.join(dir, "nginx"))
  .find((p) => existsSync(p));

export interface NginxSite { base: string; args: string[]; server: Started }

/**
 * Serves `dist` (built with --host nginx) from a server block that includes its nginx.conf; with
 * `httpInclude`, the http block also includes its nginx-http.conf. Everything nginx writes stays
 * in `dir`, which must be readable by nginx's workers.
 */
export async function startNginx(dist: string, dir: string, options: { httpInclude?: boolean } = {}): Promise<NginxSite> {
  if (!NGINX) throw new Error("nginx is not installed: .ci/run installs it (apt-get install -y nginx-light); install it the same way to run this test");
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
  const server = startProcess(NGINX, args, { cwd: dir });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v2/event_pages/`, 20_000, server);
  return { base, args, server };
}
