// Writes the planned files into the output transaction's staging folder (or, for a check, only
// counts them): each path once, the pieces of a file gathered into a buffer before they are written.
import path from "node:path";
import { ChunkBuffer } from "../io/chunk-buffer.js";
import type { FolderWriter } from "../io/folder-writer.js";
import type { OutputFile, OutputTally, Piece } from "../model/output.js";

const RULE_FILES = new Set(["_redirects", "_headers", "vercel.json"]);

export function emptyTally(): OutputTally {
  return { files: 0, largest: { path: "", bytes: 0 }, ruleFiles: new Map() };
}

/** Counts a file of `size` bytes (its text is kept only for the rule files). */
export function tallyFile(tally: OutputTally, file: { path: string; bytes?: Uint8Array }, size = file.bytes?.length ?? 0): void {
  tally.files++;
  if (size > tally.largest.bytes) tally.largest = { path: file.path, bytes: size };
  if (RULE_FILES.has(file.path) && file.bytes) tally.ruleFiles.set(file.path, Buffer.from(file.bytes).toString("utf8"));
}

export function checkRelative(rel: string): void {
  const normal = path.posix.normalize(rel);
  if (normal !== rel || rel.startsWith("/") || rel.startsWith("../") || rel === "..") {
    throw new Error(`refusing to write "${rel}": it is not a plain path inside the output folder`);
  }
}

/** Writes each planned file once (a path planned twice is a bug), counting what it wrote. */
export class PlannedWriter {
  private readonly seen = new Set<string>();
  readonly tally: OutputTally = emptyTally();
  bytes = 0;

  /** `writer` null: a check, which writes nothing. */
  constructor(private readonly writer: FolderWriter | null) {}

  write(file: OutputFile): void {
    checkRelative(file.path);
    if (this.seen.has(file.path)) throw new Error(`two outputs were planned for ${file.path}`);
    this.seen.add(file.path);
    const writer = this.writer;
    if (file.pieces) {
      const chunks = gathered(file.pieces);
      const size = writer ? writer.writeChunks(file.path, chunks).size : countBytes(chunks);
      this.bytes += size;
      tallyFile(this.tally, file, size);
      return;
    }
    writer?.write(file.path, file.bytes);
    this.bytes += file.bytes.length;
    tallyFile(this.tally, file);
  }
}

function countBytes(chunks: Iterable<Uint8Array>): number {
  let n = 0;
  for (const chunk of chunks) n += chunk.length;
  return n;
}

/** The pieces as buffers of some size (each piece written on its own was a system call). */
function* gathered(pieces: Iterable<Piece>): Generator<Uint8Array> {
  const out = new ChunkBuffer();
  for (const piece of pieces) {
    const full = typeof piece === "string" ? out.text(piece) : out.bytes(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength), 0, piece.byteLength);
    if (full) yield full;
  }
  const rest = out.end();
  if (rest) yield rest;
}
