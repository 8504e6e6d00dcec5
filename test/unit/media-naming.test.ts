// Rendition names as Wagtail 5.2 makes them: the format's extension, the 59-character cut, and the thumbnail URL built from the same name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { thumbnail } from "../../src/enrich/images.js";
import { renditionExtension } from "../../src/media/formats.js";
import { renditionFileName, renditionKey, splitExtension } from "../../src/media/rendition-name.js";
import { FIXTURES } from "../helpers/cli.js";

const REF = path.join(FIXTURES, "wagtail-5.2/images");

describe("rendition names", () => {
  it("equal Wagtail's for every reference image, from the file name alone", () => {
    const images = new Map((JSON.parse(readFileSync(path.join(REF, "content/images.json"), "utf8")) as { id: number; file: string; focal_point?: { x: number; y: number; width: number; height: number } }[]).map((i) => [i.id, i]));
    const lines = readFileSync(path.join(REF, "renditions.jsonl"), "utf8").trim().split("\n");
    expect(lines.length).toBe(102);
    for (const line of lines) {
      const r = JSON.parse(line) as { id: number; rendition: string };
      const image = images.get(r.id)!;
      expect(renditionFileName(image.file, renditionKey(image))).toBe(r.rendition);
    }
  });

  it("take the extension of the format Wagtail writes", () => {
    expect(["a.jpg", "a.jpeg", "a.JPG", "a.Jpeg", "a.png", "a.PNG", "a.webp", "a.bmp", "a.avif", "a.gif", "a.GIF"].map((f) => renditionExtension(splitExtension(f).extension))).toEqual(["jpg", "jpg", "jpg", "jpg", "png", "png", "png", "png", "png", "png", "png"]);
    // A format Wagtail makes no rendition of keeps its extension, lower-cased.
    expect(renditionExtension("TIFF")).toBe("tiff");
    expect(renditionExtension("svg")).toBe("svg");
  });

  it("follow the probed format over the file's extension", () => {
    expect(renditionFileName("poster.png", "2e16d0ba", { format: "jpeg" })).toBe("poster.2e16d0ba.fill-550x375.jpg");
    expect(renditionFileName("poster.jpg", "2e16d0ba", { format: "webp" })).toBe("poster.2e16d0ba.fill-550x375.png");
    expect(renditionFileName("poster.jpg", "2e16d0ba", { format: "gif" })).toBe("poster.2e16d0ba.fill-550x375.png");
  });

  it("cut the stem to 59 characters less the tail's (a name of 60 at most), counted in code points as Python counts", () => {
    const name = renditionFileName(`${"x".repeat(80)}.jpg`, "2e16d0ba");
    expect(name).toBe(`${"x".repeat(34)}.2e16d0ba.fill-550x375.jpg`);
    expect(name.length).toBe(60);
    // 34 characters of stem, each an astral code point (two UTF-16 units).
    const astral = renditionFileName(`${"𝄞".repeat(40)}.png`, "2e16d0ba");
    expect(Array.from(astral).length).toBe(60);
    expect(astral.startsWith("𝄞".repeat(34) + ".")).toBe(true);
    // A stem short enough is whole.
    expect(renditionFileName(`${"y".repeat(34)}.jpg`, "2e16d0ba")).toBe(`${"y".repeat(34)}.2e16d0ba.fill-550x375.jpg`);
  });

  it("split the extension as Python's os.path.splitext does", () => {
    expect(splitExtension("my.photo.png")).toEqual({ stem: "my.photo", extension: "png" });
    expect(splitExtension(".hidden.jpg")).toEqual({ stem: ".hidden", extension: "jpg" });
    expect(splitExtension("..jpg")).toEqual({ stem: "..jpg", extension: "" });
  });
});

describe("thumbnail URLs", () => {
  it("use the rendition's name: the format's extension and the cut", () => {
    const long = { id: 398, title: "t", file: "the-extraordinary-and-wonderful-adventures-of-the-harbour-players-2026-production.jpg" };
    expect(thumbnail(long, undefined, "https://cdn.x").url).toBe("https://cdn.x/media/images/the-extraordinary-and-wonderful-ad.2e16d0ba.fill-550x375.jpg");
    expect(thumbnail({ id: 1, title: "t", file: "Opening-Night-Crowd.JPG" }, undefined, "https://cdn.x").url).toBe("https://cdn.x/media/images/Opening-Night-Crowd.2e16d0ba.fill-550x375.jpg");
    expect(thumbnail({ id: 1, title: "t", file: "season-poster-2026.webp" }, undefined, "https://cdn.x").url).toBe("https://cdn.x/media/images/season-poster-2026.2e16d0ba.fill-550x375.png");
  });

  it("follow the original's format when the build has read it", () => {
    expect(thumbnail({ id: 1, title: "t", file: "banner.png" }, undefined, "https://cdn.x", "jpeg").url).toBe("https://cdn.x/media/images/banner.2e16d0ba.fill-550x375.jpg");
  });
});
