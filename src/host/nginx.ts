// Rules for nginx: placeholder until the renderer lands.
import type { HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

export function renderNginx(_model: HostModel): HostFile[] {
  return [];
}
