// Plans the images endpoint's files: its list, each image's detail (and their browsable pages
// where a host serves those from files) and the index its queries are answered from, each
// document checked against its response schema. Their bytes follow from imagesEndpointInput alone:
// a rebuild in place with the same input keeps them where they stand (steps/write-output.ts), as it
// keeps a reused page's.
import { imageDetailSchema, imageListSchema } from "../api/schemas.js";
import { checked } from "../api/self-check.js";
import type { HostModel } from "../host/rules.js";
import type { OutputFile } from "../model/output.js";
import { IMAGES_PREFIX, imageEndpointFiles } from "../runtime/query/image-documents.js";
import type { ImageIndex } from "../runtime/query/image-index.js";
import { documentFiles } from "./documents.js";

/** What decides the endpoint's bytes besides the code: the images' index, and the browsable pages' headers when they are written. */
export function imagesEndpointInput(images: ImageIndex, model: HostModel, browsable: boolean): unknown {
  return [images, browsable ? model.jsonHeaders : null];
}

export function* planImagesEndpoint(images: ImageIndex, model: HostModel, browsable: boolean): Generator<OutputFile> {
  for (const file of imageEndpointFiles(images)) {
    if (!file.address) yield { path: file.path, bytes: Buffer.from(file.text, "utf8") };
    else yield* documentFiles(model, browsable, file.address, checked(file.address === IMAGES_PREFIX ? imageListSchema : imageDetailSchema, file.document, `images endpoint's ${file.path}`));
  }
}
