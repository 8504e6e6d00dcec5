// Reading a file through a window of a megabyte, reused from read to read: the build cache and the
// summaries kept on disk are read a line at a time, mostly in the order they were written. A
// fresh buffer of the whole file cost more than the reads (the kernel maps each new page of
// memory on first touch).
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const WINDOW = 1 << 20;

/** A span of the file's bytes: `buffer` from `start` to `end` (valid until the window's next read). */
export interface Span {
  buffer: Buffer;
  start: number;
  end: number;
}

/** A span's text (UTF-8): decoded as latin1 when it is ASCII, the same string without UTF-8's checks. */
export function textOf(span: Span): string {
  const bytes = span.buffer.subarray(span.start, span.end);
  return bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
}

export class ReadWindow {
  private buffer: Buffer;
  /** Where the window's bytes are in the file, and how many it holds. */
  private at = 0;
  private held = 0;
  /** The last read reached the end of the file. */
  private ended = false;

  constructor(
    private readonly fd: number,
    size = WINDOW,
  ) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  /** The bytes from `offset`, `length` of them (fewer at the end of the file). */
  span(offset: number, length: number): Span {
    if (offset < this.at || offset + length > this.at + this.held) this.fill(offset, length);
    const start = offset - this.at;
    return { buffer: this.buffer, start, end: Math.min(start + length, this.held) };
  }

  /**
   * The bytes held from `offset` on: at least `least` of them, unless the file ends first (read
   * again only then, not while the window holds them, as span() would near the end of the file).
   */
  from(offset: number, least: number): Span {
    if (offset < this.at || offset > this.at + this.held || (offset + least > this.at + this.held && !this.ended)) this.fill(offset, least);
    return { buffer: this.buffer, start: offset - this.at, end: this.held };
  }

  /** The bytes from `offset` as text (UTF-8). */
  text(offset: number, length: number): string {
    return textOf(this.span(offset, length));
  }

  /**
   * Each line of the file from `offset` in turn, without its newline, with where it starts in
   * the file; a last line without a newline too (a file cut short: not `complete`).
   */
  *lines(offset = 0): Generator<Span & { offset: number; complete: boolean }> {
    for (;;) {
      if (offset < this.at || offset >= this.at + this.held) {
        this.fill(offset, this.buffer.length);
        if (this.held === 0) return;
      }
      const start = offset - this.at;
      const newline = this.buffer.indexOf(0x0a, start);
      if (newline >= 0 && newline < this.held) {
        yield { buffer: this.buffer, start, end: newline, offset, complete: true };
        offset += newline - start + 1;
        continue;
      }
      // Each fill asks for a whole window: one that got less reached the end of the file.
      if (this.held < this.buffer.length) {
        yield { buffer: this.buffer, start, end: this.held, offset, complete: false };
        return;
      }
      // The line goes on past the window: read again from its start (into a larger window when it already began there).
      this.fill(offset, start === 0 ? this.buffer.length * 2 : this.buffer.length);
    }
  }

  private fill(offset: number, length: number): void {
    if (length > this.buffer.length) this.buffer = Buffer.allocUnsafe(length);
    const size = this.buffer.length;
    let done = 0;
    while (done < size) {
      const got = readSync(this.fd, this.buffer, done, size - done, offset + done);
      if (got === 0) break;
      done += got;
    }
    this.at = offset;
    this.held = done;
    this.ended = done < size;
  }
}

/**
 * The bytes of a file from `start` to `trim` bytes before its end, in pieces of a megabyte at
 * most, read through a window: each piece is valid until the next is asked for.
 */
export function* piecesOf(file: string, start: number, trim = 0): Generator<Uint8Array> {
  const fd = openSync(file, "r");
  try {
    const end = fstatSync(fd).size - trim;
    const size = Math.max(1, Math.min(WINDOW, end - start));
    const window = new ReadWindow(fd, size);
    for (let at = start; at < end; ) {
      const piece = window.span(at, Math.min(size, end - at));
      if (piece.end === piece.start) throw new Error(`${file} ended before its ${end} bytes were read`);
      yield piece.buffer.subarray(piece.start, piece.end);
      at += piece.end - piece.start;
    }
  } finally {
    closeSync(fd);
  }
}
