// Worker threads and the summaries kept on disk: however many threads built the pages, and wherever
// their summaries were kept, the output and the messages are byte for byte a cold, single-threaded
// build's. A generated catalogue of 2,500 event pages: enough for the write thread (2,000 pages to
// build, engine/build-pages.ts); not timed. One of the long suites (vitest.config.ts): npm run test:all
// runs it, npm test does not. test/incremental.test.ts holds the cache to the same.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./helpers/cli.js";
import { build, cold, coldOutput, content, countReads, countWorkers, dir, edit, eventFile, expectSameTree, isReference, NOW, pages, reusedOf, useGeneratedSite } from "./helpers/generated-site.js";
import { startProcess, waitFor } from "./helpers/server.js";

useGeneratedSite("bc-threads-", 2500);

describe("the write thread", () => {
  it("gives the same bytes as one thread alone", () => {
    const oneThread = countWorkers("one");
    cold("one", [], oneThread.env);
    expect(oneThread.started()).toBe(""); // BUILD_CATALOGUE_THREADS=0: no thread at all
    const beside = countWorkers("beside");
    build("beside", ["--no-cache"], beside.env);
    expect(beside.started()).toBe("write-worker.js");
    expectSameTree(path.join(dir, "beside"), path.join(dir, "one"));
    expect(readdirSync(path.join(content, "events")).length).toBeGreaterThanOrEqual(2000); // enough pages for the thread to start
  }, 300_000);
});

describe("files read ahead", () => {
  it("the write thread reads the event files ahead of the builder: the same bytes and messages as one thread", () => {
    const reference = cold("one-thread");
    // What a run prints on stderr (its warnings), less the output folder's name.
    const messages = (run: { stderr: string }, out: string) => run.stderr.replaceAll(`${out}/`, "<out>/");
    expect(reference.stderr).toMatch(/^warning: /m);
    for (const extra of [["--no-cache"], []]) {
      rmSync(path.join(dir, "ahead"), { recursive: true, force: true });
      rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      const reads = countReads("ahead");
      const workers = countWorkers("ahead", reads.nodeOptions);
      const run = build("ahead", extra, { ...workers.env, ...reads.env });
      expect(workers.started()).toBe("write-worker.js");
      // This thread reads the first files while the write thread starts, and the rest only if they have not come.
      expect(reads.read()).toBeLessThan(pages() / 2);
      expectSameTree(path.join(dir, "ahead"), path.join(dir, "one-thread"));
      expect(messages(run, "ahead")).toBe(messages(reference, "one-thread"));
    }
    // A page that fails and pages that warn, far past the first files: the same lines.
    const original = readFileSync(eventFile(2100));
    edit(2100, (p) => (p.venue = "nowhere"));
    try {
      const one = runCli(["build", "--content", "content", "--out", "one-thread", "--now", NOW, "--no-cache"], { cwd: dir, env: { BUILD_CATALOGUE_THREADS: "0" } });
      const ahead = runCli(["build", "--content", "content", "--out", "ahead", "--now", NOW, "--no-cache"], { cwd: dir });
      expect(one.code).toBe(1);
      expect(one.stderr).toMatch(/event-2100\.json:\d+:\d+: venue: /);
      expect(ahead.code).toBe(1);
      expect(messages(ahead, "ahead")).toBe(messages(one, "one-thread"));
    } finally {
      writeFileSync(eventFile(2100), original);
    }
  }, 300_000);
});

/** The environment that keeps every build's summaries on disk, in a temporary folder of its own (to see it left empty). */
function summariesOnDisk(): { tmp: string; onDisk: NodeJS.ProcessEnv } {
  const tmp = path.join(dir, "tmp-summaries");
  mkdirSync(tmp, { recursive: true });
  return { tmp, onDisk: { BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM: "1", TMPDIR: tmp } };
}

describe("summaries on disk", () => {
  it("give the same bytes as summaries held (as from 20,000 pages), and leave no file behind, built or failed", () => {
    const { tmp, onDisk } = summariesOnDisk();
    cold("held");
    isReference("held");
    cold("on-disk", [], onDisk);
    expectSameTree(path.join(dir, "on-disk"), path.join(dir, "held"));
    expect(readdirSync(tmp)).toEqual([]);
    // Errors across pages: the build fails with the same messages, and its summaries' file goes too.
    const files = [1010, 1012, 1013].map(eventFile);
    const texts = files.map((f) => readFileSync(f, "utf8"));
    try {
      edit(1010, (p) => (p.id = 1011)); // a page id used twice
      const performances = (p: Record<string, unknown>) => p.performances as { id: number; ticketing_code: number }[];
      const taken = performances(JSON.parse(texts[1]!) as Record<string, unknown>)[0]!;
      edit(1013, (p) => {
        performances(p)[0]!.id = taken.id; // a performance id used twice
        performances(p)[1]!.ticketing_code = taken.ticketing_code; // and a ticketing code
      });
      const fail = (env: NodeJS.ProcessEnv) => runCli(["build", "--content", "content", "--out", "on-disk", "--now", NOW, "--no-cache"], { cwd: dir, env });
      const failed = fail(onDisk);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("duplicate page id 1011");
      expect(failed.stderr).toContain(`duplicate performance id ${taken.id}`);
      expect(failed.stderr).toContain(`duplicate performance ticketing code ${taken.ticketing_code}`);
      expect(failed.stderr).toBe(fail({}).stderr);
    } finally {
      files.forEach((f, i) => writeFileSync(f, texts[i]!));
    }
    expect(readdirSync(tmp)).toEqual([]);
    expectSameTree(path.join(dir, "on-disk"), path.join(dir, "held"));
  }, 300_000);
});

