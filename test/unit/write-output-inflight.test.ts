// A failure while writes are still in flight: the writer waits for them before it removes the
// staging folder and rejects, so none fails unhandled or writes into a folder already removed.
// writeFile is slowed down here to make "in flight" certain rather than a matter of load.
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeOutput } from "../../src/emit/write-output.js";
import { removeDir, tempDir } from "../helpers/cli.js";

const inFlight = vi.hoisted(() => ({ started: 0, settled: 0 }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const writeFile: typeof fs.writeFile = async (...args) => {
    inFlight.started++;
    try {
      await new Promise((r) => setTimeout(r, 100));
      return await fs.writeFile(...args);
    } finally {
      inFlight.settled++;
    }
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

let dir = "";
afterEach(() => removeDir(dir));

describe("writeOutput with writes in flight", () => {
  it("settles them before it rejects, and leaves no staging folder", async () => {
    dir = tempDir();
    const out = path.join(dir, "dist");
    mkdirSync(out);
    const twice = [{ path: "a.json", bytes: Buffer.from("1") }, { path: "a.json", bytes: Buffer.from("2") }];
    await expect(writeOutput(out, twice)).rejects.toThrow("two outputs");
    expect(inFlight.started).toBe(1);
    expect(inFlight.settled).toBe(1);
    expect(readdirSync(dir)).toEqual(["dist"]);
  });
});
