// `build-catalogue import <api-base-url>`: reads a live Wagtail API v2, writes content/ as an
// editor keeps it, builds that content and proves the build answers what the API answered.
// A library function: it neither prints nor exits (see summary.ts for the words).
import path from "node:path";
import { DEFAULT_MAX_ORIGINAL_BYTES } from "../media/originals.js";
import type { Diagnostic } from "../model/diagnostics.js";
import { parseNow } from "../options.js";
import { ApiReader, apiBase } from "./api-reader.js";
import { idList, planImages, type ImagesPlan } from "./content-images.js";
import { siteUrls } from "./content-settings.js";
import { ImportFailed, ImportInterrupted } from "./errors.js";
import { PoliteClient, type ClientStats } from "./http-client.js";
import { inferZones, parseZoneOptions, type ZoneOptions } from "./infer-zones.js";
import { proveIdentical, type Proof } from "./prove.js";
import { unreachableNote, urlNotes, type ImportedUrls } from "./next-steps.js";
import { downloadOriginals, readImageDetails, readImageList, type OriginalsRead } from "./read-images.js";
import { readPages, releaseDetails, type Progress } from "./read-pages.js";
import { IMAGES_FILE, imagesFileText, planContent, type ContentPlan } from "./to-content.js";
import { filesWithoutSize, originalSize, sizeImages, type PixelSize } from "./unsized-images.js";
import { fetchableUrl } from "./safe-names.js";
import { ContentStaging } from "./write-content.js";

export interface ImportOptions {
  /** The API's address (the one /api/v2/ sits under; a URL below it is cut back to it). */
  url: string;
  /** The content folder to write; default `content`. It must be empty or absent unless `force`. */
  content?: string;
  cwd?: string;
  /** Download each image's original into content/images/ (default true). */
  images?: boolean;
  /** `ZONE` for the catalogue, `<venue id>=ZONE` for a venue: where the API's offsets fit several. */
  timeZones?: readonly string[];
  /** Replace a content folder that is not empty. */
  force?: boolean;
  /** The largest original downloaded and built, in bytes (the build's --max-original-size); default 10 MiB. */
  maxOriginalBytes?: number;
  /** The instant the proof builds at (a server with a fixed clock); default: when the import starts. */
  now?: string | Date;
  timeoutMs?: number;
  concurrency?: number;
  /** The first wait before a retry (doubled each time); default 500 ms. */
  backoffMs?: number;
  signal?: AbortSignal;
  onProgress?: Progress;
}

/** The written content failed to build: the API holds what the content format cannot say. */
export class ImportedContentRefused extends ImportFailed {
  constructor(readonly diagnostics: Diagnostic[]) {
    super("the content written from the API does not build");
  }
}

export interface ImportResult {
  source: string;
  /** The content folder as given. */
  content: string;
  now: Date | string;
  read: {
    events: number;
    listRequests: number;
    pageSize: number;
    parent: number | null;
    home: number | null;
    imagesEndpoint: boolean;
    originals: OriginalsRead | null;
  };
  /** catalogue.json's URLs as written. */
  urls: ImportedUrls;
  /** What to check in catalogue.json's URLs before deploying (a loopback or staging-looking host). */
  urlNotes: string[];
  client: ClientStats;
  milliseconds: number;
  written: ContentPlan["counts"] & { files: number };
  notes: string[];
  proof: Extract<Proof, { built: true }>;
  /** Every document read is the same bytes built. */
  identical: boolean;
}

/**
 * Reads the pages and the images they use, and plans the content. The parsed details are dropped
 * on the way out: the proof needs only the texts read.
 */
async function readAndPlan(reader: ApiReader, zoneOptions: ZoneOptions, progress: Progress) {
  const pages = await readPages(reader, progress);
  if (pages.events.length === 0) throw new ImportFailed(`${reader.base}/api/v2/event_pages/ lists no event pages: there is nothing to import`);
  const urls = siteUrls(pages, reader.base);
  const details = pages.events.map((e) => e.detail);
  const listed = await readImageList(reader, pages.list.limit, progress);
  const first = planImages({ pages: details, cdnUrl: urls.cdn, listed: listed.images, details: new Map() });
  const read = listed.images ? await readImageDetails(reader, first.used, progress) : { details: new Map(), unknown: [] };
  const images = planImages({ pages: details, cdnUrl: urls.cdn, listed: listed.images, details: read.details });
  const zones = inferZones(pages, zoneOptions);
  const imageTypes = [...details.flatMap((d) => (d.hero_image ? [d.hero_image.meta.type] : [])), ...(listed.images ?? []).map((i) => i.type)];
  const content = planContent(pages, urls, zones, images, imageTypes);
  if (listed.note) content.notes.push(listed.note);
  if (read.unknown.length) content.notes.push(`the images endpoint does not know ${read.unknown.length} image${read.unknown.length === 1 ? "" : "s"} the pages use (${idList(read.unknown)})`);
  releaseDetails(pages);
  const endpoint = listed.images ? "listed" : listed.note ? "unreadable" : "none";
  return { pages, content, urls, images, endpoint } as const;
}

