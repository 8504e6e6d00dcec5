// The golden catalogues' documents are what Django REST framework writes: Python's own `json`
// module (DRF's encoder: indent 4, ", " and ": ", non-ASCII kept, U+2028 and U+2029 escaped),
// given each document's value, writes the very same bytes. An oracle apart from our serializer,
// for what rich text and every other string become in the API's answers.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, snapshotTree } from "./helpers/cli.js";
import { PYTHON, requireProgram } from "./helpers/programs.js";

const PYTHON_BIN = requireProgram(PYTHON);

const DRF_JSON = `
import json, sys
texts = json.load(sys.stdin)
def drf(text):
    return json.dumps(json.loads(text), indent=4, ensure_ascii=False, separators=(",", ": ")).replace("\\u2028", "\\\\u2028").replace("\\u2029", "\\\\u2029")
print(json.dumps([drf(t) for t in texts]))
`;

const GOOD = path.join(FIXTURES, "good");

describe.skipIf(!PYTHON_BIN).each(readdirSync(GOOD))("golden catalogue %s", (name) => {
  it("has every API document as Python's json writes it", () => {
    // (snapshotTree reads bytes as latin1: each byte a character.)
    const documents = [...snapshotTree(path.join(GOOD, name, "expected"))].filter(([file]) => file.endsWith(".json")).map(([file, bytes]) => [file, Buffer.from(bytes, "latin1").toString("utf8")] as const);
    expect(documents.length).toBeGreaterThan(5);
    const run = spawnSync(PYTHON_BIN!, ["-c", DRF_JSON], { input: JSON.stringify(documents.map(([, text]) => text)), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    expect(run.error ?? run.stderr, "python3 runs").toBeFalsy();
    const written = JSON.parse(run.stdout) as string[];
    documents.forEach(([file, text], i) => expect(written[i], `${name}: ${file}`).toBe(text));
  });
});
