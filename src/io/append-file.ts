// Writing a file in order, through a buffer of a megabyte: the build cache and the summaries kept
// on disk are appended a line at a time, and a write a line would cost more than the lines.
import { writeSync } from "node:fs";

/** Writes all of `data` (writeSync may write less than asked); returns its length. */
export function writeAll(fd: number, data: Uint8Array): number {
  let done = 0;
  while (done < data.length) done += writeSync(fd, data, done, data.length - done);
  return data.length;
}

const CHUNK = 1 << 20;

export class AppendFile {
  private readonly chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  /** Bytes appended so far, written or still in the buffer: where the next append starts. */
  size = 0;

  constructor(private readonly fd: number) {}

  /** Appends the text as UTF-8; returns its length in bytes. */
  text(text: string): number {
    const bytes = Buffer.byteLength(text);
    if (bytes > CHUNK - this.used) this.flush();
    if (bytes > CHUNK) writeAll(this.fd, Buffer.from(text, "utf8"));
    else this.used += this.chunk.write(text, this.used);
    this.size += bytes;
    return bytes;
  }

  /** Appends `from`'s bytes from `start` to `end`. */
  bytes(from: Buffer, start: number, end: number): void {
    const bytes = end - start;
    if (bytes > CHUNK - this.used) this.flush();
    if (bytes > CHUNK) writeAll(this.fd, from.subarray(start, end));
    else this.used += from.copy(this.chunk, this.used, start, end);
    this.size += bytes;
  }

  /** Writes what the buffer holds. */
  flush(): void {
    if (this.used === 0) return;
    writeAll(this.fd, this.chunk.subarray(0, this.used));
    this.used = 0;
  }
}
