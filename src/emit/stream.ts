// The build as a stream: event pages are built in chunks, in file-name order, on this thread and
// (for large catalogues) on worker threads, each page's files written as soon as it is built, so
// memory stays flat however large the catalogue. What the checks across files and the list need
// of a page is kept in a few numbers and one string; the rest of the output comes at the end.
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import type { BuildCache } from "../cache/build-cache.js";
import type { Host } from "../host/host.js";
import { buildHostModel, documentFiles, type HostModel } from "../host/rules.js";
import type { EventFile, LoadedContent } from "../load/load-content.js";
import type { Instant } from "../time/instant.js";
import type { ContentValidator } from "../validate/validate-content.js";
import type { Chunk } from "./page-worker.js";
import { buildPage, pageContext, type PageResult, type PageSetup } from "./pages.js";
import { planSiteFiles, SelfCheckFailed, type OutputFile } from "./plan.js";

export class ContentErrors extends Error {
  override name = "ContentErrors";
}

export interface StreamInput {
  events: readonly EventFile[];
  settings: Omit<LoadedContent, "events">;
  validator: ContentValidator;
  /** The build's now, once the settings (and so the catalogue's zone) are known. */
  now: () => Instant;
  hosts: readonly Host[];
  /** Where page files are written; set by the writer once its staging folder exists. */
  target: PageSetup["target"];
  /** An incremental build: the cache, and the documents of the folder being patched. */
  incremental?: { cache: BuildCache; base: Map<number, string> | null; outDir: string };
  /** Worker threads beside this one; default: one on a machine with several cores and a catalogue of 2,000 pages or more. */
  threads?: number;
  onProgress?: (line: string) => void;
}

