// Pieces of a file gathered into a buffer before they are written: a list is thousands of items of
// a few hundred bytes each, and each piece handed to the writer would be a system call of its own.
const SIZE = 1 << 16;

/**
 * Each add returns the bytes gathered before it when they must be written first (null while they
 * fit): valid until the next add that returns bytes, as two buffers take turns.
 */
export class ChunkBuffer {
  private readonly buffers = [Buffer.allocUnsafe(SIZE), Buffer.allocUnsafe(SIZE)];
  private buffer = this.buffers[0]!;
  private used = 0;

  text(text: string): Uint8Array | null {
    // Three bytes a UTF-16 unit at most: measured only when it might not fit.
    const size = this.buffer.length - this.used >= text.length * 3 ? 0 : Buffer.byteLength(text, "utf8");
    const full = this.room(size);
    this.used += this.buffer.write(text, this.used, "utf8");
    return full;
  }

  bytes(from: Buffer, start: number, end: number): Uint8Array | null {
    const full = this.room(end - start);
    this.used += from.copy(this.buffer, this.used, start, end);
    return full;
  }

  /** What is left to write. */
  end(): Uint8Array | null {
    return this.used > 0 ? this.buffer.subarray(0, this.used) : null;
  }

  /** Makes room for `size` bytes: the bytes gathered so far when the other buffer must take over. */
  private room(size: number): Uint8Array | null {
    if (this.used + size <= this.buffer.length) return null;
    const full = this.used > 0 ? this.buffer.subarray(0, this.used) : null;
    const next = this.buffer === this.buffers[0] ? 1 : 0;
    if (this.buffers[next]!.length < size) this.buffers[next] = Buffer.allocUnsafe(size);
    this.buffer = this.buffers[next]!;
    this.used = 0;
    return full;
  }
}
