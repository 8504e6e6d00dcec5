// The content's files read only as regular files (src/io/regular-file.ts): a link is refused at
// the open (not followed, whatever it leads to), a named pipe by its status without waiting for a
// writer, a file past its cap before a byte is read; what is read is the file's bytes, at most
// the size its status gave.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyRegularFileSync, pastCap, readRegularFile, readRegularFileSync, RefusedFile } from "../../src/io/regular-file.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const dir = tempDir("bc-regular-file-");
afterAll(() => removeDir(dir));
const at = (name: string) => path.join(dir, name);
const tooLarge = (size: number) => `too large: ${size}`;

writeFileSync(at("page.json"), '{"title": "Tosca — “Vissi d’arte”"}');
writeFileSync(at("secret.txt"), "hunter2");
symlinkSync(at("secret.txt"), at("link.json"));
symlinkSync(at("page.json"), at("inside.json"));
symlinkSync("/dev/zero", at("zero.jpg"));
execFileSync("mkfifo", [at("pipe.json")]);
mkdirSync(at("folder.json"));
writeFileSync(at("sparse.json"), "");
truncateSync(at("sparse.json"), 1024 * 1024);

/** The refusal's message, or the system's code. */
function outcome(read: () => unknown): string {
  try {
    read();
    return "read";
  } catch (e) {
    return e instanceof RefusedFile ? e.message : String((e as NodeJS.ErrnoException).code);
  }
}

describe("readRegularFileSync", () => {
  it("reads a regular file's bytes and gives its status", () => {
    const { bytes, stats } = readRegularFileSync(at("page.json"), 1000, tooLarge);
    expect(bytes.equals(readFileSync(at("page.json")))).toBe(true);
    expect(stats.isFile()).toBe(true);
  });

  it("refuses a link, wherever it leads, a named pipe at once, a folder, and a file past its cap, naming no file", () => {
    expect(outcome(() => readRegularFileSync(at("link.json"), 1000, tooLarge))).toMatch(/^is a symbolic link, and build-catalogue reads only what is inside the content folder/);
    expect(outcome(() => readRegularFileSync(at("inside.json"), 1000, tooLarge))).toMatch(/^is a symbolic link/);
    expect(outcome(() => readRegularFileSync(at("zero.jpg"), 1000, tooLarge))).toMatch(/^is a symbolic link/);
    expect(outcome(() => readRegularFileSync(at("pipe.json"), 1000, tooLarge))).toMatch(/^is a named pipe \(FIFO\), which build-catalogue never opens/);
    expect(outcome(() => readRegularFileSync(at("folder.json"), 1000, tooLarge))).toBe("is a folder, not a file: replace it by the file, or remove it");
    expect(outcome(() => readRegularFileSync(at("sparse.json"), 1024 * 1024 - 1, tooLarge))).toBe(`too large: ${1024 * 1024}`);
    expect(outcome(() => readRegularFileSync(at("missing.json"), 1000, tooLarge))).toBe("ENOENT");
  });

  it("refuses the same way without blocking the thread", async () => {
    const refused = async (name: string) => readRegularFile(at(name), 1000, tooLarge).then(() => "read", (e: Error) => e.message);
    expect(await refused("link.json")).toMatch(/^is a symbolic link/);
    expect(await refused("pipe.json")).toMatch(/^is a named pipe/);
    expect((await readRegularFile(at("page.json"), 1000, tooLarge)).bytes.equals(readFileSync(at("page.json")))).toBe(true);
  });
});

describe("copyRegularFileSync", () => {
  it("copies a regular file from the file opened, and refuses a link", () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 1);
    big.write("start");
    writeFileSync(at("big.jpg"), big);
    expect(copyRegularFileSync(at("big.jpg"), at("copy.jpg"), big.length, tooLarge)).toBe(big.length);
    expect(readFileSync(at("copy.jpg")).equals(big)).toBe(true);
    expect(outcome(() => copyRegularFileSync(at("link.json"), at("copied-link.json"), 1000, tooLarge))).toMatch(/^is a symbolic link/);
    expect(outcome(() => copyRegularFileSync(at("big.jpg"), at("copy2.jpg"), 1000, tooLarge))).toBe(`too large: ${big.length}`);
  });
});

it("names a size past a cap in MiB, or in bytes when MiB would show the two alike", () => {
  expect(pastCap(11.5 * 1024 * 1024, 10 * 1024 * 1024)).toEqual({ size: "11.5 MiB", cap: "10 MiB" });
  expect(pastCap(10 * 1024 * 1024 + 1, 10 * 1024 * 1024)).toEqual({ size: "10,485,761 bytes", cap: "10,485,760 bytes" });
});
