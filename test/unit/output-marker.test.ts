// The marker's listing (src/output/file-listing.ts, output-marker.ts): every file at every depth in
// a compact form that reads back exactly, the same bytes for the same files whatever their order,
// and trusted only when each name is a place a build writes (output-layout.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listingText, readListing, type ListedFolder } from "../../src/output/file-listing.js";
import { editedListing } from "../../src/output/listing-edit.js";
import { buildWrites, MEDIA_ROOT, OUTPUT_ROOT } from "../../src/output/output-layout.js";
import { markerText, readMarker, withLeaving } from "../../src/output/output-marker.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const listed = (listing: ListedFolder, rel: string) => {
  const names = rel.split("/");
  let f: ListedFolder | null = listing;
  for (let i = 0; i < names.length - 1 && f; i++) f = f.folder(names[i]!);
  return f !== null && f.file(names[names.length - 1]!);
};

const FILES = [
  "404.html",
  "serve.json",
  "_query/index.json",
  "api/v2/openapi.json",
  "api/v2/405/POST.json",
  ...[1, 2, 3, 7, 10, 11, 12, 100].map((id) => `api/v2/event_pages/${id}/index.json`),
  ...[1, 2, 3, 7, 10, 11, 12, 100, 0, 5].flatMap((id) => [`api/v2/pages/${id}/index.json`, `api/v2/pages/${id}/index.api.html`]),
  "api/v2/pages/index.json",
  "_lookup/pages/slug/hamlet/index.json",
  "_lookup/pages/slug/the-seagull/index.json",
  "_lookup/pages/slug/007/index.json",
  "media/images/hamlet.fill-550x375.jpg",
  "media/original_images/Café, été.JPG",
];

describe("the listing", () => {
  it("reads back as exactly the files written, each once", () => {
    const listing = readListing(JSON.parse(listingText(FILES)), OUTPUT_ROOT)!;
    expect(listing).not.toBeNull();
    for (const rel of FILES) expect(listed(listing, rel), rel).toBe(true);
    expect(listing.count()).toBe(FILES.length);
    for (const rel of ["api/v2/event_pages/4/index.json", "api/v2/event_pages/0/index.json", "api/v2/pages/1/other.json", "api/v2/pages/01/index.json", "api/index.json", "media/images/other.jpg", "_lookup/pages/slug/7/index.json"]) {
      expect(listed(listing, rel), rel).toBe(false);
    }
  });

  it("writes the same bytes for the same files in any order (or twice), sibling folders of the same files once, numbers as runs", () => {
    const text = listingText(FILES);
    expect(listingText([...FILES].reverse())).toBe(text);
    expect(listingText([...FILES, ...FILES.slice(0, 5)])).toBe(text);
    expect(text).toContain('"event_pages":{"/":[[[[1,3],7,[10,12],100],{"index.json":1}]]}');
    expect(text).toContain('"/":[[[[0,3],5,7,[10,12],100],{"index.api.html":1,"index.json":1}]]');
    expect(text).toContain('"/":[[["007","hamlet","the-seagull"],{"index.json":1}]]');
  });

  it("is small for a large catalogue's pages: a run of ids is one entry", () => {
    const pages = Array.from({ length: 100_000 }, (_, i) => [`api/v2/event_pages/${1000 + i}/index.json`, `api/v2/pages/${1000 + i}/index.json`]).flat();
    expect(listingText(pages).length).toBeLessThan(200);
  });

  it("is not trusted when a name is no place a build writes", () => {
    const untrusted = [
      { "notes.txt": 1 },
      { api: { "server.py": 1 } },
      { api: { v3: { "index.json": 1 } } },
      { api: { v2: { "..": { "index.json": 1 } } } },
      { api: { v2: { "a\\b": { "index.json": 1 } } } },
      { api: { v2: { "": { "index.json": 1 } } } },
      { api: { v2: { "a\nb.json": 1 } } },
      { _worker: { "index.js": 1 } },
      { _worker: { "index.json": 1 } },
      { ".git": { HEAD: 1 } },
      { media: { "notes.txt": 1 } },
      { media: { images: { deeper: { "x.jpg": 1 } } } },
      { api: { v2: { "/": [[["ok", ".."], { "index.json": 1 }]] } } },
      { api: { v2: { "/": [[[[3, 1]], { "index.json": 1 }]] } } },
      { api: { v2: { "/": [[[-1], { "index.json": 1 }]] } } },
      { api: { v2: { "index.json": 2 } } },
      [],
      "files",
    ];
    for (const value of untrusted) expect(readListing(value, OUTPUT_ROOT), JSON.stringify(value)).toBeNull();
    expect(readListing({ images: { "x.jpg": 1 } }, MEDIA_ROOT)).not.toBeNull();
    expect(readListing({ api: { v2: { "index.json": 1 } } }, MEDIA_ROOT)).toBeNull();
    expect(buildWrites(OUTPUT_ROOT, "_netlify/edge-functions/api-answers.js")).toBe(true);
    expect(buildWrites(OUTPUT_ROOT, "cdn/media/images/a.jpg")).toBe(true);
    expect(buildWrites(OUTPUT_ROOT, "_netlify/edge-functions/../x.js")).toBe(false);
  });
});

