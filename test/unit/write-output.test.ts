// The output transaction (src/output/): the planned files are written into a staging folder,
// which is swapped in complete, or removed and --out left exactly as it was.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { OutputFile, OutputTally } from "../../src/model/output.js";
import { PlannedWriter } from "../../src/output/planned-writer.js";
import { OUTPUT_ROOT } from "../../src/output/output-layout.js";
import { Staging } from "../../src/output/staging.js";
import { removeDir, snapshotTree, tempDir } from "../helpers/cli.js";

/**
 * Writes the files through a staging folder and commits it when `keep` says so (else, and on any
 * failure, aborts it), as a build does. The folder is taken as --force takes it: what it holds is
 * the marker's business (test/output-folder.test.ts, test/hostile-output.test.ts).
 */
async function writeOutput(out: string, files: Iterable<OutputFile>, keep: (tally: OutputTally) => boolean = () => true) {
  const staging = await Staging.open({ dir: out, arg: "dist", what: "--out", place: OUTPUT_ROOT, force: true, marker: { kind: "none" } }, false);
  try {
    const writer = new PlannedWriter(staging.writer);
    for (const file of files) writer.write(file);
    const replaced = keep(writer.tally);
    if (replaced) {
      staging.prepare();
      await staging.commit();
    } else await staging.abort();
    return { files: writer.tally.files, tally: writer.tally, replaced };
  } catch (e) {
    await staging.abort();
    throw e;
  }
}

let dir = "";
afterEach(() => removeDir(dir));

function* files(count: number, failAt = -1): Generator<OutputFile> {
  for (let i = 0; i < count; i++) {
    if (i === failAt) throw new Error("planning failed half way");
    yield { path: `api/v2/event_pages/${i}/index.json`, bytes: Buffer.from(`{"id": ${i}}`) };
  }
}

function previousBuild(): string {
  dir = tempDir();
  const out = path.join(dir, "dist");
  mkdirSync(path.join(out, "api"), { recursive: true });
  writeFileSync(path.join(out, "api/old.json"), "old bytes");
  writeFileSync(path.join(out, "keep.txt"), "sentinel");
  return out;
}

describe("the output transaction", () => {
  it("replaces the output folder whole when every file is written", async () => {
    const out = previousBuild();
    const report = await writeOutput(out, files(3));
    expect(report.files).toBe(3);
    expect([...snapshotTree(out).keys()]).toEqual([".build-catalogue.json", "api/v2/event_pages/0/index.json", "api/v2/event_pages/1/index.json", "api/v2/event_pages/2/index.json"]);
    expect(readdirSync(dir)).toEqual(["dist"]);
  });

  it("leaves the output folder byte for byte as it was when a failure comes half way", async () => {
    const out = previousBuild();
    const before = snapshotTree(out);
    await expect(writeOutput(out, files(200, 150))).rejects.toThrow("half way");
    expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(dir)).toEqual(["dist"]);
  });

  it("refuses two files at one path and paths that leave the folder", async () => {
    const out = previousBuild();
    const before = snapshotTree(out);
    const twice = [{ path: "a.json", bytes: Buffer.from("1") }, { path: "a.json", bytes: Buffer.from("2") }];
    await expect(writeOutput(out, twice)).rejects.toThrow("two outputs");
    await expect(writeOutput(out, [{ path: "../escape.json", bytes: Buffer.from("x") }])).rejects.toThrow("refusing");
    expect(snapshotTree(out)).toEqual(before);
    expect(existsSync(path.join(dir, "escape.json"))).toBe(false);
    // The write of the first a.json was in flight when the second was refused: no staging folder stays.
    expect(readdirSync(dir)).toEqual(["dist"]);
  });

  it("keeps a tally of what it wrote, and leaves the output folder as it was when keep refuses the output", async () => {
    const out = previousBuild();
    const before = snapshotTree(out);
    const planned = [...files(3), { path: "_redirects", bytes: Buffer.from("/a /b 200\n") }, { path: "big.json", bytes: Buffer.alloc(100) }];
    let seen = -1;
    const report = await writeOutput(out, planned, (tally) => {
      seen = tally.files;
      return false;
    });
    expect(seen).toBe(5);
    expect(report).toMatchObject({ files: 5, replaced: false, tally: { files: 5, largest: { path: "big.json", bytes: 100 } } });
    expect([...report.tally.ruleFiles]).toEqual([["_redirects", "/a /b 200\n"]]);
    expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(dir)).toEqual(["dist"]);
    expect((await writeOutput(out, files(1), () => true)).replaced).toBe(true);
    expect(snapshotTree(out).size).toBe(2);
  });

  it("creates the output folder when there is none", async () => {
    dir = tempDir();
    const out = path.join(dir, "nested/dist");
    await writeOutput(out, files(1));
    expect(snapshotTree(out).size).toBe(2);
  });
});
