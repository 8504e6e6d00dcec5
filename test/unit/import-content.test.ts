// Pieces of the import on their own: where two JSON texts differ by key path, and images.json from
// the thumbnails and hero images the pages show (matched, keys kept, alt texts placed, records made).
import { describe, expect, it } from "vitest";
import { jsonDifferences } from "../../src/import/compare-json.js";
import { planImages } from "../../src/import/content-images.js";
import { thumbnail } from "../../src/enrich/images.js";
import type { EventDetailRead } from "../../src/import/read-shapes.js";

describe("where two JSON texts differ", () => {
  const json = (v: unknown) => JSON.stringify(v, null, 4);

  it("finds nothing in the same bytes", () => {
    expect(jsonDifferences(json({ a: 1 }), json({ a: 1 }))).toEqual([]);
  });

  it("names each value that differs, each key in one text alone, and keys in another order, by key path", () => {
    const read = json({ id: 1, meta: { slug: "a", type: "x" }, performances: [{ is_past: true }], label: "New" });
    const built = json({ id: 1, meta: { type: "x", slug: "a" }, performances: [{ is_past: false }] });
    expect(jsonDifferences(read, built)).toEqual([
      { path: "label", message: 'read "New", the build has no such key' },
      { path: "meta", message: "keys in another order: read slug, type; built type, slug" },
      { path: "performances[0].is_past", message: "read true, built false" },
    ]);
  });

  it("says where the same values are written differently", () => {
    expect(jsonDifferences('{\n    "title": "Caf\\u00e9"\n}', '{\n    "title": "Café"\n}')).toEqual([
      { path: "", message: 'the same values written differently from character 19: read "\\\\u00e9\\"\\n}", built "é\\"\\n}"' },
    ]);
  });
});

const CDN = "https://cdn.example.org";

/** An event page's detail with only what images.json is made from. */
function page(id: number, thumbnailUrl: string, alt: string, hero?: { id: number; title: string; file: string }): EventDetailRead {
  return {
    id,
    thumbnail: { url: thumbnailUrl, alt },
    hero_image: hero ? { id: hero.id, meta: { type: "wagtailimages.Image", download_url: `${CDN}/media/original_images/${hero.file}` }, title: hero.title } : undefined,
  } as unknown as EventDetailRead;
}

describe("images.json from the pages", () => {
  const hamlet = { id: 12, title: "Hamlet", file: "hamlet-2026.jpg" };
  const keyed = (file: string, key: string) => thumbnail({ id: 1, title: "-", file, rendition_key: key }, undefined, CDN).url;

  it("matches a thumbnail to the image whose rendition it is, keeps its rendition key, and puts the most common alt on the image", () => {
    const url = keyed("hamlet-2026.jpg", "a1b2c3d4");
    expect(url).toBe(`${CDN}/media/images/hamlet-2026.a1b2c3d4.fill-550x375.jpg`);
    const plan = planImages({
      pages: [page(101, url, "Hamlet on stage", hamlet), page(102, url, "Hamlet on stage"), page(103, url, "The Ghost")],
      cdnUrl: CDN, listed: null, details: new Map(),
    });
    expect(plan.records).toEqual([{ id: 12, title: "Hamlet", file: "hamlet-2026.jpg", alt: "Hamlet on stage", rendition_key: "a1b2c3d4" }]);
    expect([...plan.thumbnails]).toEqual([[101, { image: 12 }], [102, { image: 12 }], [103, { image: 12, alt: "The Ghost" }]]);
    expect(plan.originals).toEqual([{ file: "hamlet-2026.jpg", downloadUrl: `${CDN}/media/original_images/hamlet-2026.jpg`, from: "/api/v2/pages/101/: hero_image.meta.download_url" }]);
    expect(plan.notes).toEqual([]);
  });

  it("matches a file whose name is shorter than most", () => {
    const url = `${CDN}/media/images/ox.2e16d0ba.fill-550x375.png`;
    const plan = planImages({ pages: [page(101, url, "An ox", { id: 7, title: "Ox", file: "ox.png" })], cdnUrl: CDN, listed: null, details: new Map() });
    expect([...plan.thumbnails]).toEqual([[101, { image: 7 }]]);
    expect(plan.records).toEqual([{ id: 7, title: "Ox", file: "ox.png", alt: "An ox" }]);
  });

  it("leaves out the key of an image without a focal point, and the alt that is the image's title", () => {
    const url = `${CDN}/media/images/hamlet-2026.2e16d0ba.fill-550x375.jpg`;
    const plan = planImages({ pages: [page(101, url, "Hamlet", hamlet)], cdnUrl: CDN, listed: null, details: new Map() });
    expect(plan.records).toEqual([{ id: 12, title: "Hamlet", file: "hamlet-2026.jpg" }]);
  });

  it("makes a record, said so in a note, for a thumbnail whose image the API does not name", () => {
    const url = keyed("seagull.png", "0badcafe");
    const plan = planImages({ pages: [page(101, url, "A woman by a lake", hamlet), page(102, url, "A woman by a lake")], cdnUrl: CDN, listed: null, details: new Map() });
    expect(plan.records).toContainEqual({ id: 13, title: "A woman by a lake", file: "seagull.png", rendition_key: "0badcafe" });
    expect([...plan.thumbnails]).toEqual([[101, { image: 13 }], [102, { image: 13 }]]);
    expect(plan.notes[0]).toMatch(/^1 thumbnail names an image the API does not describe \(it has no images endpoint\): an image record was made for each from its URL \(ids 13\)/);
  });
});
