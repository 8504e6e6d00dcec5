// Rules for vercel: placeholder until the renderer lands.
import type { HostModel } from "./rules.js";
import type { HostFile } from "./host.js";

export function renderVercel(_model: HostModel): HostFile[] {
  return [];
}
