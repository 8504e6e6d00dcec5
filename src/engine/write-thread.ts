// Writes the event pages' files on a thread of their own, so that the thread that builds pages does
// not also wait on a mkdir, an open, a write and a close for each file (a good share of a
// one-thread build: docs/benchmark.md has the measurement). Files go over in messages of a few
// pages each, as text that the thread encodes (a string is copied once, and dies young in the
// thread's small heap); each message is answered with the files' statuses, which the cache keeps.
// One thread writes every page, so no two threads make entries in one folder at once.
import { MessageChannel, type MessagePort, type Worker } from "node:worker_threads";
import type { WrittenFile } from "../model/page.js";
import { SelfCheckFailed } from "../api/self-check.js";
import { travelling, type PageSource } from "../page/page-record.js";
import type { PageOutput, PageRecord } from "../model/page.js";
import { ReadAhead } from "./read-ahead.js";
import { startWorker } from "./workers.js";
import { moduleUrl } from "../package-files.js";

/** Pages a message carries, and messages unanswered before the builder waits for the writer. */
const PAGES_PER_MESSAGE = 32;
const MAX_IN_FLIGHT = 16;
/**
 * A message closes sooner once its text takes this much memory: pages with long descriptions made
 * messages of megabytes, each of which cost the writer more than its share.
 */
const TEXT_PER_MESSAGE = 512 * 1024;
// V8 keeps a string with any character past Latin-1 (a curly quote) at two bytes a character.
const WIDE = /[^\u0000-\u00ff]/;
const memoryOf = (data: string | Uint8Array) => (typeof data === "string" ? (WIDE.test(data) ? 2 : 1) * data.length : data.byteLength);

export interface WriteSetup {
  root: string;
  /** Where the builder asks for event files to read ahead (read-ahead.ts). */
  reads: MessagePort;
}
export type WriteTask = { pages: PageOutput[][] } | { finish: true };
export type WriteReply = { written: WrittenFile[][] } | { error: { message: string; code?: string; selfCheck?: boolean } } | { finished: true };

export class WriteThread {
  private readonly worker: Worker;
  private batch: PageOutput[][] = [];
  private batchRecords: PageRecord[] = [];
  private batchText = 0;
  /** The records of each message sent and not yet answered, in order (the thread answers in order). */
  private readonly waiting: PageRecord[][] = [];
  private error: Error | null = null;
  private wake: (() => void) | null = null;
  private finished: (() => void) | null = null;
  /** The thread was told to stop, or has said its last word: its exit is expected. */
  private done = false;
  private readonly reads: MessagePort;
  private reader: ReadAhead | null = null;

  /**
   * `onWritten` gets each page's record with its written files (for the cache and the output's
   * listing), in the order placed; the thread starts with the process's Node options, `execArgv`.
   */
  constructor(
    root: string,
    execArgv: readonly string[],
    private readonly onWritten: (record: PageRecord) => void,
  ) {
    const reads = new MessageChannel();
    this.reads = reads.port1;
    const setup: WriteSetup = { root, reads: reads.port2 };
    this.worker = startWorker(moduleUrl("engine/write-worker.js"), { workerData: setup, transferList: [reads.port2] }, execArgv);
    this.worker.on("message", (reply: WriteReply) => this.answered(reply));
    this.worker.on("error", (e) => this.fail(e));
    this.worker.on("exit", (code) => {
      if (!this.done) this.fail(new Error(`the thread writing the event pages stopped (exit code ${code}) before its files were written`));
    });
  }

  private fail(e: Error): void {
    this.error ??= e;
    this.waiting.length = 0;
    this.wake?.();
    if (this.finished) this.finished();
  }

  private answered(reply: WriteReply): void {
    if ("finished" in reply) {
      this.done = true;
      this.finished?.();
      return;
    }
    if ("error" in reply) {
      const e: NodeJS.ErrnoException = reply.error.selfCheck ? new SelfCheckFailed(reply.error.message) : new Error(reply.error.message);
      if (reply.error.code) e.code = reply.error.code;
      this.fail(e);
      return;
    }
    const records = this.waiting.shift();
    if (!records) return;
    records.forEach((r, i) => {
      r.written = reply.written[i];
      this.onWritten(r);
    });
    if (this.waiting.length <= MAX_IN_FLIGHT / 2) this.wake?.();
  }

  /** Has the thread read these event files ahead of the builder (which builds them in this order). */
  readAhead(files: readonly PageSource[], cache: boolean): ReadAhead {
    this.reader = new ReadAhead(this.reads, files, cache);
    return this.reader;
  }

  /** Hands the page's files to the thread (they leave the record). */
  place(record: PageRecord): void {
    if (this.error) throw this.error;
    const outputs = record.outputs;
    if (!outputs) return;
    record.outputs = undefined; // not delete: that turns the record into a dictionary
    const going = outputs.map(travelling);
    for (const o of going) this.batchText += memoryOf(o.data);
    this.batch.push(going);
    this.batchRecords.push(record);
    if (this.batch.length >= PAGES_PER_MESSAGE || this.batchText >= TEXT_PER_MESSAGE) this.send();
  }

  private send(): void {
    if (this.batch.length === 0) return;
    const task: WriteTask = { pages: this.batch };
    this.worker.postMessage(task);
    this.waiting.push(this.batchRecords);
    this.batch = [];
    this.batchRecords = [];
    this.batchText = 0;
  }

  /** Resolves once the thread is not too far behind (the builder calls it between batches of pages). */
  async caughtUp(): Promise<void> {
    this.send();
    while (!this.error && this.waiting.length > MAX_IN_FLIGHT) await new Promise<void>((r) => (this.wake = r));
    this.wake = null;
    if (this.error) throw this.error;
  }

  /** Waits for every file to be written. Stops the thread. */
  async finish(): Promise<void> {
    this.send();
    if (this.error) throw this.error;
    await new Promise<void>((resolve) => {
      this.finished = resolve;
      const task: WriteTask = { finish: true };
      this.worker.postMessage(task);
    });
    await this.worker.terminate();
    this.reader?.close();
    if (this.error) throw this.error;
  }

  /** Stops the thread, whatever it was doing (a build that fails). */
  async stop(): Promise<void> {
    this.done = true;
    this.finished = null;
    this.waiting.length = 0;
    await this.worker.terminate();
    this.reader?.close();
  }
}
