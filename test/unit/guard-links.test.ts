// The admin's check of a folder before the file API lists it (src/admin/guard-links.ts,
// checkFolderEntries): only the files of the listing's extension are held to the caps, a folder
// inside is passed over, anything but a regular file is refused, and of several problems the one
// reported is the first in name order, the files' statuses being asked all at once.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFolderEntries } from "../../src/admin/guard-links.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const root = tempDir("bc-guard-links-");
afterAll(() => removeDir(root));

/** A folder under root holding files of the given sizes (bytes), by name. */
function folder(name: string, files: Record<string, number>): string {
  mkdirSync(path.join(root, name), { recursive: true });
  for (const [file, size] of Object.entries(files)) writeFileSync(path.join(root, name, file), "x".repeat(size));
  return name;
}

const limits = { extension: ".json", maxFileBytes: 100, maxTotalBytes: 1000 };

describe("checkFolderEntries", () => {
  it("passes a folder of files within the caps, and a folder that is not there", async () => {
    const events = folder("fine", Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`event-${i}.json`, 19])));
    expect(await checkFolderEntries(root, events, limits)).toBeNull();
    expect(await checkFolderEntries(root, "missing", limits)).toBeNull();
  });

  it("holds only the listing's files to the caps, and passes over a folder inside", async () => {
    const events = folder("other-extensions", { "a.json": 10, "big.yaml": 5000, "notes.txt": 5000 });
    mkdirSync(path.join(root, events, "drafts.json"));
    writeFileSync(path.join(root, events, "drafts.json", "huge.json"), "x".repeat(5000));
    expect(await checkFolderEntries(root, events, limits)).toBeNull();
    expect(await checkFolderEntries(root, events, { ...limits, extension: "" })).toMatch(/^"other-extensions\/big\.yaml" is .*past the .* the admin reads of a file/);
  });

  it("reports the first file past the cap in name order, whichever status came first", async () => {
    const events = folder("too-large", { "c.json": 500, "a.json": 10, "b.json": 200, "d.json": 300 });
    expect(await checkFolderEntries(root, events, limits)).toMatch(/^"too-large\/b\.json" is /);
  });

  it("refuses a listing past its total, and not one just within it", async () => {
    const events = folder("total", Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`e${String(i).padStart(2, "0")}.json`, 90])));
    expect(await checkFolderEntries(root, events, limits)).toBeNull();
    writeFileSync(path.join(root, events, "e11.json"), "x".repeat(90));
    expect(await checkFolderEntries(root, events, limits)).toMatch(/^total\/ holds more than the .* the admin reads in one listing: move some files out of it$/);
  });

  it("refuses a link or a named pipe before any size, by name order", async () => {
    const events = folder("odd", { "a.json": 10, "z.json": 500 });
    symlinkSync(path.join(root, events, "a.json"), path.join(root, events, "m-link.json"));
    execFileSync("mkfifo", [path.join(root, events, "n-pipe.json")]);
    expect(await checkFolderEntries(root, events, limits)).toMatch(/^"odd\/m-link\.json" .*symbolic link.*the admin lists no folder holding one$/);
  });
});
