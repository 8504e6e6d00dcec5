// Step: every file besides the event pages' own and the media planned (plan/) and written into
// the output transaction's staging folder (output/), or only counted for a check (the images
// endpoint and the OpenAPI description are kept where they stand when a rebuild in place finds
// them made from the same input); the tally of what the build wrote (the media inside --out
// included), and the hosts' limits checked against it.
import { createHash } from "node:crypto";
import path from "node:path";
import { hostLimitWarnings } from "../host/limits.js";
import { buildHostModel, type HostModel } from "../host/rules.js";
import { writtenStand } from "../io/file-status.js";
import type { Step } from "../model/diagnostics.js";
import type { OutputFile, PreviousFile } from "../model/output.js";
import type { Site } from "../model/site.js";
import { PlannedWriter } from "../output/planned-writer.js";
import { imagesEndpointInput, planImagesEndpoint } from "../plan/images-endpoint.js";
import { OPENAPI_FILE, openApiDocument } from "../api/openapi.js";
import { serialize } from "../runtime/serialize.js";
import { planOutput, type PreviousOutput } from "../plan/plan-output.js";
import { QueryIndexPlan } from "../plan/query-index.js";
import { buildImageIndex } from "../runtime/query/image-index.js";
import type { ImageSize } from "../media/image-sizes.js";
import type { WrittenMedia } from "./write-media.js";
import { QUERY_INDEX_FILE } from "../runtime/query/query-index.js";
import type { BuiltPages } from "../engine/build-pages.js";
import type { BuildContext } from "./context.js";

export interface Written {
  /** How the built API answers over HTTP (the preview serves it). */
  model: HostModel;
  files: number;
  bytes: number;
}

export function writeOutput(ctx: BuildContext, site: Site, pages: BuiltPages, sizes: ReadonlyMap<number, ImageSize>, media: WrittenMedia): Step<Written> {
  const queryIndex = new QueryIndexPlan(site);
  // An image whose size is not known (images.json's nulls, warned of) is left out of the images endpoint.
  const sized = [...site.images.values()].flatMap((i) => {
    const size = sizes.get(i.id);
    return size ? [{ ...i, ...size }] : [];
  });
  const images = buildImageIndex(sized, site.catalogue);
  const mediaPrefix = ctx.options.mediaInOut === null ? null : `/${ctx.options.mediaInOut}/`;
  const model = buildHostModel(site, images.images.map((i) => i.id), () => queryIndex.index, mediaPrefix);
  const output = ctx.output;
  const writer = new PlannedWriter(output?.writer ?? null, output);
  const plan = planOutput({ site, model, hosts: ctx.hosts, queryIndex, previous: previousOutput(ctx, site) });
  for (const file of plan) writer.write(file);
  ctx.cache?.noteOutputs(writer.pieced);
  const browsable = ctx.hosts.some((h) => h.prerendersBrowsable);
  writeGroup(ctx, writer, "images", imagesEndpointInput(images, model, browsable), () => planImagesEndpoint(images, model, browsable));
  const baseUrl = site.catalogue.base_url;
  writeGroup(ctx, writer, "openapi", baseUrl, () => [{ path: OPENAPI_FILE, bytes: Buffer.from(serialize(openApiDocument(baseUrl)), "utf8") }]);
  // The event pages' files were counted as they were built.
  const tally = writer.tally;
  let bytes = writer.bytes;
  for (const r of pages.records) {
    tally.files += r.files;
    bytes += r.bytes;
    if (r.largest && r.largest.bytes > tally.largest.bytes) tally.largest = r.largest;
  }
  for (const f of media.inOut) {
    tally.files++;
    bytes += f.bytes;
    if (f.bytes > tally.largest.bytes) tally.largest = { path: f.path, bytes: f.bytes };
  }
  // Known once every file is planned, and checked before --out is replaced, so that --strict leaves it as it was.
  const limits = hostLimitWarnings(ctx.hosts, tally, ctx.options.outArg);
  return { value: { model, files: tally.files, bytes }, diagnostics: limits };
}

/**
 * Files made from one input alone (besides the code, which keys the cache): kept where they stand
 * when a rebuild in place finds them made from an input of the same fingerprint, else planned and
 * written; noted with the fingerprint for the next build.
 */
function writeGroup(ctx: BuildContext, writer: PlannedWriter, name: string, input: unknown, plan: () => Iterable<OutputFile>): void {
  const fingerprint = createHash("sha1").update(JSON.stringify(input)).digest("hex");
  const previous = ctx.output?.inPlace ? ctx.cache?.previousGroup(name) : undefined;
  let files = previous && previous.fingerprint === fingerprint && writtenStand(ctx.options.outDir, previous.files) ? previous.files : null;
  if (files) writer.keep(files);
  else {
    files = [];
    for (const file of plan()) {
      const written = writer.write(file);
      if (written) files.push(written);
    }
  }
  if (ctx.output) ctx.cache?.noteGroup(name, { fingerprint, files });
}

/** What a rebuild in place copies from --out: the files the previous build noted, while they stand as it wrote them. */
function previousOutput(ctx: BuildContext, site: Site): PreviousOutput | null {
  const cache = ctx.cache;
  if (!ctx.output?.inPlace || !cache) return null;
  const standing = (rel: string, layout: PreviousFile["layout"], skip: number): PreviousFile | null => {
    const written = cache.previousOutput(rel);
    return written && writtenStand(ctx.options.outDir, [written]) ? { path: path.join(ctx.options.outDir, rel), layout, skip } : null;
  };
  // The index's first pages (the home page, the parent) are made again: they are the settings'.
  const firstPages = site.parent.home ? 2 : 1;
  return {
    eventList: standing("api/v2/event_pages/index.json", "list", 0),
    queryIndex: standing(QUERY_INDEX_FILE, "index", firstPages),
    reused: (id) => cache.reused(id),
  };
}
