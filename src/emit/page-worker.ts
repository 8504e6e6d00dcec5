// A worker thread that builds event pages (pages.ts) in the chunks the main thread sends it, and
// sends back each page's result; the main thread keeps every check across files and the order.
import { parentPort, workerData } from "node:worker_threads";
import type { EventRecord } from "../cache/build-cache.js";
import type { EventFile } from "../load/load-content.js";
import { buildPage, pageContext, type PageSetup } from "./pages.js";

export interface Chunk {
  k: number;
  pages: [EventFile, EventRecord | undefined][];
}

const ctx = pageContext(workerData as PageSetup);
parentPort!.on("message", (chunk: Chunk) => {
  try {
    parentPort!.postMessage({ k: chunk.k, results: chunk.pages.map(([ref, record]) => buildPage(ctx, ref, record)) });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    parentPort!.postMessage({ k: chunk.k, error: { name: err.name, message: err.message, code: err.code } });
  }
});
