// When the preview builds: one build at a time, a burst of changes batched into one build, and a
// change seen during a build answered by one more build after it, so no change is ever lost.

export class RebuildQueue<T> {
  private running: Promise<T> | null = null;
  /** The build asked for that has not started yet: every change or request until it starts joins it. */
  private waiting: Promise<T> | null = null;
  private quietUntil = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private last: T | undefined;

  /** `build` must not throw: its failures are part of what it returns. */
  constructor(private readonly build: () => Promise<T>, private readonly quietMs: number) {}

  /** A change was seen: a build starts once no change has come for `quietMs` and the running one is done. */
  changed(): void {
    if (this.stopped) return;
    this.quietUntil = Date.now() + this.quietMs;
    this.waiting ??= this.next();
  }

  /** A build that starts after this call (the one waiting, if any), and its outcome. */
  request(): Promise<T> {
    return (this.waiting ??= this.next());
  }

  /** Whether a build is running or waiting to start. */
  busy(): boolean {
    return this.running !== null || this.waiting !== null;
  }

  /** Resolves when no build is running or waiting: what a request answers then is up to date with every change seen. */
  async idle(): Promise<void> {
    for (let p = this.waiting ?? this.running; p; p = this.waiting ?? this.running) {
      await p;
      // A build leaves its place before its promise settles: finding it still there is a bug, not a reason to wait.
      if (p === (this.waiting ?? this.running)) throw new Error("the preview's build queue did not move on after a build");
    }
  }

  /** No build starts from now on (once one has run); resolves when the running one, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.idle();
  }

  private async next(): Promise<T> {
    // Nothing runs before the caller has stored this build as the waiting one.
    await undefined;
    // A change batches with the ones that follow it closely (an editor's save, a checkout).
    for (let wait = this.quietUntil - Date.now(); wait > 0 && !this.stopped; wait = this.quietUntil - Date.now()) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, wait);
      });
    }
    this.timer = null;
    this.wake = null;
    if (this.running) await this.running;
    this.waiting = null;
    // Stopped: no new build, the last one's outcome stands.
    if (this.stopped && this.last !== undefined) return this.last;
    const build = this.build();
    this.running = build;
    try {
      return (this.last = await build);
    } finally {
      if (this.running === build) this.running = null;
    }
  }
}
