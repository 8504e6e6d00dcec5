// The images' index of the catalogue the reference Wagtail served (test/fixtures/wagtail-5.2/:
// its settings, images/content/images.json and the originals' sizes of images/renditions.jsonl),
// and the responder's rules and files for its images endpoint.
import { readFileSync } from "node:fs";
import path from "node:path";
import { catalogueSchema } from "../../src/content/catalogue.js";
import { browsableTemplate } from "../../src/io/browsable-page.js";
import { answerHeaders, CORS_PREFLIGHT_HEADERS } from "../../src/host/rules.js";
import { IMAGE_MODEL, IMAGES_NAME, IMAGES_PREFIX, imageEndpointFiles } from "../../src/runtime/query/image-documents.js";
import { buildImageIndex, type ImageIndex, type ImageRecord } from "../../src/runtime/query/image-index.js";
import type { ServedFiles, ServedRules } from "../../src/runtime/respond.js";
import { REFERENCE_CONTENT, REFERENCE_IMAGES } from "./wagtail-reference.js";

/** The images as the build will hand them over: images.json's records with their originals' sizes. */
export function referenceImageRecords(): ImageRecord[] {
  const sizes = new Map(
    readFileSync(path.join(REFERENCE_IMAGES, "renditions.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id: number; width: number; height: number })
      .map((r) => [r.id, r] as const),
  );
  const images = JSON.parse(readFileSync(path.join(REFERENCE_IMAGES, "content/images.json"), "utf8")) as { id: number; title: string; file: string }[];
  return images.map((i) => ({ ...i, width: sizes.get(i.id)!.width, height: sizes.get(i.id)!.height }));
}

export function referenceImageIndex(): ImageIndex {
  const catalogue = catalogueSchema.parse(JSON.parse(readFileSync(path.join(REFERENCE_CONTENT, "catalogue.json"), "utf8")));
  return buildImageIndex(referenceImageRecords(), catalogue);
}

/** The responder's rules with the images collection alone, and the live API's headers. */
export function imageRules(index: ImageIndex): ServedRules {
  return {
    ...answerHeaders({ cache_control: null }),
    corsOrigins: [],
    preflightHeaders: CORS_PREFLIGHT_HEADERS,
    collections: [{ prefix: IMAGES_PREFIX, name: IMAGES_NAME, model: IMAGE_MODEL, hasList: true, ids: index.images.map((i) => i.id) }],
    browsableTemplate: browsableTemplate(),
  };
}

/** The files the build is to write for the endpoint, in memory; `reads` lists the paths asked for. */
export function imageFiles(index: ImageIndex): ServedFiles & { reads: string[] } {
  const files = new Map(imageEndpointFiles(index).map((f) => [f.path, f.text]));
  const reads: string[] = [];
  return {
    reads,
    read: async (p) => {
      reads.push(p);
      return files.get(p) ?? null;
    },
  };
}
