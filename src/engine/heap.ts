// V8 flags for a build's heaps, set by the command (bin/) when it starts. V8's defaults suit a
// long-lived server, not a build that allocates many short-lived objects and keeps little.
//
// - The old generation grows 30% over what survived the last full collection, not up to four
//   times, which let promoted garbage pile up.
// - The young generation: its semi-spaces double from 1 MB up to 16 MB by default, though little
//   survives each scavenge of a build; 4 MB costs no time and much less memory than 16, and
//   1 MB costs time. A semi-space's largest size is read when a heap is laid out, so the 4 MB set
//   here reaches worker threads only. For this thread's, tuneYoungGeneration() sets their growth
//   factor, which V8 reads each time they would grow.
//
// - The preview, a process that lives on and rebuilds, lets its young generation grow as V8's
//   defaults do (16 MB semi-spaces): a rebuild that reuses most pages allocates much and keeps
//   little, and fewer young collections answer a save sooner, for some more memory.
//
// Starting a worker thread sets V8's flags back as they were when Node started, so startWorker
// (engine/workers.ts) applies these again once each worker is running, and, until then,
// tuneYoungGeneration applies them at each call (between pages): the builder need not wait for a
// worker to run before it builds. A flag given to Node by the user wins over any of these.
// docs/benchmark.md has what each of these saves.
import v8 from "node:v8";

const FLAGS: readonly (readonly [flag: string, unlessGiven: readonly string[]])[] = [
  ["--max-semi-space-size=4", ["--max-semi-space-size"]],
  ["--heap-growing-percent=30", ["--heap-growing-percent"]],
];
/**
 * This thread's new space (two semi-spaces) at which they stop growing; a worker's at its largest
 * too (4 MB semi-spaces, set above).
 */
export const YOUNG_CAP = 8 * 1024 * 1024;
const growth = (factor: number) => `--semi-space-growth-factor=${factor}`;

let applied: string[] | null = null;
/**
 * This thread's semi-spaces (when the user gave no size for them): kept at 1 MB until a build
 * reads its cache or its first page (loading the code and listing the sources grew them before:
 * docs/benchmark.md), then growing, and stopped at 4 MB from the first page on.
 */
let young: "given" | "held" | "growing" | "capped" | "free" = "given";

/**
 * The flags the user gave Node, on its command line (its execArgv) and in NODE_OPTIONS, as
 * the command (bin/) reads them: this module reads no environment of its own.
 */
export function heapFlagsGiven(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  return [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].map((a) => a.replace(/_/g, "-"));
}

/** Sets the build's heap flags (those the user did not give Node: `given`, from heapFlagsGiven). */
export function applyHeapFlags(given: readonly string[]): void {
  const gives = (name: string) => given.some((a) => a.startsWith(name));
  applied = FLAGS.filter(([, unless]) => !unless.some(gives)).map(([flag]) => flag);
  young = ["--semi-space-growth-factor", "--max-semi-space-size", "--min-semi-space-size"].some(gives) ? "given" : "held";
  reapplyHeapFlags();
}

/** Sets them again (after a worker thread has started); nothing when the command did not set them. */
export function reapplyHeapFlags(): void {
  for (const flag of applied ?? []) v8.setFlagsFromString(flag);
  if (young !== "given") v8.setFlagsFromString(growth(young === "growing" || young === "free" ? 2 : 1));
}

/** This thread's semi-spaces grow as V8's defaults let them, never capped (when the user gave no size for them): for the preview. */
export function freeYoungGeneration(): void {
  if (young === "given") return;
  young = "free";
  v8.setFlagsFromString(growth(2));
}

/** This thread's new space, in bytes. */
const youngSize = (): number => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

/** Stops this thread's semi-spaces where they are. */
function cap(): void {
  young = "capped";
  v8.setFlagsFromString(growth(1));
}

let starting = 0;

/**
 * A worker thread is starting; the function returned is called once it runs (or has failed to
 * start). Until then, tuneYoungGeneration sets the flags again at each call.
 */
export function workerStarting(): () => void {
  starting++;
  let running = false;
  return () => {
    if (running) return;
    running = true;
    starting--;
    reapplyHeapFlags();
  };
}

/**
 * Called where a build allocates most, between pages (a call costs next to nothing:
 * docs/benchmark.md): the first call lets this thread's semi-spaces grow, a later one stops them
 * at 4 MB. While a worker starts, it sets every flag again, since the start may have reset them.
 */
export function tuneYoungGeneration(): void {
  if (starting > 0) reapplyHeapFlags();
  if (young === "held") {
    young = "growing";
    v8.setFlagsFromString(growth(2));
  } else if (young === "growing" && youngSize() >= YOUNG_CAP) cap();
}
