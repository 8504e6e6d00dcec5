// A document's files: its JSON, and its browsable page where a host serves those from files.
import type { Collection, HostModel } from "../host/rules.js";
import { documentAt } from "../host/rules.js";
import { renderBrowsable } from "../io/browsable-page.js";
import type { OutputFile } from "../model/output.js";

/** The files of the document at `path` (`/api/v2/pages/5/`): its JSON as given and, with `browsable`, its page. */
export function* documentFiles(model: HostModel, browsable: boolean, path: string, json: string): Generator<OutputFile> {
  const doc = documentAt(model, path)!;
  yield { path: doc.file, bytes: Buffer.from(json, "utf8") };
  if (browsable) yield { path: doc.htmlFile, bytes: Buffer.from(browsablePage(model, doc.collection, path, json), "utf8") };
}

export function browsablePage(model: HostModel, collection: Collection, path: string, json: string, status = 200, method = "GET", query = "?format=api"): string {
  return renderBrowsable({
    method,
    requestPath: `${path}${query}`,
    status,
    name: collection.name,
    collectionPath: collection.prefix,
    headers: model.jsonHeaders,
    json,
  });
}
