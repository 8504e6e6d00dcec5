// Starts real servers for tests on 127.0.0.1 and stops them: a free port, a child process in its
// own process group, and a wait until it answers.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request } from "node:http";
import { BIN } from "./cli.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface Started {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export function startProcess(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Started {
  let output = "";
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  return {
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          resolve();
        }
        // Killed only when it has not closed by then: on a busy machine closing can take seconds,
        // and a test may read what the process prints as it exits.
        setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            /* already gone */
          }
        }, 20_000).unref();
      }),
  };
}

/** Resolves once `url` answers at all (any status), or rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 60_000, started?: Started): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request(url, { method: "HEAD", agent: false }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
      req.setTimeout(2000, () => req.destroy());
      req.end();
    });
    if (ok) return;
    if (started && started.process.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms${started ? `:\n${started.output()}` : ""}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Polls `probe` until it gives a value; after `timeoutMs`, fails with what was awaited and the process's output. */
export async function waitFor<T>(started: Started, probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs `build-catalogue preview --port 0` with `args`, as a user runs it, and waits for the address
 * it prints (`addressMs`) and then for it to answer (`answerMs`): the process and that address.
 */
export async function startPreviewProcess(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
  { addressMs = 20_000, answerMs = 20_000 } = {},
): Promise<{ preview: Started; base: string }> {
  const preview = startProcess(process.execPath, [BIN, "preview", "--port", "0", ...args], options);
  const base = await waitFor(preview, () => /Preview at (http:\/\/127\.0\.0\.1:\d+)\//.exec(preview.output())?.[1], "the preview's address", addressMs);
  await waitForHttp(`${base}/api/v2/event_pages/`, answerMs, preview);
  return { preview, base };
}

/**
 * Runs `build-catalogue edit --port 0` with `args`, as a user runs it, and waits for the admin's
 * address it prints and for the server to answer: the process and its origin (`http://127.0.0.1:<port>`).
 */
export async function startEditProcess(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
  { addressMs = 30_000, answerMs = 30_000 } = {},
): Promise<{ edit: Started; base: string }> {
  const edit = startProcess(process.execPath, [BIN, "edit", "--port", "0", ...args], options);
  const base = await waitFor(edit, () => /Admin at (http:\/\/127\.0\.0\.1:\d+)\/admin\//.exec(edit.output())?.[1], "the admin's address", addressMs);
  await waitForHttp(`${base}/api/admin/status`, answerMs, edit);
  return { edit, base };
}
