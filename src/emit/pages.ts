// One event page's file, start to end: read, checked on its own, planned and written (or, in an
// incremental build, its documents reused from an earlier output). Touches nothing shared but the
// output folder, so it runs the same on the main thread and on worker threads (page-worker.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { countPast, hashText, type EventRecord } from "../cache/build-cache.js";
import { error, type Diagnostic } from "../diagnostics.js";
import { HOSTS } from "../host/host.js";
import { buildHostModel, type HostModel } from "../host/rules.js";
import type { EventFile, LoadedContent } from "../load/load-content.js";
import { parseJsonText } from "../load/read-json.js";
import type { Instant } from "../time/instant.js";
import { ContentValidator, type PageKeys } from "../validate/validate-content.js";
import { eventPaths, planEvent } from "./plan.js";
import { TreeWriter } from "./write-output.js";

/** What every thread needs to build pages: plain data, so it can be sent to a worker. */
export interface PageSetup {
  settings: Omit<LoadedContent, "events">;
  hosts: string[];
  now: Instant | null;
  /** The staging folder to write into (null: plan only, as `check` does), and whether it holds an earlier build. */
  target: { dir: string; patching: boolean } | null;
  /** Incremental builds: --out, and the documents (id → hash) of the folder being patched and of --out. */
  incremental: { outDir: string; base: [number, string][]; out: [number, string][] } | null;
}

export interface PageResult {
  file: string;
  keys: PageKeys | null;
  diagnostics: Diagnostic[];
  /** Present when the page passed its own checks and its files were written (or reused). */
  done?: { id: number; item: string; unit: string; record: EventRecord | null; sizes: number[]; paths: string[]; reused: boolean };
}

export interface PageContext {
  validator: ContentValidator;
  frame: HostModel | null;
  browsable: boolean;
  now: Instant | null;
  nowKey: number;
  writer: TreeWriter | null;
  incremental: { outDir: string; base: Map<number, string>; out: Map<number, string> } | null;
}

export const startKey = (i: Instant) => i.epochMs * 1000 + i.micro;

export function pageContext(setup: PageSetup): PageContext {
  const validator = new ContentValidator(setup.settings);
  const hosts = setup.hosts.map((h) => HOSTS[h]!);
  return {
    validator,
    // Headers and collections: what a page's files need; the ids come at the end.
    frame: validator.settings ? buildHostModel(validator.settings, []) : null,
    browsable: hosts.some((h) => h.prerendersBrowsable),
    now: setup.now,
    nowKey: setup.now ? startKey(setup.now) : 0,
    writer: setup.target ? new TreeWriter(setup.target.dir, setup.target.patching, "overwrite") : null,
    incremental: setup.incremental
      ? { outDir: setup.incremental.outDir, base: new Map(setup.incremental.base), out: new Map(setup.incremental.out) }
      : null,
  };
}

/** Builds one page; `record` is what the last build saw of its file. */
export function buildPage(ctx: PageContext, ref: EventFile, record: EventRecord | undefined): PageResult {
  const diagnostics: Diagnostic[] = [];
  let text: string;
  try {
    text = readFileSync(ref.absolute, "utf8");
  } catch (e) {
    diagnostics.push(error(ref.file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`));
    return { file: ref.file, keys: null, diagnostics };
  }
  const inc = ctx.incremental;
  const hash = inc ? hashText(text) : "";
  if (inc && ctx.frame && record && record.hash === hash && countPast(record.starts, ctx.nowKey) === record.past) {
    const id = record.keys.id;
    const inBase = inc.base.get(id) === record.unit;
    if (inBase || inc.out.get(id) === record.unit) {
      const paths = eventPaths(ctx.frame, id, ctx.browsable);
      // In the folder being patched they are in place already; else they are linked from --out.
      if (!inBase && ctx.writer) {
        for (let i = 0; i < paths.length; i++) ctx.writer.write({ path: paths[i]!, bytes: EMPTY, existing: { at: path.join(inc.outDir, paths[i]!), size: record.sizes[i] ?? 0 } });
      }
      return { file: ref.file, keys: record.keys, diagnostics, done: { id, item: record.item, unit: record.unit, record, sizes: record.sizes, paths, reused: true } };
    }
  }
  const read = parseJsonText(text, ref.file);
  if (!read.ok) {
    diagnostics.push(read.diagnostic);
    return { file: ref.file, keys: null, diagnostics };
  }
  const { event, keys } = ctx.validator.checkPage(ref.file, read.data, diagnostics);
  const settings = ctx.validator.settings;
  if (!event || !keys || !settings || !ctx.frame || !ctx.now) return { file: ref.file, keys, diagnostics };
  const planned = planEvent(settings, event, ctx.now, ctx.frame, ctx.browsable);
  if (ctx.writer) for (const f of planned.files) ctx.writer.write(f);
  const sizes = planned.files.map((f) => f.bytes.length);
  const unit = inc ? hashText(planned.detail) : "";
  const starts = inc ? event.performances.map((p) => startKey(p.start)) : [];
  const fresh: EventRecord | null = inc
    ? { hash, keys: keys as EventRecord["keys"], starts, past: countPast(starts, ctx.nowKey), unit, item: planned.item, sizes }
    : null;
  return { file: ref.file, keys, diagnostics, done: { id: event.source.id, item: planned.item, unit, record: fresh, sizes, paths: planned.files.map((f) => f.path), reused: false } };
}

const EMPTY = Buffer.alloc(0);
