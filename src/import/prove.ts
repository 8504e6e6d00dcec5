// The proof: the imported content built with the import's now into a temporary folder, and every
// document read compared with its built counterpart byte for byte (the list page by page, and
// item by item where a page differs, since Wagtail pages the list).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../build.js";
import type { Diagnostic } from "../model/diagnostics.js";
import { serialize } from "../runtime/serialize.js";
import { flagsFit, onlyFlagsDiffer, type FlagsFit } from "./clock.js";
import { jsonDifferences, writtenDifferently, type Difference } from "./compare-json.js";
import type { PagesRead } from "./read-pages.js";

export interface DocumentDifferences {
  /** `event page 178 (/api/v2/pages/178/)`, `the list (/api/v2/event_pages/?limit=20&offset=40)`. */
  document: string;
  differences: Difference[];
}

export type Proof =
  | { built: false; diagnostics: Diagnostic[] }
  | {
      built: true;
      events: number;
      identicalEvents: number;
      list: boolean;
      parent: boolean | null;
      home: boolean | null;
      differing: DocumentDifferences[];
      /**
       * When every document that differs differs only in is_past and in_past values (the API's
       * server keeps another time): the instants its flags fit. Null otherwise.
       */
      clock: FlagsFit | null;
      /** The build's warnings on the imported content (legal, likely wrong: the catalogue's own). */
      warnings: number;
    };

interface BuiltList {
  meta: { total_count: number };
  items: { id: number }[];
}

function listDifferences(pages: PagesRead, builtText: string): DocumentDifferences[] {
  const built = JSON.parse(builtText) as BuiltList;
  const byId = new Map(built.items.map((item, i) => [item.id, { item, i }]));
  const out: DocumentDifferences[] = [];
  for (const page of pages.list.pages) {
    const slice = built.items.slice(page.offset, page.offset + page.value.items.length);
    const builtText = serialize({ meta: { total_count: built.meta.total_count }, items: slice });
    if (page.answer.text === builtText) continue;
    // The items as JSON.parse read them, keys in the order the API wrote them: page.value is the
    // shape's reading (zod), which puts the keys it names first, and would report every item's
    // keys in another order.
    const read = page.answer.value as BuiltList;
    const differences: Difference[] = [];
    if (read.meta.total_count !== built.meta.total_count) differences.push({ path: "meta.total_count", message: `read ${read.meta.total_count}, built ${built.meta.total_count}` });
    read.items.forEach((item, i) => {
      const match = byId.get(item.id);
      if (!match) return differences.push({ path: `items[${i}]`, message: `page ${item.id} is not in the built list` });
      for (const d of jsonDifferences(serialize(item), serialize(match.item), 4)) differences.push({ path: `items[${i}]${d.path ? `.${d.path}` : ""}`, message: d.message });
      if (match.i !== page.offset + i) {
        differences.push({ path: `items[${i}]`, message: `page ${item.id} is item ${page.offset + i} of the list read, ${match.i} of the list built (which is in ascending id)` });
      }
    });
    if (differences.length === 0) differences.push(writtenDifferently(page.answer.text, builtText));
    out.push({ document: `the list (${page.answer.path})`, differences });
  }
  return out;
}

/** Builds the content (as `contentArg` under `cwd`) into a temporary folder and compares. */
export async function proveIdentical(pages: PagesRead, cwd: string, contentArg: string, now: Date | string, maxOriginalBytes?: number): Promise<Proof> {
  const work = mkdtempSync(path.join(tmpdir(), "build-catalogue-import-"));
  try {
    const out = path.join(work, "dist");
    const result = await build({ content: contentArg, out, now, hosts: [], cache: false, cwd, maxOriginalBytes });
    if (!result.ok) return { built: false, diagnostics: result.diagnostics };
    const builtFile = (route: string, id?: number) => readFileSync(path.join(out, "api/v2", route, id === undefined ? "" : String(id), "index.json"), "utf8");
    const differing: DocumentDifferences[] = [];
    let flagsOnly = true;
    const compare = (document: string, readText: string, builtText: () => string): boolean => {
      let text: string;
      try {
        text = builtText();
      } catch {
        differing.push({ document, differences: [{ path: "", message: "the build wrote no such document" }] });
        return false;
      }
      const differences = jsonDifferences(readText, text);
      if (differences.length) {
        differing.push({ document, differences });
        flagsOnly &&= onlyFlagsDiffer(readText, text);
      }
      return differences.length === 0;
    };
    let identicalEvents = 0;
    for (const e of pages.events) {
      const a = compare(`event page ${e.id} (${e.pages.path})`, e.pages.text, () => builtFile("pages", e.id));
      const b = compare(`event page ${e.id} (${e.eventPages.path})`, e.eventPages.text, () => builtFile("event_pages", e.id));
      if (a && b) identicalEvents++;
    }
    const listDiffs = listDifferences(pages, builtFile("event_pages"));
    for (const d of listDiffs) differing.push(d);
    const parent = pages.parent ? compare(`the parent page ${pages.parent.page.id} (${pages.parent.answer.path})`, pages.parent.answer.text, () => builtFile("pages", pages.parent!.page.id)) : null;
    const home = pages.home ? compare(`the home page ${pages.home.page.id} (${pages.home.answer.path})`, pages.home.answer.text, () => builtFile("pages", pages.home!.page.id)) : null;
    const warnings = result.diagnostics.filter((d) => d.severity === "warning").length;
    // The list holds no flag: a list that differs is no clock's doing.
    const clock = differing.length > 0 && flagsOnly && listDiffs.length === 0 ? flagsFit(pages.events.map((e) => e.pages.text)) : null;
    return { built: true, events: pages.events.length, identicalEvents, list: listDiffs.length === 0, parent, home, differing, clock, warnings };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
