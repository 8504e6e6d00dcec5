// Runs the real, compiled CLI (bin/build-catalogue.js) as a child process, as a user would.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = path.join(ROOT, "bin/build-catalogue.js");
export const FIXTURES = path.join(ROOT, "test/fixtures");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together. */
  output: string;
}

/** `timeout`: milliseconds before the command is killed (its code is then -1); default two minutes. */
export function runCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number } = { cwd: ROOT }): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    // Annotations are asked for by the environment: a test that runs under GitHub Actions gets them only when it sets GITHUB_ACTIONS itself.
    env: { ...process.env, GITHUB_ACTIONS: "", ...options.env },
    encoding: "utf8",
    timeout: options.timeout ?? 120_000,
    // A large catalogue's warnings run to megabytes.
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, output: r.stdout + r.stderr };
}

/**
 * The CLI's own code, `main()` of src/cli.ts, run in this process: the same commander program,
 * library and printing as `runCli`, without a Node process's start (about a third of a second
 * each). For a test about what a command says and decides, not about the process (its exit,
 * signals, heap flags, or state a fresh process starts without: a schema parsed often enough is
 * compiled for the rest of the process, validate/parse-sources.ts). It changes this process's
 * folder and environment while it runs: never call it concurrently.
 */
export async function runMain(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  const { main } = await import("../../src/cli.js");
  const env: NodeJS.ProcessEnv = { GITHUB_ACTIONS: "", ...options.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const before = process.cwd();
  let stdout = "";
  let stderr = "";
  process.chdir(options.cwd);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  else process.env[k] = v;
  try {
    const code = await main(args, { out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) });
    return { code, stdout, stderr, output: stdout + stderr };
  } finally {
    process.chdir(before);
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** A fresh temporary folder; removed by the returned cleanup. */
export function tempDir(prefix = "bc-test-"): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Copies a content folder into `<dir>/content`. */
export function copyContent(from: string, dir: string, name = "content"): string {
  const to = path.join(dir, name);
  cpSync(from, to, { recursive: true });
  return to;
}

/** Every file below a folder with its bytes, keyed by relative path: to compare trees byte for byte. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(path.relative(dir, p).split(path.sep).join("/"), readFileSync(p, "latin1"));
    }
  };
  walk(dir);
  return out;
}
