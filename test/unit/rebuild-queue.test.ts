// When the preview builds (src/preview/rebuild-queue.ts): one build at a time, a burst of changes
// is one build, a change during a build is one more build after it, and idle() waits for both.
import { describe, expect, it } from "vitest";
import { RebuildQueue } from "../../src/preview/rebuild-queue.js";

/** A build the test finishes by hand: what it saw (the "content" when it started) and when. */
function builds() {
  let content = 0;
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const build = () =>
    new Promise<number>((resolve) => {
      const seen = content;
      started.push(seen);
      finish.push(() => resolve(seen));
    });
  return { started, finish, build, edit: () => ++content, get content() { return content; } };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
/** Polls until `done` holds (a loaded machine delays timers; nothing here asserts a duration). */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !done(); await tick(5)) if (Date.now() > deadline) throw new Error("timed out");
}

describe("RebuildQueue", () => {
  it("builds a burst of changes once, after they stop", async () => {
    const b = builds();
    const queue = new RebuildQueue(b.build, 500);
    for (let i = 0; i < 5; i++) {
      b.edit();
      queue.changed();
      await tick(5);
    }
    expect(b.started).toEqual([]);
    await until(() => b.started.length > 0);
    expect(b.started).toEqual([5]);
    b.finish[0]!();
    await queue.idle();
    expect(b.started).toEqual([5]);
  });

  it("builds once more after a build during which changes came, and never two at once", async () => {
    const b = builds();
    const queue = new RebuildQueue(b.build, 10);
    const first = queue.request();
    await tick();
    expect(b.started).toEqual([0]);
    // Three changes while the first build runs: one build after it, which sees them all.
    for (let i = 0; i < 3; i++) {
      b.edit();
      queue.changed();
    }
    await tick(40);
    expect(b.started).toEqual([0]);
    b.finish[0]!();
    expect(await first).toBe(0);
    await until(() => b.started.length > 1);
    expect(b.started).toEqual([0, 3]);
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await tick(20);
    expect(idle).toBe(false);
    b.finish[1]!();
    await until(() => idle);
  });

  it("gives a request the outcome of a build that started after it", async () => {
    const b = builds();
    const queue = new RebuildQueue(b.build, 10);
    void queue.request();
    await tick();
    b.edit();
    const second = queue.request();
    // Joins the build already waiting rather than starting a third.
    expect(queue.request()).toBe(second);
    b.finish[0]!();
    await until(() => b.finish.length > 1);
    b.finish[1]!();
    expect(await second).toBe(1);
    expect(b.started).toEqual([0, 1]);
  });

  it("starts no build once stopped, and stop waits for the running one", async () => {
    const b = builds();
    const queue = new RebuildQueue(b.build, 10);
    const first = queue.request();
    await tick();
    b.edit();
    queue.changed();
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await tick(30);
    expect(stopped).toBe(false);
    b.finish[0]!();
    await stopping;
    expect(await first).toBe(0);
    queue.changed();
    await tick(30);
    expect(b.started).toEqual([0]);
  });
});
