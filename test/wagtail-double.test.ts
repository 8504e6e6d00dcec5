// The import's tests trust a stand-in for a live Wagtail's images endpoint (helpers/wagtail-double.ts):
// here it answers the requests a real Wagtail 5.2.8 answered (test/fixtures/wagtail-5.2-images/),
// status and body byte for byte, for the same images; switched off, it answers as a Wagtail without one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "./helpers/cli.js";
import { startWagtailDouble, type Double, type DoubleImage } from "./helpers/wagtail-double.js";
import { recordedAnswers, REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";

const REFERENCE = path.join(FIXTURES, "wagtail-5.2-images");

let double: Double;

beforeAll(async () => {
  const sizes = new Map(
    readFileSync(path.join(REFERENCE, "renditions.jsonl"), "utf8").trim().split("\n").map((l) => {
      const r = JSON.parse(l) as { id: number; width: number; height: number };
      return [r.id, r] as const;
    }),
  );
  const records = (JSON.parse(readFileSync(path.join(REFERENCE, "images.json"), "utf8")) as DoubleImage[]).map((i) => ({
    id: i.id, title: i.title, file: i.file, width: sizes.get(i.id)!.width, height: sizes.get(i.id)!.height,
  }));
  // Nothing but the images endpoint is asked of it: no upstream answers.
  double = await startWagtailDouble({ upstream: "http://127.0.0.1:9", images: { records, baseUrl: "https://api.harbourrange.example", cdnUrl: "https://cdn.harbourrange.example" } });
});

afterAll(async () => {
  await double?.close();
});

const recorded = readFileSync(path.join(REFERENCE, "urls.txt"), "utf8").trim().split("\n").map((line) => {
  const [name, url] = line.trim().split(/\s+/) as [string, string];
  const raw = readFileSync(path.join(REFERENCE, "recorded", `${name}.txt`));
  const end = raw.indexOf("\r\n\r\n");
  return { name, url, status: Number(raw.subarray(0, end).toString("latin1").split(" ")[1]), body: raw.subarray(end + 4).toString("utf8") };
});

describe("the import tests' stand-in for Wagtail's images endpoint", () => {
  it.each(recorded)("answers $name ($url) as Wagtail 5.2.8 did", async ({ url, status, body }) => {
    const res = await fetch(double.url + url);
    expect(res.status).toBe(status);
    expect(await res.text()).toBe(body);
  });
});

describe("the stand-in with its images endpoint switched off", () => {
  // As a Wagtail that registers only the pages endpoints: Django's own 404 page for every address under /api/v2/images/.
  const notFound = recordedAnswers(REFERENCE_IMAGES).find((r) => r.name === "im_detail_abc")!;
  let off: Double;
  beforeAll(async () => {
    off = await startWagtailDouble({ upstream: "http://127.0.0.1:9", noImagesEndpoint: true });
  });
  afterAll(async () => {
    await off?.close();
  });

  it.each(["/api/v2/images/", "/api/v2/images/?limit=20&offset=0", "/api/v2/images/318/"])("answers %s with Django's HTML 404", async (url) => {
    const res = await fetch(off.url + url);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html");
    expect(await res.text()).toBe(notFound.body);
  });
});
