// How many page workers a build starts (src/emit/page-threads.ts): none below THREADS_FROM pages,
// none on two cores (the write thread does more there), else one per other core, at most three;
// BUILD_CATALOGUE_THREADS decides when set to a number.
import { afterEach, describe, expect, it } from "vitest";
import { THREADS_FROM, threadCount, WORKERS_FROM_CORES } from "../../src/engine/build-pages.js";
// From lib/: run from the TypeScript sources, no worker can start (their modules are compiled there).
import { canStartWriteThread, WRITE_THREAD_FROM } from "../../lib/engine/write-thread.js";

const saved = process.env.BUILD_CATALOGUE_THREADS;
afterEach(() => {
  if (saved === undefined) delete process.env.BUILD_CATALOGUE_THREADS;
  else process.env.BUILD_CATALOGUE_THREADS = saved;
});

describe("page workers", () => {
  it("none on one or two cores, whatever the size", () => {
    delete process.env.BUILD_CATALOGUE_THREADS;
    expect(WORKERS_FROM_CORES).toBe(3);
    for (const cores of [1, 2]) for (const pages of [1, THREADS_FROM, 100_000, 1_000_000]) expect(threadCount(pages, cores)).toBe(0);
  });

  it("from THREADS_FROM pages on three cores or more: one per other core, at most three", () => {
    delete process.env.BUILD_CATALOGUE_THREADS;
    expect(threadCount(THREADS_FROM - 1, 8)).toBe(0);
    expect(threadCount(THREADS_FROM, 3)).toBe(2);
    expect(threadCount(THREADS_FROM, 4)).toBe(3);
    expect(threadCount(100_000, 16)).toBe(3);
  });

  it("as many as BUILD_CATALOGUE_THREADS says, on any machine; anything but digits is ignored", () => {
    process.env.BUILD_CATALOGUE_THREADS = "4";
    expect(threadCount(10, 2)).toBe(4);
    process.env.BUILD_CATALOGUE_THREADS = "0";
    expect(threadCount(100_000, 16)).toBe(0);
    process.env.BUILD_CATALOGUE_THREADS = "many";
    expect(threadCount(100_000, 2)).toBe(0);
    expect(threadCount(100_000, 4)).toBe(3);
  });
});

describe("the write thread", () => {
  it("from WRITE_THREAD_FROM pages when no page worker runs, not with them nor with BUILD_CATALOGUE_THREADS=0", () => {
    delete process.env.BUILD_CATALOGUE_THREADS;
    expect(canStartWriteThread(WRITE_THREAD_FROM, 0)).toBe(true);
    expect(canStartWriteThread(WRITE_THREAD_FROM - 1, 0)).toBe(false);
    expect(canStartWriteThread(100_000, 0)).toBe(true);
    expect(canStartWriteThread(100_000, 1)).toBe(false);
    process.env.BUILD_CATALOGUE_THREADS = "0";
    expect(canStartWriteThread(100_000, 0)).toBe(false);
  });
});
