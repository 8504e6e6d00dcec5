// Rules for cloudflare: placeholder until the renderer lands.
import type { HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

export function renderCloudflare(_model: HostModel): HostFile[] {
  return [];
}
