// Rules for netlify: placeholder until the renderer lands.
import type { HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

export function renderNetlify(_model: HostModel): HostFile[] {
  return [];
}