/**
 * Downloads the originals into the staging folder, reading the size of each whose image the API
 * gives none, and notes those that failed.
 */
async function fetchOriginals(reader: ApiReader, images: ImagesPlan, to: { staging: ContentStaging; shown: string; notes: string[] }, maxOriginalBytes: number, progress: Progress) {
  const { staging, notes } = to;
  const needSize = filesWithoutSize(images.records);
  const probed = new Map<string, PixelSize>();
  const save = async (file: string, bytes: Buffer) => {
    staging.write(path.join("images", file), bytes);
    const size = needSize.has(file) ? await originalSize(bytes) : null;
    if (size) probed.set(file, size);
  };
  const originals = await downloadOriginals(reader, images.originals, save, progress, maxOriginalBytes);
  if (originals.failed.length) notes.push(`${originals.failed.length} original${originals.failed.length === 1 ? "" : "s"} could not be downloaded (the API does not depend on them): ${originals.failed.slice(0, 2).join("; ")}${originals.failed.length > 2 ? `; and ${originals.failed.length - 2} more` : ""}`);
  const down = reader.client.unreachable();
  for (const u of originals.unreachable) notes.push(unreachableNote(down.find((h) => h.host === u.host)!, u.files, to.shown));
  return { originals, probed };
}

export async function importCatalogue(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const shown = (options.content ?? "content").replace(/\/+$/, "") || ".";
  const target = path.resolve(cwd, shown);
  const base = apiBase(options.url);
  const zoneOptions = parseZoneOptions(options.timeZones ?? []);
  if (typeof options.now === "string") parseNow(options.now);
  const now = options.now ?? new Date(started);
  const progress: Progress = options.onProgress ?? (() => {});
  const maxOriginalBytes = options.maxOriginalBytes ?? DEFAULT_MAX_ORIGINAL_BYTES;
  const interrupted = () => {
    if (options.signal?.aborted) throw new ImportInterrupted();
  };
  const staging = ContentStaging.open(target, shown, options.force === true);
  const client = new PoliteClient({ concurrency: options.concurrency, timeoutMs: options.timeoutMs, backoffMs: options.backoffMs, signal: options.signal });
  try {
    const reader = new ApiReader(client, base);
    const { pages, content, urls, images, endpoint } = await readAndPlan(reader, zoneOptions, progress);
    interrupted();
    const downloading = options.images !== false;
    // Every name and every URL to fetch is checked before the first file is written.
    staging.checkNames([...content.files.keys(), IMAGES_FILE, ...(downloading ? images.originals.map((o) => path.join("images", o.file)) : [])]);
    if (downloading) for (const o of images.originals) o.downloadUrl = fetchableUrl(o.downloadUrl, `${base}/`, o.from);
    for (const [rel, text] of content.files) staging.write(rel, text);
    const written = content.files.size + 1;
    content.files.clear();
    const fetched = downloading ? await fetchOriginals(reader, images, { staging, shown, notes: content.notes }, maxOriginalBytes, progress) : null;
    const originals: OriginalsRead | null = fetched?.originals ?? null;
    const sizing = { endpoint, downloaded: downloading, originals: images.originals, probed: fetched?.probed ?? new Map(), content: shown };
    content.notes.push(...sizeImages(images.records, sizing));
    staging.write(IMAGES_FILE, imagesFileText(images.records));
    interrupted();

    progress("the proof", 0, 1);
    const name = path.basename(staging.dir);
    const proof = await proveIdentical(pages, staging.root, name, now, maxOriginalBytes);
    interrupted();
    if (!proof.built) {
      throw new ImportedContentRefused(proof.diagnostics.map((d) => ({ ...d, file: d.file.startsWith(`${name}/`) ? `${shown}/${d.file.slice(name.length + 1)}` : d.file })));
    }
    progress("the proof", 1, 1);
    staging.commit();
    return {
      source: base,
      content: shown,
      now,
      read: {
        events: pages.events.length,
        listRequests: pages.list.pages.length,
        pageSize: pages.list.pages[0]!.value.items.length,
        parent: pages.parent?.page.id ?? null,
        home: pages.home?.page.id ?? null,
        imagesEndpoint: endpoint === "listed",
        originals,
      },
      urls: { base_url: urls.base, site_url: urls.site, cdn_url: urls.cdn },
      urlNotes: urlNotes({ base_url: urls.base, site_url: urls.site, cdn_url: urls.cdn }, shown),
      client: client.stats,
      milliseconds: Date.now() - started,
      written: { ...content.counts, files: written + (originals?.saved ?? 0) },
      notes: content.notes,
      proof,
      identical: proof.differing.length === 0,
    };
  } finally {
    // Requests still in flight (others of a batch one of which failed) end now, and write nothing.
    client.close();
    staging.abort();
  }
}
