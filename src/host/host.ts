// The hosts build-catalogue writes rules for, each with its renderer (a pure function of the host model).
import { UsageError } from "../errors.js";
import type { Host } from "./rules.js";
import { renderCloudflare } from "./cloudflare.js";
import { renderNetlify } from "./netlify.js";
import { renderNginx } from "./nginx.js";
import { renderServe } from "./serve.js";
import { renderVercel } from "./vercel.js";

export type { Host, HostFile } from "./rules.js";

export const HOSTS: Record<string, Host> = {
  serve: { name: "serve", prerendersBrowsable: false, render: renderServe },
  netlify: { name: "netlify", prerendersBrowsable: false, render: renderNetlify },
  cloudflare: { name: "cloudflare", prerendersBrowsable: false, readsEventDetailsFromPages: true, render: renderCloudflare },
  vercel: { name: "vercel", prerendersBrowsable: false, render: renderVercel },
  nginx: { name: "nginx", prerendersBrowsable: true, render: renderNginx },
};

export const DEFAULT_HOSTS = ["serve"];

/** A build only for hosts that read event details from the generic route writes each one once. */
export const writesEventPagesRoute = (hosts: readonly Host[]) => !(hosts.length > 0 && hosts.every((h) => h.readsEventDetailsFromPages));

/** `--host netlify --host nginx` or `--host netlify,nginx`: checked names, in a stable order. */
export function parseHosts(values: readonly string[] | undefined): Host[] {
  const names = (values && values.length > 0 ? values : DEFAULT_HOSTS)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  const known = Object.keys(HOSTS);
  for (const name of names) {
    if (!HOSTS[name]) throw new UsageError(`--host: unknown host "${name}"; the hosts are ${known.join(", ")}`);
  }
  const unique = [...new Set(names)];
  if (unique.includes("netlify") && unique.includes("cloudflare")) {
    throw new UsageError("--host: netlify and cloudflare both write _headers and _redirects, in different dialects; build each into its own --out");
  }
  return known.filter((n) => unique.includes(n)).map((n) => HOSTS[n]!);
}
