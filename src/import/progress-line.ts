// The import's progress: one line rewritten in place on a terminal (at most ten times a second),
// and a line per finished step anywhere else, so logs stay short.
export interface ProgressLine {
  update: (phase: string, done: number, total: number) => void;
  /** Clears the line before the summary is printed. */
  end: () => void;
}

export function progressLine(write: (text: string) => void, terminal: boolean): ProgressLine {
  let last = 0;
  let shown = false;
  return {
    update(phase, done, total) {
      const finished = done >= total;
      if (!terminal) {
        if (finished && total > 0 && phase !== "the proof") write(`Read ${phase}: ${done} of ${total}\n`);
        if (phase === "the proof" && done === 0) write("Building the imported content to compare...\n");
        return;
      }
      const now = Date.now();
      if (!finished && now - last < 100) return;
      last = now;
      shown = true;
      write(`\r\x1b[K${phase === "the proof" ? "Building the imported content to compare..." : `Reading ${phase}: ${done} of ${total}`}`);
    },
    end() {
      if (terminal && shown) write("\r\x1b[K");
    },
  };
}
