// A rebuild copies each reused page's item of the event list and of the query index from the file
// the previous build wrote, instead of making, checking and serializing it again. The copy is the
// same bytes: an item is made from the page's summary and the settings alone, and a reused page's
// summary is the one the previous build had, with the same settings and code (both are part of
// the cache's key).
// The previous file is read through a small window as the new one is written, both in ascending
// page id, so no list is ever held whole.
import { closeSync, openSync } from "node:fs";
import { ReadWindow } from "../io/read-window.js";

/**
 * Where a document's items are in its bytes, by the serializer's layout: each starts with
 * `opening` (`lead` bytes into it), its id's digits follow it, and it ends `keep` bytes into the
 * first of `closings` found after it. None of these can occur inside a JSON string, where every
 * quote and newline is escaped.
 */
export interface ItemLayout {
  /** What comes just before the first item (the list's opening bracket). */
  before: string;
  opening: string;
  lead: number;
  closings: readonly string[];
  keep: number;
}

/** An item of serialize()'s list document, indented two levels (see inList in plan.ts). */
export const LIST_ITEMS: ItemLayout = { before: '"items": [\n', opening: '\n        {\n            "id": ', lead: 1, closings: ["\n        }"], keep: 10 };

/** A page of the query index (compact JSON): ended by the next page, or by the end of the pages' array. */
export const INDEX_PAGES: ItemLayout = { before: '"pages":[', opening: '{"id":', lead: 0, closings: ['},{"id":', '}],"'], keep: 1 };

/** How far ahead an item is looked for before the window is read again (an item is a few hundred bytes). */
const AHEAD = 1 << 14;
const WINDOW = 1 << 18;

const DIGIT_0 = 0x30;

/** The items of a file the previous build wrote, in file order, each found when asked for. */
export class PreviousItems {
  private readonly opening: Buffer;
  private readonly closings: Buffer[];
  /** The window's bytes: `held` of them, from `at` in the file. */
  private buffer: Buffer = Buffer.alloc(0);
  private at = 0;
  private held = 0;
  /** Where the next item is looked for in the file; -1 once the file has no more (or is not as expected). */
  private offset: number;
  /** The item read and not yet taken (id -1: none): its id, and where it is in the buffer. */
  private id = -1;
  private start = 0;
  private end = 0;

  private constructor(
    private readonly fd: number,
    private readonly window: ReadWindow,
    private readonly layout: ItemLayout,
    offset: number,
  ) {
    this.opening = Buffer.from(layout.opening, "latin1");
    this.closings = layout.closings.map((c) => Buffer.from(c, "latin1"));
    this.offset = offset;
  }

  /** The file's items after its first `skip` ones; null when it cannot be read or has no such list. */
  static open(file: string, layout: ItemLayout, skip = 0): PreviousItems | null {
    let fd: number;
    try {
      fd = openSync(file, "r");
    } catch {
      return null;
    }
    const window = new ReadWindow(fd, WINDOW);
    const head = window.from(0, AHEAD);
    const before = head.buffer.subarray(0, head.end).indexOf(layout.before, 0, "latin1");
    const items = before < 0 ? null : new PreviousItems(fd, window, layout, before + layout.before.length - layout.lead);
    for (let i = 0; items && i < skip; i++) if (!items.read()) break;
    if (!items || items.offset < 0) {
      closeSync(fd);
      return null;
    }
    items.id = -1;
    return items;
  }

  /**
   * Whether the file's next item has this id (items of lower ids are passed over: ask in
   * ascending id). If so, its bytes are `bytes` from `from` to `to`, until the next call.
   */
  take(id: number): boolean {
    while (this.id >= 0 || this.read()) {
      if (this.id > id) return false;
      const found = this.id === id;
      this.id = -1;
      if (found) return true;
    }
    return false;
  }

  get bytes(): Buffer {
    return this.buffer;
  }

  get from(): number {
    return this.start;
  }

  get to(): number {
    return this.end;
  }

  close(): void {
    if (this.offset === -2) return;
    this.offset = -2;
    closeSync(this.fd);
  }

  /** Reads the next item from `offset` into id, start and end; false when there is none. */
  private read(): boolean {
    if (this.offset < 0) return false;
    for (let attempt = 0; attempt < 2; attempt++) {
      // Read again only when the window ends within AHEAD bytes (or, the second time, the item is longer).
      const least = attempt === 0 ? AHEAD : WINDOW;
      if (this.offset < this.at || this.offset + least > this.at + this.held || attempt > 0) {
        const span = this.window.from(this.offset, least);
        this.buffer = span.buffer.subarray(0, span.end);
        this.at = this.offset - span.start;
        this.held = span.end;
      }
      const bytes = this.buffer;
      const found = bytes.indexOf(this.opening, this.offset - this.at);
      if (found < 0) {
        // No item left (past the end of the list, or the file's end), or not yet read.
        if (this.at + this.held - this.offset < least) return this.stop();
        continue;
      }
      let at = found + this.opening.length;
      let id = 0;
      while (at < this.held && bytes[at]! >= DIGIT_0 && bytes[at]! <= DIGIT_0 + 9) id = id * 10 + bytes[at++]! - DIGIT_0;
      if (at === this.held) continue; // the window ends within the id
      if (at === found + this.opening.length) return this.stop(); // not an id
      let closing = -1;
      for (const c of this.closings) {
        closing = bytes.indexOf(c, at);
        if (closing >= 0) break;
      }
      if (closing < 0) continue;
      this.id = id;
      this.start = found + this.layout.lead;
      this.end = closing + this.layout.keep;
      this.offset = this.at + this.end;
      return true;
    }
    return this.stop();
  }

  private stop(): false {
    if (this.offset >= 0) this.offset = -1;
    this.id = -1;
    return false;
  }
}
