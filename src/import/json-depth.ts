// How deeply a JSON text nests, found without parsing it (nor recursing): the import refuses an
// answer deeper than its bound before JSON.parse, whose result every later step walks recursively.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether the UTF-8 JSON text nests deeper than `max` arrays and objects (the top level is depth 1).
 * Brackets inside strings do not count; a byte of a multi-byte UTF-8 character is never one of
 * these ASCII bytes, so the bytes are read as they came. Text that is not JSON is left to the parser.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return false;
}
