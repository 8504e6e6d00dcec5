// Where a path leads once every link on the way is followed, for a path that may not exist yet:
// folders given as options are compared by where they are, not by how they are spelled.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

/** The real path of the longest part of `p` that exists, with the rest of `p` after it (`p` absolute). */
export function realPathOf(p: string): string {
  try {
    return realpathSync.native(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const parent = path.dirname(p);
    // Missing (or a link to nothing, or a file where a folder would be): what it would be is its parent's place and its name.
    if (parent === p || (code !== "ENOENT" && code !== "ENOTDIR")) return p;
    return path.join(realPathOf(parent), path.basename(p));
  }
}

/** What a symbolic link at `p` names, or null when `p` is not a link (or does not exist). */
export function linkTarget(p: string): string | null {
  try {
    return lstatSync(p).isSymbolicLink() ? readlinkSync(p) : null;
  } catch {
    return null;
  }
}
