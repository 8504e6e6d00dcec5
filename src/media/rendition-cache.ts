// The renditions kept across builds: one file per original's bytes, focal point, filter and rendering rules.
import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FocalPoint } from "./fill.js";
import { sharpLibrary } from "./sharp-library.js";

/**
 * The version of the rendering rules in src/media/: raise it when a change to the crop, the
 * resize or the encoding changes a rendition's bytes, so that no cached file of the old rules
 * is reused. sharp's and libvips' versions are part of the key too: another encoder, other bytes.
 */
export const RENDITION_RULES_VERSION = 1;

let encoder: string | null = null;
const encoderOf = () => (encoder ??= `sharp ${sharpLibrary().versions.sharp ?? "?"}, libvips ${sharpLibrary().versions.vips}`);

/** Cache files: the key (hex) and the rendition's extension; and one being written (store's temporary name). */
const ENTRY = /^[0-9a-f]{40}\.(jpg|png)$/;
const TEMPORARY = /^[0-9a-f]{40}\.(jpg|png)\.[0-9]+\.tmp$/;

export function cacheKey(originalHash: string, focal: FocalPoint | null | undefined, filter: string): string {
  const f = focal ? [focal.x, focal.y, focal.width, focal.height] : null;
  const text = JSON.stringify([RENDITION_RULES_VERSION, encoderOf(), filter, f, originalHash]);
  return createHash("sha1").update(text, "utf8").digest("hex");
}

export class RenditionCache {
  private readonly used = new Set<string>();
  private present: Set<string> | null = null;

  constructor(readonly dir: string) {}

  /** Lists the folder once: a build asks for every entry. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.present = new Set((await readdir(this.dir)).filter((name) => ENTRY.test(name)));
  }

  entryName(key: string, extension: string): string {
    return `${key}.${extension}`;
  }

  /** The cached file's path when there is one. */
  lookup(key: string, extension: string): string | null {
    const name = this.entryName(key, extension);
    this.used.add(name);
    return this.present?.has(name) ? path.join(this.dir, name) : null;
  }

  /** Stores a rendition (written aside and renamed, so a build stopped halfway leaves no half file). */
  async store(key: string, extension: string, bytes: Buffer): Promise<string> {
    const name = this.entryName(key, extension);
    const to = path.join(this.dir, name);
    const temp = `${to}.${process.pid}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, to);
    this.used.add(name);
    this.present?.add(name);
    return to;
  }

  /**
   * Removes the entries this build did not use, so the folder holds one catalogue's renditions,
   * and the half-written files a stopped build left (an hour old: another build may be writing):
   * names the cache gives alone, whatever else the folder holds.
   */
  async prune(): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      const p = path.join(this.dir, name);
      const temp = TEMPORARY.test(name) ? await stat(p).catch(() => null) : null;
      const stale = temp !== null && Date.now() - temp.mtimeMs > 3_600_000;
      if ((ENTRY.test(name) && !this.used.has(name)) || stale) {
        await rm(p, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
