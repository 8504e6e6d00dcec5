// Golden catalogues: each folder of test/fixtures/good/ holds content/, the --now it builds at
// (now.txt) and expected/, the API files it must build to, byte for byte.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURES, removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const GOOD = path.join(FIXTURES, "good");
const out = tempDir();
afterAll(() => removeDir(out));

// A large catalogue's event pages are checked by a compiled schema (validate/parse-sources.ts):
// BUILD_CATALOGUE_COMPILE_AFTER=1 gives these small ones the same path from their first page.
const WAYS = [
  ["zod's parser", {}],
  ["the compiled schema", { BUILD_CATALOGUE_COMPILE_AFTER: "1" }],
] as const;

describe.each(readdirSync(GOOD))("golden catalogue %s", (name) => {
  it.each(WAYS)("builds to its expected files byte for byte, and no others (content checked by %s)", (way, env) => {
    const dir = path.join(GOOD, name);
    const now = readFileSync(path.join(dir, "now.txt"), "utf8").trim();
    const target = path.join(out, name, way.replace(/\W+/g, "-"));
    const run = runCli(["build", "--content", path.join(dir, "content"), "--out", target, "--now", now], { cwd: ROOT, env });
    expect(run.code, run.output).toBe(0);
    const expected = snapshotTree(path.join(dir, "expected"));
    const actual = snapshotTree(target);
    for (const [file, bytes] of expected) expect(actual.get(file), `${name}: ${file}`).toBe(bytes);
    // Every API document is pinned (error and OPTIONS bodies are asserted in build.test.ts).
    const apiFiles = [...actual.keys()].filter((f) => f.startsWith("api/") && f.endsWith("/index.json"));
    expect(apiFiles.filter((f) => !expected.has(f))).toEqual([]);
  });
});