describe("a listing changed by a few files", () => {
  /** A catalogue's files: pages (some with an HTML rendering), their lookups by slug, images, the top's files. */
  function catalogue(random: () => number): string[] {
    const files = ["404.html", "serve.json", "_query/index.json", "api/v2/openapi.json", "api/v2/405/POST.json", "api/v2/pages/index.json"];
    for (let id = 1; id < 400; id++) {
      if (random() < 0.3) continue;
      files.push(`api/v2/event_pages/${id}/index.json`, `api/v2/pages/${id}/index.json`, `_lookup/pages/slug/event-${id}/index.json`);
      if (random() < 0.2) files.push(`api/v2/pages/${id}/index.api.html`);
    }
    for (let id = 1; id < 30; id++) if (random() < 0.5) files.push(`media/images/image-${id}.fill-550x375.jpg`, `api/v2/images/${id}/index.json`);
    return files;
  }

  it("is written as the whole new set of files would be, whatever is added and removed", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 60; round++) {
      const before = catalogue(random);
      const after = new Set(before);
      const removed = before.filter(() => random() < (round % 3 === 0 ? 0.5 : 0.02));
      for (const rel of removed) after.delete(rel);
      const added = catalogue(random).filter((rel) => !before.includes(rel) && random() < 0.1);
      for (const rel of added) after.add(rel);
      const top: string[] = [];
      const expectedTop: string[] = [];
      const edited = editedListing(JSON.parse(listingText(before)), removed, added, top);
      expect(edited, `round ${round}`).toBe(listingText([...after], expectedTop));
      expect(top.sort()).toEqual(expectedTop.sort());
    }
    // Everything removed: nothing listed.
    expect(editedListing(JSON.parse(listingText(FILES)), FILES, [])).toBe("{}");
  });
});

describe("the marker", () => {
  const dir = tempDir("bc-marker-");
  afterAll(() => removeDir(dir));
  const folder = (name: string, text: string) => {
    const d = path.join(dir, name);
    mkdirSync(d);
    writeFileSync(path.join(d, ".build-catalogue.json"), text);
    return d;
  };

  it("reads back what it lists, with the top's names for an earlier version", () => {
    const text = markerText(FILES);
    const m = readMarker(folder("own", text), OUTPUT_ROOT);
    expect(m.kind).toBe("listed");
    expect((JSON.parse(text) as { entries: string[] }).entries).toEqual(["404.html", "_lookup", "_query", "api", "media", "serve.json"]);
    if (m.kind === "listed") expect(FILES.every((rel) => listed(m.files, rel))).toBe(true);
  });

  it("lists the files an update in place is removing under `leaving` until it is done", () => {
    const text = withLeaving(markerText(["404.html"]), [JSON.parse(listingText(["api/v2/pages/5/index.json"]))]);
    const m = readMarker(folder("leaving", text), OUTPUT_ROOT);
    expect(m.kind).toBe("listed");
    if (m.kind === "listed") expect(m.leaving.some((l) => listed(l, "api/v2/pages/5/index.json"))).toBe(true);
  });

  it("is not trusted when it names anything a build does not write, or its entries are not its files", () => {
    const cases = [
      { written_by: "build-catalogue", entries: ["../content"] },
      { written_by: "build-catalogue", entries: [".git"] },
      { written_by: "build-catalogue", format: 2, entries: ["api"], files: { "404.html": 1 } },
      { written_by: "build-catalogue", format: 2, entries: [], files: { api: { v2: { "..": { "x.json": 1 } } } } },
      { written_by: "build-catalogue", format: 3, entries: [], files: {} },
      { written_by: "someone", entries: [] },
    ];
    cases.forEach((c, i) => expect(readMarker(folder(`forged-${i}`, JSON.stringify(c)), OUTPUT_ROOT).kind, JSON.stringify(c)).toBe("untrusted"));
    expect(readMarker(folder("not-json", "{"), OUTPUT_ROOT).kind).toBe("untrusted");
    expect(readMarker(folder("earlier", JSON.stringify({ written_by: "build-catalogue", entries: ["api", "404.html"] })), OUTPUT_ROOT).kind).toBe("top");
  });
});
