import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { derivedBlockId, descriptionBlocks } from "../../src/enrich/blocks.js";
import { heroImage, renditionKey, thumbnail } from "../../src/enrich/images.js";
import { ticketingLinks } from "../../src/enrich/ticketing.js";
import { serialize } from "../../src/runtime/serialize.js";

describe("rendition keys", () => {
  it("hashes None-None-None-None without a focal point (2e16d0ba)", () => {
    expect(renditionKey({ id: 1, title: "t", file: "a.jpg" })).toBe("2e16d0ba");
  });
  it("hashes width-height-x-y of the focal point", () => {
    const key = renditionKey({ id: 1, title: "t", file: "a.jpg", focal_point: { x: 640, y: 360, width: 200, height: 150 } });
    expect(key).toBe(createHash("sha1").update("200-150-640-360").digest("hex").slice(0, 8));
    expect(key).toBe("c0e87de6");
  });
  it("builds the thumbnail URL and picks the alt text", () => {
    const image = { id: 9, title: "Title", file: "my.photo.png", alt: "Image alt" };
    expect(thumbnail(image, undefined, "https://cdn.x").url).toBe("https://cdn.x/media/images/my.photo.2e16d0ba.fill-550x375.png");
    expect(thumbnail(image, "", "https://cdn.x").alt).toBe("");
    expect(thumbnail(image, undefined, "https://cdn.x").alt).toBe("Image alt");
    expect(thumbnail({ id: 9, title: "Title", file: "a.jpg" }, undefined, "https://cdn.x").alt).toBe("Title");
  });
  it("references the hero image", () => {
    expect(heroImage({ id: 31, title: "S", file: "s.jpg" }, "wagtailimages.Image", "https://api.x", "https://cdn.x")).toEqual({
      id: 31,
      meta: { type: "wagtailimages.Image", detail_url: "https://api.x/api/v2/images/31/", download_url: "https://cdn.x/media/original_images/s.jpg" },
      title: "S",
    });
  });
});

describe("ticketing links", () => {
  it("follow the gateway shape with the three codes", () => {
    const links = ticketingLinks(
      { url: "https://t.x", gateway_path: "/gateway/gateway.aspx", purchase_page: "/seatplan", waitlist_page: "/waitlist" },
      { event: 5101, venue: "DRT", performance: 80001 },
    );
    expect(links.purchase_link).toBe("https://t.x/gateway/gateway.aspx?E=N&QL=S5101|VDRT|P80001|G~/seatplan");
    expect(links.waitlist_link).toBe("https://t.x/gateway/gateway.aspx?E=N&QL=S5101|VDRT|P80001|G~/waitlist");
  });
});

describe("block ids", () => {
  it("are version-5 UUIDs derived from page and position, stable and distinct", () => {
    const a = derivedBlockId(101, 0);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedBlockId(101, 0)).toBe(a);
    expect(derivedBlockId(101, 1)).not.toBe(a);
    expect(derivedBlockId(102, 0)).not.toBe(a);
  });
  it("keep a given id and order keys type, value, id", () => {
    const [block] = descriptionBlocks(1, [{ type: "embed", value: "https://v.x/1", id: "5f0c6d2e-8b1a-4c3e-9f21-6a7b8c9d0e02" }]);
    expect(Object.keys(block!)).toEqual(["type", "value", "id"]);
    expect(block!.id).toBe("5f0c6d2e-8b1a-4c3e-9f21-6a7b8c9d0e02");
  });
});

describe("serializer bytes", () => {
  it("indents by 4 with ': ', keeps non-ASCII, escapes U+2028 and U+2029, no trailing newline", () => {
    const text = serialize({ a: [], b: {}, c: ["é\u2028x\u2029"], d: { e: null, f: 1 } });
    expect(text).toBe('{\n    "a": [],\n    "b": {},\n    "c": [\n        "é\\u2028x\\u2029"\n    ],\n    "d": {\n        "e": null,\n        "f": 1\n    }\n}');
  });
  it("escapes control characters as Python's json does", () => {
    expect(serialize("\u0001\t\n\"\\")).toBe('"\\u0001\\t\\n\\"\\\\"');
  });
});
