// Reads the images the pages use: the images endpoint's list (when the API has one) to know each
// image's file, each used image's detail, and the originals from their download_url.
import { ApiReader, statusLine } from "./api-reader.js";
import { readPaged } from "./read-paged.js";
import { AnswerRefused, HostUnreachable, ImportFailed } from "./errors.js";
import type { BodyLimit } from "./http-client.js";
import { imageDetailShape, imageListShape, readAs, type ImageDetailRead } from "./read-shapes.js";
import type { Progress } from "./read-pages.js";

export interface ListedImage {
  id: number;
  title: string;
  type: string;
  downloadUrl: string | null;
  /** The list page and key its download_url was read from (`/api/v2/images/?limit=20&offset=0: items[3].meta.download_url`). */
  from: string;
}

/** Every image of the images endpoint, or null (with why) when the API has none or it cannot be read. */
export async function readImageList(reader: ApiReader, startLimit: number, progress: Progress): Promise<{ images: ListedImage[] | null; note: string | null }> {
  try {
    const list = await readPaged(reader, "/api/v2/images/", imageListShape, "images", (done, total) => progress("the images' list", done, total), startLimit);
    if (!list) return { images: null, note: null };
    const images = list.pages.flatMap((p) =>
      p.value.items.map((i, n) => ({ id: i.id, title: i.title, type: i.meta.type, downloadUrl: i.meta.download_url ?? null, from: `${p.answer.path}: items[${n}].meta.download_url` })),
    );
    return { images, note: null };
  } catch (e) {
    if (!(e instanceof ImportFailed) || e instanceof AnswerRefused) throw e;
    return { images: null, note: `the images endpoint could not be read (${e.message}); images were taken from the pages alone` };
  }
}

/** The detail of each image asked for; ids the endpoint does not know are returned apart. */
export async function readImageDetails(reader: ApiReader, ids: readonly number[], progress: Progress): Promise<{ details: Map<number, ImageDetailRead>; unknown: number[] }> {
  const details = new Map<number, ImageDetailRead>();
  const unknown: number[] = [];
  let done = 0;
  await Promise.all(
    ids.map(async (id) => {
      const answer = await reader.json(`/api/v2/images/${id}/`);
      if (answer.status === 404) unknown.push(id);
      else if (answer.status !== 200) throw new ImportFailed(`GET ${reader.url(answer.path)} answered ${statusLine(answer.status)}; the import reads each image the pages use`);
      else details.set(id, readAs(imageDetailShape, answer.value, `GET ${reader.url(answer.path)}`, "an image's detail"));
      progress("images", ++done, ids.length);
    }),
  );
  return { details, unknown: unknown.sort((a, b) => a - b) };
}

export interface Original {
  file: string;
  /** As the API gave it; made absolute and checked (http: or https: only) before anything is written. */
  downloadUrl: string;
  /** The document and key it was read from. */
  from: string;
}

/** An original is downloaded up to the size the build reads (--max-original-size), so what the import keeps builds. */
const originalLimit = (maxBytes: number): BodyLimit => ({
  bytes: maxBytes,
  what: `the largest original the build reads (give the import and the build a larger --max-original-size, in MiB, or import with --no-images to leave the originals out)`,
});

export interface OriginalsRead {
  saved: number;
  bytes: number;
  /** `file (why)` of each that failed for a reason of its own, sorted. */
  failed: string[];
  /** The files that failed because their host cannot be reached, by host (the client says why). */
  unreachable: { host: string; files: string[] }[];
}

/**
 * Downloads each original and hands its bytes to `save`, a few at a time. A download that fails
 * (after the client's retries) does not end the import: the API does not depend on it. One the
 * import refuses (too large, redirected where it does not follow) does.
 */
export async function downloadOriginals(
  reader: ApiReader,
  originals: readonly Original[],
  save: (file: string, bytes: Buffer) => Promise<void>,
  progress: Progress,
  maxBytes: number,
): Promise<OriginalsRead> {
  const limit = originalLimit(maxBytes);
  let saved = 0;
  let bytes = 0;
  let done = 0;
  const failed: string[] = [];
  const unreachable = new Map<string, string[]>();
  await Promise.all(
    originals.map(async (o) => {
      const url = o.downloadUrl;
      try {
        const a = await reader.client.get(url, { accept: "*/*", limit });
        if (a.status !== 200) failed.push(`${o.file} (GET ${url} answered ${statusLine(a.status)})`);
        else if (/text\/html/i.test(a.contentType)) failed.push(`${o.file} (GET ${url} answered HTML, not an image)`);
        else {
          await save(o.file, a.body);
          saved++;
          bytes += a.body.length;
        }
      } catch (e) {
        if (!(e instanceof ImportFailed) || e instanceof AnswerRefused) throw e;
        if (e instanceof HostUnreachable) unreachable.set(e.host, [...(unreachable.get(e.host) ?? []), o.file]);
        else failed.push(`${o.file} (${e.message})`);
      }
      progress("originals", ++done, originals.length);
    }),
  );
  return {
    saved, bytes, failed: failed.sort(),
    unreachable: [...unreachable].map(([host, files]) => ({ host, files: files.sort() })).sort((a, b) => (a.host < b.host ? -1 : 1)),
  };
}
