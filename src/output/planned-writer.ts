// Writes the planned files into the output transaction's staging folder (or, for a check, only
// counts them): each path once, the pieces of a file gathered into a buffer before they are
// written, and a rebuild's copied items taken from the previous output (previous-items.ts).
import path from "node:path";
import { ChunkBuffer } from "../io/chunk-buffer.js";
import { writtenFile, type FileStatus, type FolderWriter } from "../io/folder-writer.js";
import { piecesOf } from "../io/read-window.js";
import type { OutputFile, OutputTally, Piece, PreviousFile } from "../model/output.js";
import type { WrittenFile } from "../model/page.js";
import { INDEX_PAGES, LIST_ITEMS, PreviousItems } from "./previous-items.js";

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

/** Where a rebuild in place keeps what --out already holds, instead of writing it (the output transaction). */
export interface KeepInPlace {
  /** Keeps a whole file --out holds with exactly these bytes: its status; null when it does not. */
  keepIfHeld(path: string, bytes: Uint8Array): FileStatus | null;
  /** Keeps these files of --out as they stand (their status vouched for by the caller). */
  keep(files: readonly WrittenFile[]): void;
}

/** Writes each planned file once (a path planned twice is a bug), counting what it wrote. */
export class PlannedWriter {
  private readonly seen = new Set<string>();
  /** The files written into the staging folder (not those kept where they stand): a later file may copy from them. */
  private readonly staged = new Set<string>();
  readonly tally: OutputTally = emptyTally();
  bytes = 0;
  /** The files written in pieces (the lists and the query index), as written: a rebuild copies from them. */
  readonly pieced: WrittenFile[] = [];

  /**
   * `writer` null: a check, which writes nothing. `inPlace`: a rebuild in place, which keeps a
   * whole file where the output already holds its bytes, instead of writing it.
   */
  constructor(
    private readonly writer: FolderWriter | null,
    private readonly inPlace: KeepInPlace | null = null,
  ) {}

  /** Writes (or keeps) the file; a whole file's status as it stands in the output, null for a check or a file in pieces. */
  write(file: OutputFile): WrittenFile | null {
    this.claim(file.path);
    const writer = this.writer;
    if (file.pieces) {
      const chunks = gathered(file.pieces, (from, skipStart, skipEnd) => (writer && this.staged.has(from) ? piecesOf(path.join(writer.root, from), skipStart, skipEnd) : null));
      let size: number;
      if (writer) {
        this.staged.add(file.path);
        const status = writer.writeChunks(file.path, chunks);
        this.pieced.push(writtenFile(file.path, status));
        size = status.size;
      } else size = countBytes(chunks);
      this.bytes += size;
      tallyFile(this.tally, file, size);
      return null;
    }
    this.bytes += file.bytes.length;
    tallyFile(this.tally, file);
    if (!writer) return null;
    let status = this.inPlace?.keepIfHeld(file.path, file.bytes) ?? null;
    if (!status) {
      this.staged.add(file.path);
      status = writer.write(file.path, file.bytes);
    }
    return writtenFile(file.path, status);
  }

  /** Keeps files of the previous output where they stand (a rebuild in place), counting them as written. */
  keep(files: readonly WrittenFile[]): void {
    for (const [rel, size] of files) {
      this.claim(rel);
      this.bytes += size;
      tallyFile(this.tally, { path: rel }, size);
    }
    this.inPlace!.keep(files);
  }

  /** Each path is planned once: twice is a bug. */
  private claim(rel: string): void {
    checkRelative(rel);
    if (this.seen.has(rel)) throw new Error(`two outputs were planned for ${rel}`);
    this.seen.add(rel);
  }
}

function countBytes(chunks: Iterable<Uint8Array>): number {
  let n = 0;
  for (const chunk of chunks) n += chunk.length;
  return n;
}

/** The bytes of a file written before, less some at either end; null when nothing is written (a check). */
type WrittenBytes = (file: string, skipStart: number, skipEnd: number) => Iterable<Uint8Array> | null;

/**
 * The pieces as buffers of some size (each piece written on its own was a system call): text
 * encoded, bytes copied, a copied item taken from its previous file when found there, and a range
 * of a file written before read back.
 */
function* gathered(pieces: Iterable<Piece>, written: WrittenBytes): Generator<Uint8Array> {
  const out = new ChunkBuffer();
  const previous = new Map<string, PreviousItems | null>();
  const readerOf = (from: PreviousFile) => {
    if (!previous.has(from.path)) previous.set(from.path, PreviousItems.open(from.path, from.layout === "list" ? LIST_ITEMS : INDEX_PAGES, from.skip));
    return previous.get(from.path)!;
  };
  try {
    for (const piece of pieces) {
      let full: Uint8Array | null;
      if (typeof piece === "string") full = out.text(piece);
      else if (piece instanceof Uint8Array) full = out.bytes(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength), 0, piece.byteLength);
      else if ("file" in piece) {
        const bytes = written(piece.file, piece.skipStart, piece.skipEnd);
        for (const chunk of bytes ?? []) if ((full = out.bytes(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), 0, chunk.byteLength))) yield full;
        if (!bytes) for (const text of piece.make()) if ((full = out.text(text))) yield full;
        continue;
      } else {
        const reader = readerOf(piece.from);
        full = reader?.take(piece.item) ? out.bytes(reader.bytes, reader.from, reader.to) : out.text(piece.make());
      }
      if (full) yield full;
    }
    const rest = out.end();
    if (rest) yield rest;
  } finally {
    for (const reader of previous.values()) reader?.close();
  }
}
