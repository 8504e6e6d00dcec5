// Removes a folder the build wrote, synchronously: a previous output of a large catalogue is tens
// of thousands of entries, and a promise for each costs several times the removal itself.
import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";

export function removeTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) removeTree(p);
    else unlinkSync(p);
  }
  rmdirSync(dir);
}
