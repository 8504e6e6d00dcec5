// The event files read ahead by the write thread (see write-thread.ts), which is idle most of a
// cold build while this thread builds pages: it takes each file's status, reads it and hashes it
// as readPage would, a chunk of files at a time, and sends the chunk's bytes in one buffer moved
// (not copied) with the message. This thread picks a chunk up without waiting (a message port
// read synchronously); a page whose chunk has not come yet, or that the thread could not read,
// is read here, as before, so nothing depends on the thread keeping up.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import * as crypto from "node:crypto";
import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { statusOf } from "../io/file-status.js";
import { OPEN_NO_FOLLOW } from "../io/regular-file.js";
import { MAX_CONTENT_FILE_BYTES } from "../load/source-file.js";
import type { PageText, SourceStat } from "../model/page.js";

/** Files a request asks for, and requests sent ahead of the page in hand (asked for between the builder's batches of 250). */
export const CHUNK = 125;
const AHEAD = 3;

/** A request: read these files (`stat`: take each one's status first, unless given; `hash`: the cache's). */
export interface ReadRequest {
  chunk: number;
  files: string[];
  stat: boolean;
  hash: boolean;
}

/** A buffer of a chunk the builder is done with, sent back for the next chunk (fresh memory is slow to touch). */
export interface Recycled {
  recycle: ArrayBuffer;
}

/** The answer: every file's bytes in one buffer, each ending at `ends[i]`; -1: not read (the builder reads it). */
export interface ReadReply {
  chunk: number;
  bytes: ArrayBuffer;
  ends: Int32Array;
  stats: (SourceStat | null | undefined)[];
  hashes: (string | undefined)[];
}

/**
 * Room for a chunk of event pages of up to about 4 kB each (the benchmark's are smaller:
 * docs/benchmark.md); a larger chunk grows it.
 */
const CHUNK_BYTES = 512 * 1024;

/**
 * On the write thread: reads a chunk as readPage would (each status before the bytes), into one
 * buffer, the builder's last one when it sent it back (a buffer a file, joined, left much garbage).
 */
export function readChunk(request: ReadRequest, spare?: ArrayBuffer): { reply: ReadReply; transfer: ArrayBuffer[] } {
  let buffer = spare ? Buffer.from(spare) : Buffer.allocUnsafeSlow(CHUNK_BYTES);
  const ends = new Int32Array(request.files.length);
  const stats: (SourceStat | null | undefined)[] = [];
  const hashes: (string | undefined)[] = [];
  let at = 0;
  request.files.forEach((file, i) => {
    const start = at;
    let fd: number | undefined;
    let stat: SourceStat | null | undefined;
    try {
      // As readPage opens it: not through a link, and only a regular file of a content file's size.
      fd = openSync(file, OPEN_NO_FOLLOW);
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > MAX_CONTENT_FILE_BYTES) throw new Error("not read here");
      // The open file's status, before its bytes.
      stat = request.stat ? statusOf(st) : undefined;
      if (buffer.length - at < st.size) {
        let size = buffer.length * 2;
        while (size - at < st.size) size *= 2;
        const larger = Buffer.allocUnsafeSlow(size);
        buffer.copy(larger, 0, 0, at);
        buffer = larger;
      }
      // At most the size the status gives: a file that grows meanwhile is read as it was.
      const end = at + st.size;
      while (at < end) {
        const n = readSync(fd, buffer, at, end - at, null);
        if (n === 0) break;
        at += n;
      }
    } catch {
      // Not read here (a link, a folder, a pipe, a file gone or too large, no permission): the builder reads it and words why.
      at = start;
      ends[i] = -1;
      stats.push(undefined);
      hashes.push(undefined);
      return;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    ends[i] = at;
    stats.push(stat);
    // The cache's hash of the bytes: the text's, as readPage hashes it, for any valid UTF-8 (a file
    // that is not only takes a hash the builder would not, and is read again by a later build).
    hashes.push(request.hash ? crypto.hash("sha1", buffer.subarray(start, at)) : undefined);
  });
  // The whole buffer moves (its own: allocUnsafeSlow takes none from Node's shared pool); `ends` says what it holds.
  const bytes = buffer.buffer as ArrayBuffer;
  return { reply: { chunk: request.chunk, bytes, ends, stats, hashes }, transfer: [bytes] };
}

/** On the building thread: asks for the chunks ahead of the page in hand and hands out what came. */
export class ReadAhead {
  private requested = 0;
  private readonly arrived = new Map<number, { buffer: Buffer; reply: ReadReply }>();

  constructor(
    private readonly port: MessagePort,
    private readonly files: readonly { absolute: string; stat?: SourceStat | null }[],
    private readonly cache: boolean,
  ) {
    // The first chunk is read by the builder while the thread starts.
    this.requested = 1;
    this.ahead(0);
  }

  /** Asks for the chunks up to AHEAD past the one holding page `i`. */
  ahead(i: number): void {
    const last = Math.min(Math.floor(i / CHUNK) + AHEAD, Math.ceil(this.files.length / CHUNK) - 1);
    for (; this.requested <= last; this.requested++) {
      const from = this.requested * CHUNK;
      const files = this.files.slice(from, from + CHUNK);
      // A file whose status the build already took (a changed page in a rebuild) is read by the builder.
      if (files.some((f) => f.stat !== undefined)) continue;
      const request: ReadRequest = { chunk: this.requested, files: files.map((f) => f.absolute), stat: this.cache, hash: this.cache };
      this.port.postMessage(request);
    }
  }

  /** Page `i` as the thread read it (its text, hash and status as readPage takes them), or undefined: the builder reads it. */
  take(i: number): PageText | undefined {
    const chunk = Math.floor(i / CHUNK);
    let got = this.arrived.get(chunk);
    while (!got) {
      const message = receiveMessageOnPort(this.port);
      if (!message) return undefined;
      const reply = message.message as ReadReply;
      // A chunk that came after its pages were read here is dropped.
      if (reply.chunk < chunk) {
        this.recycle(reply.bytes);
        continue;
      }
      const came = { buffer: Buffer.from(reply.bytes), reply };
      this.arrived.set(reply.chunk, came);
      if (reply.chunk === chunk) got = came;
    }
    const at = i - chunk * CHUNK;
    const end = got.reply.ends[at]!;
    let start = 0;
    for (let j = at - 1; j >= 0; j--) {
      if (got.reply.ends[j]! >= 0) {
        start = got.reply.ends[j]!;
        break;
      }
    }
    const page = end < 0 ? undefined : { text: got.buffer.toString("utf8", start, end), hash: got.reply.hashes[at], stat: got.reply.stats[at] };
    // The chunk's last page (pages are asked for in order): its buffer goes back to the thread.
    if (at === got.reply.ends.length - 1) {
      this.arrived.delete(chunk);
      this.recycle(got.reply.bytes);
    }
    return page;
  }

  private recycle(bytes: ArrayBuffer): void {
    const message: Recycled = { recycle: bytes };
    this.port.postMessage(message, [bytes]);
  }

  close(): void {
    this.arrived.clear();
    this.port.close();
  }
}
