// A long list of paths kept compactly while a build runs: joined a thousand at a time, one string
// for each thousand rather than a thousand strings (a large catalogue writes hundreds of thousands).
const JOINED = 1024;

export class PathLog {
  private readonly joined: string[] = [];
  private recent: string[] = [];

  push(path: string): void {
    this.recent.push(path);
    if (this.recent.length === JOINED) {
      // No path holds a NUL: file systems refuse it in a name.
      this.joined.push(this.recent.join("\0"));
      this.recent = [];
    }
  }

  /** Every path, in the order pushed. */
  all(): string[] {
    const out: string[] = [];
    for (const chunk of this.joined) for (const p of chunk.split("\0")) out.push(p);
    for (const p of this.recent) out.push(p);
    return out;
  }
}
