// How the suites that need nginx or Chromium find them: an explicit path wins, then PATH, then
// the folders Debian installs into; a file that is not executable does not count.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir, tempDir } from "../helpers/cli.js";
import { findProgram, INSTALL, missingMessage, underCi, type DebianProgram } from "../helpers/programs.js";

const dir = tempDir("bc-programs-");
afterAll(() => removeDir(dir));

function file(rel: string, mode: number): string {
  const p = path.join(dir, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, "#!/bin/sh\n");
  chmodSync(p, mode);
  return p;
}

const onPath = file("bin/tool", 0o755);
const debianDir = file("sbin/tool", 0o755);
const notExecutable = file("plain/tool", 0o644);
const program: DebianProgram = { name: "tool", commands: ["tool"], dirs: [path.join(dir, "sbin")], env: "TOOL_PATH" };

describe("findProgram", () => {
  it("takes the first on PATH, then Debian's folders", () => {
    expect(findProgram(program, { PATH: [path.join(dir, "empty"), path.join(dir, "bin")].join(path.delimiter) })).toBe(onPath);
    expect(findProgram(program, { PATH: "" })).toBe(debianDir);
  });

  it("passes over a file that is not executable", () => {
    expect(findProgram({ ...program, dirs: [path.join(dir, "plain")] }, { PATH: "" })).toBeUndefined();
  });

  it("uses only the path in its variable when set, so a missing program can be simulated", () => {
    const env = { PATH: path.join(dir, "bin") };
    expect(findProgram(program, { ...env, TOOL_PATH: debianDir })).toBe(debianDir);
    expect(findProgram(program, { ...env, TOOL_PATH: path.join(dir, "nothing") })).toBeUndefined();
    expect(findProgram(program, { ...env, TOOL_PATH: notExecutable })).toBeUndefined();
  });
});

describe("missing programs", () => {
  it("name the program, where it was looked for and the install command, on one line", () => {
    const m = missingMessage(program, { TOOL_PATH: "/nothing/tool" });
    expect(m).toBe(`tool not found (looked in TOOL_PATH=/nothing/tool): install it with ${INSTALL}, or set TOOL_PATH`);
    expect(INSTALL).toBe("apt-get install nginx-light libnginx-mod-http-js chromium");
    expect(missingMessage(program, {})).not.toContain("\n");
  });

  it("fail under CI, whatever true value CI has", () => {
    expect(underCi({ CI: "true" })).toBe(true);
    expect(underCi({ CI: "1" })).toBe(true);
    expect(underCi({})).toBe(false);
    expect(underCi({ CI: "false" })).toBe(false);
    expect(underCi({ CI: "0" })).toBe(false);
  });
});