export interface StreamResult {
  events: number;
  /** The model of the built API (for the preview server and the hosts), once the stream is done. */
  model: HostModel | null;
  /** Each page's id and the hash of its detail: what the written folder holds. */
  units: Map<number, string>;
  reused: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * Worker threads beside this one. A second thread pays for itself on a large catalogue when a
 * core is free for it: on a machine already busy it only adds its memory. BUILD_CATALOGUE_THREADS
 * sets the number of threads (1: this one only).
 */
function workerCount(input: StreamInput): number {
  const env = Number(process.env.BUILD_CATALOGUE_THREADS);
  if (Number.isInteger(env) && env >= 1) return env - 1;
  if (input.threads !== undefined) return input.threads;
  const cores = availableParallelism();
  return input.events.length >= 2000 && cores > 1 && loadavg()[0]! <= cores - 1 ? 1 : 0;
}

/** Rebuilds an error a worker sent back as the class the build reports. */
function workerError(e: { name: string; message: string; code?: string }): Error {
  const err = e.name === "SelfCheckFailed" ? new SelfCheckFailed(e.message) : (new Error(e.message) as NodeJS.ErrnoException);
  if (e.code) (err as NodeJS.ErrnoException).code = e.code;
  return err;
}

/** Yields every file of the catalogue; throws ContentErrors at the end when the content has errors. */
export async function* streamCatalogue(input: StreamInput, result: StreamResult): AsyncGenerator<OutputFile> {
  const { validator, hosts, incremental } = input;
  const settings = validator.settings;
  const setup: PageSetup = {
    settings: input.settings,
    hosts: hosts.map((h) => h.name),
    now: settings ? input.now() : null,
    target: input.target,
    incremental: incremental && settings
      ? { outDir: incremental.outDir, base: [...(incremental.base ?? [])], out: [...(incremental.cache.out ?? [])] }
      : null,
  };
  const here = pageContext(setup);
  // Chunks of 20 to 200 pages: enough of them to share, few enough that messages cost little.
  const size = Math.max(20, Math.min(200, Math.ceil(input.events.length / 16)));
  const chunks: Chunk[] = [];
  for (let i = 0, k = 0; i < input.events.length; i += size, k++) {
    chunks.push({ k, pages: input.events.slice(i, i + size).map((ref) => [ref, incremental?.cache.records.get(ref.file)]) });
  }
  // Chunk k goes to this thread when k % lanes is 0, else to a worker; each worker is sent its
  // next chunk before this thread builds its own, so both cores stay busy and little waits.
  // A worker takes the process's Node options, less those only a main script may have (a
  // process started with `node --input-type=module -e ...` refuses workers that inherit it).
  const execArgv = process.execArgv.filter((a) => !a.startsWith("--input-type"));
  const workers = settings ? Array.from({ length: Math.min(workerCount(input), chunks.length - 1) }, () => new Worker(new URL("./page-worker.js", import.meta.url), { workerData: setup, execArgv })) : [];
  const lanes = workers.length + 1;
  const waiting = new Map<number, { resolve: (r: PageResult[]) => void; reject: (e: Error) => void }>();
  const arrived = new Map<number, PageResult[] | Error>();
  let crashed: Error | null = null;
  for (const w of workers) {
    w.on("message", (m: { k: number; results?: PageResult[]; error?: { name: string; message: string; code?: string } }) => {
      const value = m.error ? workerError(m.error) : m.results!;
      const wait = waiting.get(m.k);
      if (!wait) arrived.set(m.k, value);
      else if (value instanceof Error) wait.reject(value);
      else wait.resolve(value);
    });
    w.on("error", (e) => {
      crashed = e;
      for (const wait of waiting.values()) wait.reject(e);
    });
  }
  const send = (k: number) => {
    if (k < chunks.length && k % lanes !== 0) workers[(k % lanes) - 1]!.postMessage(chunks[k]);
  };
  const take = (k: number): Promise<PageResult[]> => {
    if (crashed) return Promise.reject(crashed);
    const got = arrived.get(k);
    if (got) {
      arrived.delete(k);
      return got instanceof Error ? Promise.reject(got) : Promise.resolve(got);
    }
    return new Promise((resolve, reject) => waiting.set(k, { resolve, reject }));
  };

  // Each item as UTF-8 bytes: a flat half-kilobyte, not a string tree, for every page until the end.
  const items: { id: number; item: Buffer }[] = [];
  try {
    // Two chunks ahead for each worker: one to build while the other waits to be taken.
    for (let k = 1; k < 2 * lanes; k++) send(k);
    for (let k = 0; k < chunks.length; k++) {
      let results: PageResult[];
      if (k % lanes === 0) {
        results = chunks[k]!.pages.map(([ref, record]) => buildPage(here, ref, record));
      } else {
        results = await take(k);
        waiting.delete(k);
        send(k + 2 * lanes);
      }
      for (const r of results) {
        if (r.keys) validator.register(r.file, r.keys);
        validator.diagnostics.push(...r.diagnostics);
        if (!r.done) continue;
        items.push({ id: r.done.id, item: Buffer.from(r.done.item, "utf8") });
        if (incremental) {
          result.units.set(r.done.id, r.done.unit);
          if (r.done.record) incremental.cache.add(r.file, r.done.record);
          if (r.done.reused) result.reused++;
        }
        // The files are written already: these tell the writer their count and size.
        for (let i = 0; i < r.done.paths.length; i++) yield { path: r.done.paths[i]!, bytes: EMPTY, existing: { at: null, size: r.done.sizes[i]! } };
      }
      if ((k + 1) % 50 === 0) input.onProgress?.(`Built ${Math.min((k + 1) * size, input.events.length)} of ${input.events.length} event pages...`);
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  validator.finish();
  if (validator.failed || !settings) throw new ContentErrors("the content has errors");

  items.sort((a, b) => a.id - b.id);
  const model = buildHostModel(settings, items.map((i) => i.id));
  result.events = items.length;
  result.model = model;
  yield* planSiteFiles(settings, items.map((i) => i.item), model, hosts);
}

/** The folders of pages a patched folder holds that this build did not plan: removed before the swap. */
export function staleUnitFolders(model: HostModel, base: Map<number, string>, planned: Map<number, string>): string[] {
  const out: string[] = [];
  for (const id of base.keys()) {
    if (!planned.has(id)) for (const c of model.collections) out.push(documentFiles(c, id).file.replace(/\/index\.json$/, ""));
  }
  return out;
}
