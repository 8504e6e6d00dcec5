// Renditions across builds: a rebuild makes only what changed (a focal point, an original's bytes), and its output equals a cold build's, byte for byte.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRenditions } from "../../src/media/make-renditions.js";
import type { MediaImage } from "../../src/media/originals.js";
import { FIXTURES, snapshotTree } from "../helpers/cli.js";

const REF = path.join(FIXTURES, "wagtail-5.2/images/content/images");
const FILES = ["hamlet-2026.jpg", "giselle-2026.png", "foyer-banner.gif", "season-poster-2026.webp"];

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "bc-media-cache-"));
  for (const f of FILES) cpSync(path.join(REF, f), path.join(work, "content/images", f));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const images = (focal: MediaImage["focal_point"] = null): MediaImage[] => FILES.map((file, i) => ({ id: i + 1, file, focal_point: i === 1 ? focal : null }));
const run = (list: MediaImage[], cache: string, out: string) =>
  makeRenditions(list, { contentDir: path.join(work, "content"), cacheDir: path.join(work, cache), outDir: path.join(work, out) });

describe("the rendition cache", () => {
  it("makes every rendition once, then reuses them all", async () => {
    const cold = await run(images(), "cache", "out-1");
    expect([cold.written, cold.reused]).toEqual([4, 0]);
    const warm = await run(images(), "cache", "out-2");
    expect([warm.written, warm.reused]).toEqual([0, 4]);
    expect(snapshotTree(path.join(work, "out-2"))).toEqual(snapshotTree(path.join(work, "out-1")));
  });

  it("makes again only the image whose focal point changed, and equals a cold build", async () => {
    const focal = { x: 1500, y: 600, width: 300, height: 200 };
    const name = `giselle-2026.${createHash("sha1").update("300-200-1500-600").digest("hex").slice(0, 8)}.fill-550x375.png`;
    const rebuilt = await run(images(focal), "cache", "out-3");
    expect([rebuilt.written, rebuilt.reused]).toEqual([1, 3]);
    expect([...rebuilt.renditions.values()].filter((r) => !r.reused).map((r) => r.name)).toEqual([name]);
    const cold = await run(images(focal), "cache-cold", "out-cold");
    expect([cold.written, cold.reused]).toEqual([4, 0]);
    const tree = snapshotTree(path.join(work, "out-3"));
    expect([...tree.keys()]).toContain(name);
    expect(tree).toEqual(snapshotTree(path.join(work, "out-cold")));
    // The previous focal point's rendition left the cache: it holds this catalogue's four.
    expect(readdirSync(path.join(work, "cache")).length).toBe(4);
  });

  it("makes again an image whose original's bytes changed, under the same name", async () => {
    const file = path.join(work, "content/images/hamlet-2026.jpg");
    writeFileSync(file, await sharp(path.join(REF, "hamlet-2026.jpg")).modulate({ brightness: 0.5 }).jpeg().toBuffer());
    const after = await run(images(), "cache", "out-4");
    expect([after.written, after.reused]).toEqual([2, 2]); // hamlet, and giselle back to no focal point
    expect(after.renditions.get(1)!.reused).toBe(false);
    expect(after.renditions.get(1)!.name).toBe("hamlet-2026.2e16d0ba.fill-550x375.jpg");
  });
});
