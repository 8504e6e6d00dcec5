// The images endpoint through the runtime responder (the code the preview and the Cloudflare
// worker run) against what a real Wagtail 5.2.8 answered: the images' index made from the
// reference catalogue's images and their originals' sizes, the files the build is to write for
// it, and every recorded request, status, Location and body byte for byte.
import { describe, expect, it } from "vitest";
import { IMAGE_INDEX_FILE } from "../src/runtime/query/image-index.js";
import { respond } from "../src/runtime/respond.js";
import { imageFiles, imageRules, referenceImageIndex } from "./helpers/image-reference.js";
import { recordedAnswers, REFERENCE_IMAGES, sameAsWagtail } from "./helpers/wagtail-reference.js";

const index = referenceImageIndex();
const rules = imageRules(index);
const headerOf = (headers: readonly (readonly [string, string])[], name: string) => headers.find(([n]) => n === name)?.[1];

/**
 * Django's HTML 404 for a non-integer id, the 301's own headers, and the plain list (every image,
 * as the pages' static lists hold every page, where Wagtail answers its first 20): asserted apart.
 */
const DIFFERS_BY_DESIGN = new Set(["im_detail_abc", "im_noslash", "im_plain"]);

describe("the images endpoint answers as Wagtail 5.2 did", () => {
  const recorded = recordedAnswers(REFERENCE_IMAGES);

  it("has all 32 recordings", () => {
    expect(recorded.length).toBe(32);
  });

  it.each(recorded.filter((r) => !DIFFERS_BY_DESIGN.has(r.name)).map((r) => [r.name, r] as const))("%s", async (_, r) => {
    const a = await respond(rules, imageFiles(index), { method: "GET", url: r.url });
    expect(sameAsWagtail(r, { status: a.status, location: headerOf(a.headers, "Location"), body: a.body })).toBeUndefined();
    if (r.status === 302) expect(a.body).toBe("");
    else expect(a.headers.map(([n, v]) => `${n}: ${v}`)).toEqual([
      "Content-Type: application/json", "Vary: Accept", "Allow: GET, HEAD, OPTIONS",
      "X-Content-Type-Options: nosniff", "Referrer-Policy: same-origin", "X-Frame-Options: DENY",
    ]);
  });

  it("answers a non-integer id with the API's JSON 404, where Django answers its HTML page", async () => {
    const r = recorded.find((x) => x.name === "im_detail_abc")!;
    expect(r.status).toBe(404);
    const a = await respond(rules, imageFiles(index), { method: "GET", url: r.url });
    expect([a.status, headerOf(a.headers, "Content-Type"), a.body]).toEqual([404, "application/json", '{\n    "message": "Not found."\n}']);
  });

  it("answers the plain list with every image and the true total_count, where Wagtail answers its first 20", async () => {
    const r = recorded.find((x) => x.name === "im_plain")!;
    const wagtail = JSON.parse(r.body) as { meta: { total_count: number }; items: unknown[] };
    const a = await respond(rules, imageFiles(index), { method: "GET", url: r.url });
    const ours = JSON.parse(a.body) as typeof wagtail;
    expect([a.status, ours.meta.total_count, ours.items.length]).toEqual([200, wagtail.meta.total_count, index.images.length]);
    expect(ours.items.slice(0, wagtail.items.length)).toEqual(wagtail.items);
  });

  it("redirects the list without its slash", async () => {
    const r = recorded.find((x) => x.name === "im_noslash")!;
    const a = await respond(rules, imageFiles(index), { method: "GET", url: r.url });
    expect([a.status, headerOf(a.headers, "Location"), a.body]).toEqual([r.status, r.location, ""]);
  });

  it("answers the plain list and details from the build's files, and queries from the index alone", async () => {
    const files = imageFiles(index);
    await respond(rules, files, { method: "GET", url: "/api/v2/images/" });
    await respond(rules, files, { method: "GET", url: "/api/v2/images/309/?format=json" });
    expect(files.reads).toEqual(["api/v2/images/index.json", "api/v2/images/309/index.json"]);
    await respond(rules, files, { method: "GET", url: "/api/v2/images/?limit=3" });
    await respond(rules, files, { method: "GET", url: "/api/v2/images/309/?fields=title" });
    await respond(rules, files, { method: "GET", url: "/api/v2/images/find/?id=309" });
    // The index is read once for the reader's life.
    expect(files.reads.slice(2)).toEqual([IMAGE_INDEX_FILE]);
  });
});
