// The build as a stream: each event page's file is read, checked and planned in turn, and its
// files handed on to be written before the next is read, so memory stays flat however large the
// catalogue. What the checks across files and the list need of a page is kept in a few numbers
// and one string. With a cache, a page whose file, settings and past performances are as in the
// last build is not read again: its documents are reused from an earlier output folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { countPast, hashText, type BuildCache, type EventRecord } from "../cache/build-cache.js";
import type { Host } from "../host/host.js";
import { buildHostModel, documentFiles, type HostModel } from "../host/rules.js";
import type { EventFile } from "../load/load-content.js";
import { parseJsonText } from "../load/read-json.js";
import { error } from "../diagnostics.js";
import type { Instant } from "../time/instant.js";
import type { ContentValidator } from "../validate/validate-content.js";
import { eventPaths, planEvent, planSiteFiles, type OutputFile } from "./plan.js";

export class ContentErrors extends Error {
  override name = "ContentErrors";
}

export interface StreamInput {
  events: readonly EventFile[];
  validator: ContentValidator;
  /** The build's now, once the settings (and so the catalogue's zone) are known. */
  now: () => Instant;
  hosts: readonly Host[];
  /** An incremental build: the cache, and the documents of the folder being patched and of --out. */
  incremental?: { cache: BuildCache; base: Map<number, string> | null; outDir: string };
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

const startKey = (i: Instant) => i.epochMs * 1000 + i.micro;

/** Yields every file of the catalogue; throws ContentErrors at the end when the content has errors. */
export function* streamCatalogue(input: StreamInput, result: StreamResult): Generator<OutputFile> {
  const { validator, hosts, incremental } = input;
  const settings = validator.settings;
  const browsable = hosts.some((h) => h.prerendersBrowsable);
  const now = settings ? input.now() : null;
  const nowKey = now ? startKey(now) : 0;
  // Headers and collections: what a page's files need; the ids come at the end.
  const frame = settings ? buildHostModel(settings, []) : null;
  const items: { id: number; item: string }[] = [];
  const units = result.units;
  let count = 0;

  for (const ref of input.events) {
    count++;
    if (count % 10_000 === 0) input.onProgress?.(`Checked ${count} event files...`);
    let text: string;
    try {
      text = readFileSync(ref.absolute, "utf8");
    } catch (e) {
      validator.diagnostics.push(error(ref.file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`));
      continue;
    }
    const hash = incremental ? hashText(text) : "";
    const record = incremental?.cache.records.get(ref.file);
    if (incremental && frame && record && record.hash === hash && countPast(record.starts, nowKey) === record.past) {
      const id = record.keys.id;
      const inBase = incremental.base?.get(id) === record.unit;
      const inOut = !inBase && incremental.cache.out?.get(id) === record.unit;
      if (inBase || inOut) {
        validator.known(ref.file, record.keys);
        if (validator.failed) continue;
        const paths = eventPaths(frame, id, browsable);
        for (let i = 0; i < paths.length; i++) {
          yield { path: paths[i]!, bytes: EMPTY, existing: { at: inBase ? null : path.join(incremental.outDir, paths[i]!), size: record.sizes[i] ?? 0 } };
        }
        items.push({ id, item: record.item });
        units.set(id, record.unit);
        incremental.cache.add(ref.file, record);
        result.reused++;
        continue;
      }
    }
    const read = parseJsonText(text, ref.file);
    if (!read.ok) {
      validator.diagnostics.push(read.diagnostic);
      continue;
    }
    const { event, keys } = validator.event(ref.file, read.data);
    if (!event || !keys || validator.failed || !settings || !frame || !now) continue;
    const planned = planEvent(settings, event, now, frame, browsable);
    yield* planned.files;
    items.push({ id: keys.id, item: planned.item });
    if (incremental) {
      const unit = hashText(planned.detail);
      units.set(keys.id, unit);
      const starts = event.performances.map((p) => startKey(p.start));
      const rec: EventRecord = { hash, keys, starts, past: countPast(starts, nowKey), unit, item: planned.item, sizes: planned.files.map((f) => f.bytes.length) };
      incremental.cache.add(ref.file, rec);
    }
  }
  validator.finish();
  if (validator.failed || !settings) throw new ContentErrors("the content has errors");

  items.sort((a, b) => a.id - b.id);
  const model = buildHostModel(settings, items.map((i) => i.id));
  result.events = items.length;
  result.model = model;
  yield* planSiteFiles(settings, items.map((i) => i.item), model, hosts);
}

const EMPTY = Buffer.alloc(0);

/** The folders of pages a patched folder holds that this build did not plan: removed before the swap. */
export function staleUnitFolders(model: HostModel, base: Map<number, string>, planned: Map<number, string>): string[] {
  const out: string[] = [];
  for (const id of base.keys()) {
    if (!planned.has(id)) for (const c of model.collections) out.push(documentFiles(c, id).file.replace(/\/index\.json$/, ""));
  }
  return out;
}
