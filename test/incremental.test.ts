// Incremental rebuilds (the cache under node_modules/.cache/build-catalogue/): whatever was
// reused, the output is byte for byte a cold, single-threaded build's. A generated catalogue of
// 800 event pages, built on one thread: what is reused does not depend on the pages' number, and
// the write thread that builds from 2,000 pages is held to the same in test/build-threads.test.ts
// (there, many pages changed at once, with the cache); not timed.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./helpers/cli.js";
import { build, cold, coldOutput, content, countReads, dir, edit, eventFile, expectSameTree, isReference, NOW, pages, reusedOf, tree, useGeneratedSite } from "./helpers/generated-site.js";

useGeneratedSite("bc-incremental-", 800);

describe("the checks across pages, rebuilt", () => {
  // A rebuild whose pages built anew keep their keys skips the checks (the previous build passed
  // them); any other change of keys checks every page, reused pages' keys read from the cache.
  it("a changed or added page that takes a reused page's id, slug or performance fails as a build without the cache does", () => {
    build("checks");
    const files = [1030, 1031, 1032, 1033].map(eventFile);
    const texts = files.map((f) => readFileSync(f, "utf8"));
    const added = path.join(content, "events", "added-page.json");
    const fails = (expected: string[]) => {
      const failed = runCli(["build", "--content", "content", "--out", "checks", "--now", NOW], { cwd: dir });
      expect(failed.code).toBe(1);
      for (const message of expected) expect(failed.stderr).toContain(message);
      const uncached = runCli(["build", "--content", "content", "--out", "checks", "--now", NOW, "--no-cache"], { cwd: dir });
      expect(failed.stderr).toBe(uncached.stderr);
    };
    type Page = { id: number; slug?: string; performances: { id: number; ticketing_code: number }[] };
    const [a, b, c] = texts.map((t) => JSON.parse(t) as Page);
    try {
      // A changed page takes a reused page's slug and a performance's ticketing code.
      edit(1030, (p) => {
        p.slug = b!.slug ?? "event-1031";
        (p.performances as Page["performances"])[0]!.ticketing_code = c!.performances[0]!.ticketing_code;
      });
      fails([`duplicate slug "${b!.slug ?? "event-1031"}"`, `duplicate performance ticketing code ${c!.performances[0]!.ticketing_code}`]);
      writeFileSync(files[0]!, texts[0]!);
      // A page added with a reused page's id.
      writeFileSync(added, JSON.stringify({ ...a!, id: c!.id, slug: "added-page", performances: [] }, null, 2));
      fails([`duplicate page id ${c!.id}`]);
      rmSync(added);
      // Two changed pages that trade their slugs: their keys changed, so every page is checked, and nothing is found.
      edit(1030, (p) => (p.slug = "traded-b"));
      edit(1031, (p) => (p.slug = "traded-a"));
      build("checks");
      edit(1030, (p) => (p.slug = "traded-a"));
      edit(1031, (p) => (p.slug = "traded-b"));
      expect(reusedOf(build("checks"))).toBe(pages() - 2);
      expectSameTree(path.join(dir, "checks"), coldOutput());
    } finally {
      files.forEach((f, i) => writeFileSync(f, texts[i]!));
      rmSync(added, { force: true });
    }
  }, 300_000);
});

describe("incremental rebuilds for each host", () => {
  // The hosts without code (nginx, Netlify, Vercel) have their lookups rendered from each page's
  // detail: a reused page's is read from --out, where the previous build left it.
  it("an edited page rebuilt in place gives a cold build's bytes, for every host", () => {
    const small = path.join(dir, "content-hosts");
    const gen = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate-catalogue.mjs"), small, "100", "11"], { encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    const file = path.join(small, "events", readdirSync(path.join(small, "events")).sort()[50]!);
    for (const host of ["serve", "nginx", "netlify", "vercel", "cloudflare"]) {
      const args = (out: string) => ["build", "--content", "content-hosts", "--out", out, "--now", NOW, "--host", host];
      expect(runCli(args(`hosts-${host}`), { cwd: dir }).code).toBe(0);
      const page = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...page, title: `Edited for ${host}` }, null, 2));
      const rebuilt = runCli(args(`hosts-${host}`), { cwd: dir });
      expect(rebuilt.code, rebuilt.stderr.slice(-2000)).toBe(0);
      expect(reusedOf(rebuilt)).toBe(99);
      rmSync(path.join(dir, "reference"), { recursive: true, force: true });
      expect(runCli([...args("reference"), "--no-cache"], { cwd: dir }).code).toBe(0);
      expectSameTree(path.join(dir, `hosts-${host}`), path.join(dir, "reference"));
    }
  }, 300_000);
});

