// Wagtail's fill-550x375 as arithmetic: hand-worked cases, Wagtail's own answers for 4,000 sizes and focal points, and the 102 reference renditions' sizes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fill } from "../../src/media/fill.js";
import { FIXTURES } from "../helpers/cli.js";

const REF = path.join(FIXTURES, "wagtail-5.2/images");
const crop = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

describe("fill-550x375", () => {
  it("never scales up: a 480x320 original gives 470x320 from its centre", () => {
    // The largest 550:375 box is 469.33x320, centred: 5.33 to 474.67, rounded outwards to 5 and 475.
    expect(fill(480, 320, null)).toEqual({ crop: crop(5, 0, 470, 320), width: 470, height: 320, resized: false });
  });

  it("a 600x300 logo gives 440x300", () => {
    expect(fill(600, 300, null)).toEqual({ crop: crop(80, 0, 440, 300), width: 440, height: 300, resized: false });
  });

  it("cuts the largest box from the centre and scales it to 550x375", () => {
    // 1600 wide, 1600 * 375 / 550 = 1090.9 high, centred: 54.5 to 1145.5, rounded to 54 and 1146.
    expect(fill(1600, 1200, null)).toEqual({ crop: crop(0, 54, 1600, 1092), width: 550, height: 375, resized: true });
  });

  it("places the box by the focal point, then moves it to cover the focal area", () => {
    // 1466.7 x 1000 box; the centre 1950 is at 97.5% of the width, so the box spans 520 to
    // 1986.7, short of the focal area's right edge (2000): moved right to 533.3-2000.
    expect(fill(2000, 1000, { x: 1950, y: 500, width: 100, height: 100 }).crop).toEqual(crop(533, 0, 1467, 1000));
    // Without the focal point, the centre.
    expect(fill(2000, 1000, null).crop).toEqual(crop(266, 0, 1468, 1000));
  });

  it("a focal area larger than the box: the last edge moved wins, and the box stays inside the image", () => {
    // 1000 x 681.8 from 159.1: moved up to cover the top (0), then down to cover the bottom (1000).
    expect(fill(1000, 1000, { x: 500, y: 500, width: 1000, height: 1000 }).crop).toEqual(crop(0, 318, 1000, 682));
  });

  it("widens the crop by a pixel where Wagtail's scale and back lands past a whole pixel", () => {
    // The box rounds to 696..2877 (2181 wide); 550 / (550 / 2181) is 2181.0000000000005, rounded up.
    expect(fill(3573, 1486, null).crop).toEqual(crop(696, 0, 2182, 1486));
  });

  it("keeps the transform's size when Willow's crop is clamped short of it (the crop is stretched)", () => {
    const r = fill(2882, 120, { x: 2731, y: 97, width: 2846, height: 55 });
    expect(r.crop).toEqual(crop(2706, 0, 176, 120));
    expect([r.width, r.height]).toEqual([176, 121]);
  });

  it("rejects a size that is not whole pixels", () => {
    expect(() => fill(0, 10, null)).toThrow(RangeError);
    expect(() => fill(10.5, 10, null)).toThrow(RangeError);
  });

  it("equals Wagtail 5.2.8's FillOperation on 4,000 random sizes and focal points", () => {
    // fill-cases.jsonl: answers of Wagtail's own FillOperation, ImageTransform and Rect, and Willow's crop clamp.
    const lines = readFileSync(path.join(REF, "fill-cases.jsonl"), "utf8").trim().split("\n");
    expect(lines.length).toBe(4000);
    const wrong: string[] = [];
    for (const line of lines) {
      const c = JSON.parse(line) as { width: number; height: number; focal_point: null | { x: number; y: number; width: number; height: number }; crop: number[]; size: number[] };
      const r = fill(c.width, c.height, c.focal_point);
      const got = [r.crop.left, r.crop.top, r.crop.width, r.crop.height, r.width, r.height];
      if (got.join() !== [...c.crop, ...c.size].join()) wrong.push(`${line} -> ${got.join()}`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives every reference rendition's size", () => {
    const images = new Map((JSON.parse(readFileSync(path.join(REF, "content/images.json"), "utf8")) as { id: number; focal_point?: { x: number; y: number; width: number; height: number } }[]).map((i) => [i.id, i]));
    const lines = readFileSync(path.join(REF, "renditions.jsonl"), "utf8").trim().split("\n");
    expect(lines.length).toBe(102);
    for (const line of lines) {
      const r = JSON.parse(line) as { id: number; width: number; height: number; rendition_width: number; rendition_height: number };
      const got = fill(r.width, r.height, images.get(r.id)!.focal_point);
      expect([r.id, got.width, got.height]).toEqual([r.id, r.rendition_width, r.rendition_height]);
    }
  });
});
