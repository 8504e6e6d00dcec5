// What a build can write, as places in its folders: a marker (output-marker.ts) is trusted only when
// everything it names is such a place, so that a marker copied or made by hand cannot make a build
// delete what no build writes. Each place says which names it takes and where each leads.
import { OUTPUT_NAMES } from "../options.js";

/** The hosts' rule files, at the top of --out. */
const ROOT_FILES = new Set(["404.html", "serve.json", "_headers", "_redirects", "vercel.json", "nginx.conf", "nginx-http.conf", "nginx-api.js"]);
/** The folders of a media folder (media/images.ts: Wagtail's storage under MEDIA_ROOT). */
const MEDIA_FOLDERS = new Set(["images", "original_images"]);

/**
 * A place in a build's folder: what files it holds and where each folder leads (null: no file or
 * folder of that name is the build's).
 */
export interface Place {
  file(name: string): boolean;
  folder(name: string): Place | null;
}

const json = /\.(json|html)$/;
const nothing: Place = { file: () => false, folder: () => null };

/** The API's documents (and the lookups earlier versions pre-rendered in `_lookup/`): JSON and HTML files, in folders of any name. */
const documents: Place = { file: (n) => json.test(n), folder: () => documents };
/** The query indexes. */
const query: Place = { file: (n) => n.endsWith(".json"), folder: () => null };
/** The Cloudflare worker and the runtime it loads. */
const worker: Place = { file: (n) => n.endsWith(".js"), folder: () => worker };
const edgeFunctions: Place = { file: (n) => n.endsWith(".js"), folder: () => null };
const netlify: Place = { file: () => false, folder: (n) => (n === "edge-functions" ? edgeFunctions : null) };
/** Vercel's edge function in the Build Output API's form: `functions/api-answers.func/`. */
const vercelFunction: Place = { file: (n) => n === ".vc-config.json" || n === "index.js", folder: () => null };
const vercelFunctions: Place = { file: () => false, folder: (n) => (n.endsWith(".func") ? vercelFunction : null) };
const vercel: Place = { file: () => false, folder: (n) => (n === "functions" ? vercelFunctions : null) };
const api: Place = { file: () => false, folder: (n) => (n === "v2" ? documents : null) };
/** The renditions and the originals: files of any name. */
const mediaFiles: Place = { file: () => true, folder: () => null };
/** A media folder inside --out, wherever --media-out put it: folders down to its images/ and original_images/. */
const mediaPath: Place = { file: () => false, folder: (n) => (MEDIA_FOLDERS.has(n) ? mediaFiles : n.startsWith(".") ? null : mediaPath) };

/** The top of --out. */
export const OUTPUT_ROOT: Place = {
  file: (n) => ROOT_FILES.has(n),
  folder: (n) => {
    switch (n) {
      case "api":
        return api;
      case "_query":
        return query;
      case "_lookup":
        return documents;
      case "_worker.js":
        return worker;
      case "_netlify":
        return netlify;
      case "_vercel":
        return vercel;
      default:
        return OUTPUT_NAMES.test(n) ? null : mediaPath;
    }
  },
};

/** The top of a media folder of its own (--media-out outside --out). */
export const MEDIA_ROOT: Place = { file: () => false, folder: (n) => (MEDIA_FOLDERS.has(n) ? mediaFiles : null) };

/** Nothing is the build's. */
export const NO_PLACE = nothing;

/** A name a build can give a file or a folder: not empty, not `.` or `..`, no slash, backslash or control character. */
export function plainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/** Whether a path relative to the folder (forward slashes) is a file a build can write there. */
export function buildWrites(root: Place, rel: string): boolean {
  const names = rel.split("/");
  let place: Place | null = root;
  for (let i = 0; i < names.length - 1 && place; i++) place = plainName(names[i]!) ? place.folder(names[i]!) : null;
  const last = names[names.length - 1]!;
  return place !== null && plainName(last) && place.file(last);
}