describe("summaries on disk, rebuilt", () => {
  it("a reused page's summary and keys go from the cache to the store as they were: same bytes, same errors across pages", () => {
    const { tmp, onDisk } = summariesOnDisk();
    build("disk", [], onDisk);
    const files = [1020, 1021, 1022].map(eventFile);
    const texts = files.map((f) => readFileSync(f, "utf8"));
    try {
      edit(1020, (p) => (p.title = "Edited with summaries on disk"));
      writeFileSync(files[1]!, texts[1]!); // the same bytes, a new status: reused, its line's head written anew
      expect(reusedOf(build("disk", [], onDisk))).toBe(pages() - 1);
      expectSameTree(path.join(dir, "disk"), coldOutput());
      // A changed page takes the id and a performance id of reused pages, whose keys come from the cache.
      const reusedPage = JSON.parse(texts[2]!) as { id: number; performances: { id: number }[] };
      edit(1020, (p) => {
        p.id = reusedPage.id;
        (p.performances as { id: number }[])[0]!.id = reusedPage.performances[0]!.id;
      });
      const failed = runCli(["build", "--content", "content", "--out", "disk", "--now", NOW], { cwd: dir, env: onDisk });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`duplicate page id ${reusedPage.id}`);
      expect(failed.stderr).toContain(`duplicate performance id ${reusedPage.performances[0]!.id}`);
      const uncached = runCli(["build", "--content", "content", "--out", "disk", "--now", NOW, "--no-cache"], { cwd: dir });
      expect(failed.stderr).toBe(uncached.stderr);
    } finally {
      files.forEach((f, i) => writeFileSync(f, texts[i]!));
    }
    build("disk", [], onDisk);
    expectSameTree(path.join(dir, "disk"), coldOutput());
    expect(readdirSync(tmp)).toEqual([]);
  }, 300_000);
});

describe("the heap", () => {
  const youngFile = () => path.join(dir, "young-generation.txt");
  /** The main thread's new space as the last run noted it (test/helpers/young-generation.mjs); the note is taken away as it is read. */
  const young = () => {
    const size = Number(readFileSync(youngFile(), "utf8"));
    rmSync(youngFile());
    return size;
  };
  const preload = { NODE_OPTIONS: `--import=${path.join(ROOT, "test/helpers/young-generation.mjs")}`, YOUNG_GENERATION_FILE: youngFile() };
  it("keeps the main thread's semi-spaces at 4 MB, also after a worker thread's start resets V8's flags", () => {
    const MB = 1024 * 1024;
    // V8's default lets them grow to 16 MB each: so does a user who gives their largest size.
    build("heap", ["--no-cache"], { BUILD_CATALOGUE_THREADS: "0", ...preload, NODE_OPTIONS: `${preload.NODE_OPTIONS} --max-semi-space-size=16` });
    expect(young()).toBeGreaterThan(8 * MB);
    // Each into a new folder: replacing the previous output starts a worker too, at the end, whose start can still grow them (see heap-flags.ts).
    rmSync(path.join(dir, "heap"), { recursive: true, force: true });
    build("heap", ["--no-cache"], { BUILD_CATALOGUE_THREADS: "0", ...preload });
    const alone = young();
    // By default 2,500 pages are written by a thread of their own, which starts as the pages do.
    const workers = countWorkers("heap", preload.NODE_OPTIONS);
    rmSync(path.join(dir, "heap"), { recursive: true, force: true });
    build("heap", ["--no-cache"], { ...preload, ...workers.env });
    expect(workers.started()).toBe("write-worker.js");
    for (const size of [alone, young()]) {
      expect(size).toBeGreaterThan(0);
      expect(size).toBeLessThanOrEqual(8 * MB);
    }
  }, 300_000);

  it("lets the preview's semi-spaces grow as V8's defaults do: it lives on, and its rebuilds' young collections weigh more than its memory", async () => {
    const preview = startProcess(process.execPath, [path.join(ROOT, "bin/build-catalogue.js"), "preview", "--port", "0", "--now", NOW], { cwd: dir, env: preload });
    try {
      await waitFor(preview, () => (/Preview at http:\/\/127\.0\.0\.1:\d+\//.test(preview.output()) ? true : undefined), "the preview's address", 120_000);
    } finally {
      await preview.stop();
    }
    // Stopped (SIGTERM), it closes and exits as a command does: the preloaded module notes its new space.
    expect(young()).toBeGreaterThan(8 * 1024 * 1024);
  }, 180_000);
});

describe("many pages changed, with the cache", () => {
  it("many pages changed: the write thread's files are moved into the output in place, as a cold build's", () => {
    build("dist");
    // More than WRITE_THREAD_FROM (2,000) pages to build, so that their files are written on a thread of their own.
    for (let n = 1100; n < 3200; n++) if (existsSync(eventFile(n))) edit(n, (p) => (p.title = `Edited in bulk ${n}`));
    writeFileSync(path.join(dir, "dist/api/v2/pages/1200/notes.json"), "{}"); // in the folder of a page built again
    const workers = countWorkers("bulk");
    const run = build("dist", ["--force"], workers.env);
    expect(workers.started()).toBe("write-worker.js");
    expect(reusedOf(run)).toBeGreaterThan(0);
    expect(pages() - reusedOf(run)).toBeGreaterThanOrEqual(2000);
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);
});
