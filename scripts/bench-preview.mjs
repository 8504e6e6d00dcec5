// The benchmark's preview figure: starts `build-catalogue preview` as a user does, saves one event
// file as an editor would, and times how long the API takes to answer the page's new title.
import { spawn } from "node:child_process";

/** How long any one wait may take before the benchmark gives up: a 100,000-page start included. */
const PATIENCE_MS = 10 * 60_000;
/** The pause between two probes: the resolution of the figure. */
const POLL_MS = 10;

/**
 * Runs `<bin> preview --content <content> --port 0 --now <now>` in `cwd`, waits until it serves the
 * event page `id`, then calls `save` (which writes the page's file with `title`) and returns the
 * milliseconds from that write to the first answer (200) holding the new title. The preview is
 * stopped before this returns.
 */
export async function timeSaveToAnswer({ bin, cwd, env, content, now, id, title, save }) {
  const preview = startCommand(bin, ["preview", "--content", content, "--port", "0", "--now", now], { cwd, env, name: "preview" });
  try {
    // The address line's wording may change: the first address on 127.0.0.1 it prints is enough.
    const base = await until(preview, () => /http:\/\/127\.0\.0\.1:\d+/.exec(preview.output())?.[0], "its address");
    const url = `${base}/api/v2/event_pages/${id}/`;
    await until(preview, async () => ((await titleAt(url)) !== undefined ? true : undefined), `an answer from ${url}`);
    const started = performance.now();
    save();
    await until(preview, async () => ((await titleAt(url)) === title ? true : undefined), `the title "${title}" at ${url}`);
    return performance.now() - started;
  } finally {
    await preview.stop();
  }
}

/** The title the API serves at `url`, or undefined when it does not answer 200 with a page. */
async function titleAt(url) {
  try {
    const res = await fetch(url);
    const text = await res.text();
    return res.status === 200 ? JSON.parse(text).title : undefined;
  } catch {
    return undefined; // not listening yet, or not JSON (an error page while building)
  }
}

/** Polls `probe` every POLL_MS until it gives a value; fails, with the command's output, if it exits or after PATIENCE_MS. */
export async function until(command, probe, what) {
  const deadline = performance.now() + PATIENCE_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (command.exited()) throw new Error(`bench: the ${command.name} exited while waiting for ${what}:\n${command.output().slice(-4000)}`);
    if (performance.now() > deadline) throw new Error(`bench: no ${what} from the ${command.name} within ${PATIENCE_MS / 1000} s:\n${command.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Starts `<bin> <args>` (a long-running command of the CLI: preview, edit) in a process group of
 * its own, its output kept; `name` names it in errors; stop() ends the group and waits.
 */
export function startCommand(bin, args, { cwd, env, name }) {
  let output = "";
  const child = spawn(process.execPath, [bin, ...args], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (d) => (output += d));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  return {
    name,
    output: () => output,
    exited,
    stop: () =>
      new Promise((resolve) => {
        if (exited()) return resolve();
        child.once("exit", () => resolve());
        signal("SIGTERM");
        // The preview (edit's too) closes and removes its folder on SIGTERM; one that hangs is ended.
        setTimeout(() => signal("SIGKILL"), 30_000).unref();
      }),
  };
}