describe("incremental rebuilds", () => {
  it("a second build reuses every page and changes no byte; --no-cache writes no cache", () => {
    rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    cold("reference");
    isReference("reference");
    expect(existsSync(path.join(dir, "node_modules/.cache/build-catalogue"))).toBe(false);
    const first = build("dist");
    expect(reusedOf(first)).toBe(0);
    expect(readdirSync(path.join(dir, "node_modules/.cache/build-catalogue")).length).toBe(1);
    const second = build("dist");
    expect(reusedOf(second)).toBe(800);
    expectSameTree(path.join(dir, "dist"), path.join(dir, "reference"));
  }, 300_000);

  it("the cache file: a reused page's line is written back byte for byte, non-ASCII text included; a line cut short rebuilds only its page", () => {
    build("dist");
    edit(1005, (p) => (p.title = "Café Été — ☃ 𝄞"));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100); // a status is kept once the file has settled
    expect(reusedOf(build("dist"))).toBe(pages() - 1);
    const cacheDir = path.join(dir, "node_modules/.cache/build-catalogue");
    // The cache of the build into dist/, the one just written (other tests build into other folders).
    const cacheFile = readdirSync(cacheDir)
      .map((name) => path.join(cacheDir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
    const written = readFileSync(cacheFile);
    expect(written.toString("utf8")).toContain("Café Été — ☃ 𝄞");
    expect(reusedOf(build("dist"))).toBe(pages());
    // The same pages' lines (a page built anew was written after the reused ones; now it is reused
    // in its place), and a last line with the status of the lists, the images endpoint, the OpenAPI
    // description and the output's marker as this build wrote them.
    const lines = (bytes: Buffer) => bytes.toString("utf8").split("\n").filter((line) => !line.startsWith('{"outputs":')).sort();
    expect(lines(readFileSync(cacheFile))).toEqual(lines(written));
    expect(readFileSync(cacheFile, "utf8")).toMatch(/\n\{"outputs":\[\["api\/v2\/event_pages\/index.json",\d+,[\d.]+,\d+\],.*\],"groups":\{"images":\{"fingerprint":"[0-9a-f]{40}","files":\[\["api\/v2\/images\/index.json",\d+,[\d.]+,\d+\],.*\]\},"openapi":\{"fingerprint":"[0-9a-f]{40}","files":\[\["api\/v2\/openapi.json",\d+,[\d.]+,\d+\]\]\},"marker":\{"fingerprint":"","files":\[\["\.build-catalogue\.json",\d+,[\d.]+,\d+\]\]\}\}\}\n$/);
    // A build stopped while writing the cache: the last page's line is cut short, and only its page is built again.
    writeFileSync(cacheFile, written.subarray(0, written.lastIndexOf('\n{"outputs":') - 40));
    expect(reusedOf(build("dist"))).toBe(pages() - 1);
    // A line's head damaged (a head is parsed only when the build asks for its page), and a line
    // without its file's name: only their pages are built again.
    const damaged = readFileSync(cacheFile, "utf8")
      .split("\n")
      .map((line) => {
        const name = line.slice(0, line.indexOf("\t"));
        if (name.endsWith('event-1005.json"')) return line.replace(/\t\{[^\t]*\t/, '\t{"hash":\t');
        return name.endsWith('event-1006.json"') ? line.replace(/^[^\t]*/, "1006") : line;
      });
    expect(damaged.filter((line) => line.includes('\t{"hash":\t') || line.startsWith("1006\t"))).toHaveLength(2);
    writeFileSync(cacheFile, damaged.join("\n"));
    expect(reusedOf(build("dist"))).toBe(pages() - 2);
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("after edits, a removal, a rename and an addition, it matches a cold build", () => {
    edit(1000, (p) => (p.title = "Edited title"));
    edit(1001, (p) => (p.on_sale = !p.on_sale));
    rmSync(eventFile(1002));
    renameSync(eventFile(1003), path.join(content, "events", "renamed-page.json"));
    const added = JSON.parse(readFileSync(eventFile(1004), "utf8")) as Record<string, unknown>;
    writeFileSync(eventFile(1004), JSON.stringify({ ...added, title: "Also edited" }, null, 2));
    const run = build("dist");
    expect(reusedOf(run)).toBe(800 - 1 - 4); // one removed; four changed or renamed
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("a later --now rebuilds the pages whose performances started in between, and matches a cold build", () => {
    const later = ["--now", "2026-06-20T00:00:00Z"];
    const run = build("dist", later);
    expect(reusedOf(run)).toBeGreaterThan(0);
    expect(reusedOf(run)).toBeLessThan(799);
    expectSameTree(path.join(dir, "dist"), coldOutput(later));
  }, 300_000);

  it("a change of settings or hosts reuses nothing, and matches a cold build", () => {
    const catalogue = path.join(content, "catalogue.json");
    const settings = JSON.parse(readFileSync(catalogue, "utf8")) as Record<string, unknown>;
    writeFileSync(catalogue, JSON.stringify({ ...settings, ticket_button_text: "Tickets" }, null, 2));
    expect(reusedOf(build("dist"))).toBe(0);
    expectSameTree(path.join(dir, "dist"), coldOutput());
    expect(reusedOf(build("dist", ["--host", "netlify"]))).toBe(0);
    expectSameTree(path.join(dir, "dist"), coldOutput(["--host", "netlify"]));
  }, 300_000);

  it("a file of the previous output changed, replaced or removed by hand is written again, not reused", () => {
    build("dist");
    const detail = (route: string, id: number) => path.join(dir, `dist/api/v2/${route}/${id}/index.json`);
    writeFileSync(detail("pages", 1500), "changed by hand"); // the same inode as event_pages/1500/
    // The pages/<id>/ detail is a link to the event_pages/<id>/ one, which is looked up alone
    // while it has both links: a name replaced or removed takes one away.
    const replaced = readFileSync(detail("pages", 1501));
    rmSync(detail("pages", 1501));
    writeFileSync(detail("pages", 1501), Buffer.concat([replaced.subarray(1), Buffer.from(" ")]));
    rmSync(detail("pages", 1502));
    const run = build("dist");
    expect(reusedOf(run)).toBe(pages() - 3);
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("copies a reused page's items of the event list and the query index from those it wrote, unless they were changed by hand", () => {
    build("dist");
    const list = path.join(dir, "dist/api/v2/event_pages/index.json");
    const index = path.join(dir, "dist/_query/index.json");
    // Changed in place with the file's time put back to the nanosecond: its status is as written,
    // so, as with a page's own files, the change is not seen, and the copy shows it.
    const unseen = (file: string, item: RegExp) => {
      const ns = statSync(file, { bigint: true }).mtimeNs;
      const text = readFileSync(file, "utf8");
      // The first letter of the item's title, as one byte for another.
      const changed = text.replace(item, (found) => found.replace(/("title": ?")[A-Za-z]/, "$1~"));
      expect(changed).not.toBe(text);
      expect(Buffer.byteLength(changed)).toBe(Buffer.byteLength(text));
      writeFileSync(file, changed);
      const touched = spawnSync("touch", ["-m", "-d", `@${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, "0")}`, file]);
      expect(touched.status).toBe(0);
      expect(statSync(file, { bigint: true }).mtimeNs).toBe(ns);
    };
    // Summaries held, and on disk (read only for the pages not copied).
    const onDisk = { BUILD_CATALOGUE_SUMMARIES_ON_DISK_FROM: "1" };
    for (const [i, env] of [{}, onDisk].entries()) {
      unseen(list, new RegExp(`"id": ${1600 + 2 * i},[^}]*\\}[^}]*"title": "[^"]*"`));
      unseen(index, new RegExp(`\\{"id":${1601 + 2 * i},[^}]*"title":"[^"]*"`));
      edit(1700, (p) => (p.title = `Edited for the lists ${i}`));
      expect(reusedOf(build("dist", [], env))).toBe(pages() - 1);
      expect(readFileSync(list, "utf8").match(/"title": "~/g)).toHaveLength(i + 1);
      expect(readFileSync(index, "utf8").match(/"title":"~/g)).toHaveLength(i + 1);
      expect(readFileSync(list, "utf8")).toContain(`Edited for the lists ${i}`);
      expect(readFileSync(index, "utf8")).toContain(`Edited for the lists ${i}`);
    }
    // Changed by hand the usual way (a new time): made whole again, as a cold build makes them.
    writeFileSync(list, `${readFileSync(list, "utf8")} `);
    writeFileSync(index, readFileSync(index, "utf8").replace('{"id":1603,', '{"id": 1603,'));
    expect(reusedOf(build("dist"))).toBe(pages());
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("reads only the event files whose status changed, and leaves the files of unchanged pages as they were", () => {
    // A file's status is kept only when taken two seconds after its last change (see sourceStat).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
    build("dist"); // keeps the status of every file
    const untouched = path.join(dir, "dist/api/v2/event_pages/1600/index.json");
    const before = statSync(untouched);
    edit(1700, (p) => (p.title = "Edited once more"));
    // One page to build: no worker thread starts, so this thread's count is every read.
    const reads = countReads("one-edit");
    const run = build("dist", [], { NODE_OPTIONS: reads.nodeOptions, ...reads.env });
    expect(reusedOf(run)).toBe(pages() - 1);
    expect(reads.read()).toBe(1);
    const after = statSync(untouched);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("refuses what was added to the output by hand, wherever it is, and --force removes it as a cold build would", () => {
    build("dist");
    const dist = path.join(dir, "dist");
    // At the top, beside what the build wrote: refused, since the folder no longer holds only the build's output (test/output-folder.test.ts).
    writeFileSync(path.join(dist, "stray.txt"), "added by hand");
    const refused = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("(stray.txt)");
    rmSync(path.join(dist, "stray.txt"));
    writeFileSync(path.join(dist, "api/v2/pages/1600/notes.json"), "{}"); // in the folder of a page that is reused
    mkdirSync(path.join(dist, "api/v2/pages/999999"));
    writeFileSync(path.join(dist, "api/v2/pages/999999/index.json"), "{}"); // the folder of no page
    rmSync(path.join(dist, "api/v2/event_pages/404.json"));
    mkdirSync(path.join(dist, "api/v2/event_pages/404.json")); // a folder where the build writes a file (empty: nothing to lose)
    const before = tree(dist);
    const deeper = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW], { cwd: dir });
    expect(deeper.code).toBe(2);
    expect(deeper.stderr).toContain("holds entries that no build wrote (api/v2/pages/1600/notes.json, api/v2/pages/999999/index.json)");
    const after = tree(dist);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const run = build("dist", ["--force"]);
    expect(reusedOf(run)).toBe(pages());
    expectSameTree(dist, coldOutput());
  }, 300_000);

  it("keeps where they stand the files it would write again as they are (an image's detail), and writes again those changed by hand", () => {
    build("dist");
    const ids = (JSON.parse(readFileSync(path.join(content, "images.json"), "utf8")) as { id: number }[]).map((i) => i.id);
    expect(ids.length).toBeGreaterThan(4);
    const detail = (id: number) => path.join(dir, `dist/api/v2/images/${id}/index.json`);
    const untouched = statSync(detail(ids[0]!));
    writeFileSync(detail(ids[1]!), "changed by hand");
    const size = statSync(detail(ids[2]!)).size;
    rmSync(detail(ids[2]!));
    writeFileSync(detail(ids[2]!), " ".repeat(size)); // the same size, other bytes
    const elsewhere = path.join(dir, "image-detail-elsewhere.json");
    renameSync(detail(ids[3]!), elsewhere);
    symlinkSync(elsewhere, detail(ids[3]!)); // a link to the very bytes, not a file of the output
    writeFileSync(path.join(dir, `dist/api/v2/images/${ids[4]}/notes.json`), "{}"); // beside a detail kept
    writeFileSync(path.join(dir, "dist/api/v2/openapi.json"), "{}"); // a file of a group kept whole while it stands
    writeFileSync(path.join(dir, "dist/api/v2/event_pages/1600/notes.json"), "{}"); // deeper than the files kept
    edit(1700, (p) => (p.title = "Edited beside the images"));
    // The link and the notes are no build's (a changed file of the build's is its own to write again).
    const refused = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`(api/v2/event_pages/1600/notes.json, api/v2/images/${ids[3]}/index.json, api/v2/images/${ids[4]}/notes.json)`);
    build("dist", ["--force"]);
    const after = statSync(detail(ids[0]!));
    expect([after.ino, after.mtimeMs]).toEqual([untouched.ino, untouched.mtimeMs]);
    expect(lstatSync(detail(ids[3]!)).isFile()).toBe(true);
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);

  it("a failed rebuild leaves the output as it was, and the next build still reuses its pages", () => {
    const before = tree(path.join(dir, "dist"));
    const good = readFileSync(eventFile(1500), "utf8");
    writeFileSync(eventFile(1500), good.replace(/"venue": \d+/, '"venue": 999999'));
    const failed = runCli(["build", "--content", "content", "--out", "dist", "--now", NOW], { cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("no venue has id 999999");
    const after = tree(path.join(dir, "dist"));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...before].every(([rel, bytes]) => after.get(rel)!.equals(bytes))).toBe(true);
    writeFileSync(eventFile(1500), good);
    expect(reusedOf(build("dist"))).toBe(pages());
    expectSameTree(path.join(dir, "dist"), coldOutput());
  }, 300_000);
});
