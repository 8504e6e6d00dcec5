// What nginx's JavaScript (njs 0.7.9, Debian 12's libnginx-mod-http-js) lacks of the platform the
// runtime (src/runtime/) is written for, beyond what core-js gives the bundle
// (scripts/bundle-njs.mjs): each the nearest faithful answer, from data made by Node itself.
//
// - Reflect.construct, which Babel's lowered classes call to make a subclass of Error (QueryError)
//   an instance of its class: njs's functions do not say they are native, so without it the
//   lowered constructor keeps Error's own object and `instanceof QueryError` fails.
// - Intl.DateTimeFormat, of one zone only (the catalogue's, where the query engine reads a
//   `first_published_at` filter without an offset): its UTC offsets at every change, worked out
//   by the build with Node's own Intl (src/host/nginx-njs.ts), written into the module.
// - String.prototype.normalize("NFD"), which search tokenization calls: the canonical
//   decompositions of Node's normalize, tabled when the package is built, and Hangul's by
//   arithmetic. No canonical reordering of marks: the one caller removes every mark next.
// - JSON.stringify with an indent writes an empty list or object as `[`, an indented empty line,
//   `]`, where every other engine (and Python's json.dumps) writes `[]`: answers are re-joined.
// - Objects keep the order their keys were set in only up to ten keys; past ten njs lists them
//   in its hash's order. The query engine records the order of the objects it builds with more
//   (src/runtime/key-order.ts); here JSON.stringify writes such objects' keys in that order, and
//   the documents' parser records it for objects of more than ten keys read from a document.
// Nothing here is installed where the platform has its own (and, for JSON, does it right).

import { KEY_ORDER, keepKeyOrder, MAX_KEPT, setDocumentParser } from "../runtime/key-order.js";

/** A zone's offsets (seconds east of UTC): `initial`, then `offset[i]` from `at[i]` (ms since the epoch) on. */
export interface ZoneOffsets {
  zone: string;
  initial: number;
  at: number[];
  offset: number[];
  /** From this instant on, the offsets repeat those 400 Gregorian years (146,097 days) earlier. */
  cycleFrom: number;
}

/** The canonical decompositions (NFD) of the code points that have one, but Hangul syllables: "<char><its NFD>\n" each. */
declare const __NJS_NFD__: string;

const DAY_MS = 86_400_000;
const CYCLE_MS = 146_097 * DAY_MS;

type Global = Record<string, unknown> & { Reflect?: Record<string, unknown> };
const g = globalThis as unknown as Global;

function installReflectConstruct(): void {
  if (g.Reflect && typeof g.Reflect.construct === "function") return;
  const construct = (target: new (...a: unknown[]) => object, args: ArrayLike<unknown>, newTarget?: { prototype: object }) => {
    // eslint-disable-next-line prefer-spread
    const bound = Function.prototype.bind.apply(target as unknown as (...a: unknown[]) => unknown, [null].concat(Array.prototype.slice.call(args)) as [unknown, ...unknown[]]);
    const instance = new (bound as unknown as new () => object)();
    if (newTarget && newTarget !== (target as unknown)) Object.setPrototypeOf(instance, newTarget.prototype);
    return instance;
  };
  if (!g.Reflect) g.Reflect = {};
  g.Reflect.construct = construct;
}

function civil(ms: number): { year: number; month: number; day: number; secondOfDay: number } {
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day, secondOfDay: Math.floor((ms - days * DAY_MS) / 1000) };
}

/** The offset in force at `ms` (seconds east of UTC). */
export function offsetIn(z: ZoneOffsets, ms: number): number {
  if (ms >= z.cycleFrom) ms -= Math.ceil((ms - z.cycleFrom + 1) / CYCLE_MS) * CYCLE_MS;
  let lo = 0;
  let hi = z.at.length - 1;
  if (hi < 0 || ms < z.at[0]!) return z.initial;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (z.at[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return z.offset[lo]!;
}

/** Intl.DateTimeFormat as time-zone.ts uses it (formatToParts of a zone's wall time), for the zones given. */
function installIntl(zones: readonly ZoneOffsets[]): void {
  if (typeof g.Intl === "object" && g.Intl) return;
  const byName: Record<string, ZoneOffsets> = {};
  for (const z of zones) byName[z.zone] = z;
  function DateTimeFormat(this: { zone: ZoneOffsets }, _locale: string, options: { timeZone?: string }) {
    const zone = options && options.timeZone !== undefined ? byName[options.timeZone] : undefined;
    if (!zone) throw new RangeError(`Invalid time zone specified: ${options && options.timeZone}`);
    this.zone = zone;
  }
  DateTimeFormat.prototype.formatToParts = function (this: { zone: ZoneOffsets }, date: Date) {
    const ms = date.getTime();
    const w = civil(ms + offsetIn(this.zone, ms) * 1000);
    const bc = w.year < 1;
    const s = w.secondOfDay;
    const parts: [string, number | string][] = [
      ["month", w.month], ["day", w.day], ["year", bc ? 1 - w.year : w.year], ["era", bc ? "BC" : "AD"],
      ["hour", Math.floor(s / 3600)], ["minute", Math.floor((s % 3600) / 60)], ["second", s % 60],
    ];
    return parts.map(([type, value]) => ({ type, value: String(value) }));
  };
  g.Intl = { DateTimeFormat };
}

const S_BASE = 0xac00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11a7, T_COUNT = 28, N_COUNT = 588, S_COUNT = 11_172;

function installNormalize(): void {
  if (typeof String.prototype.normalize === "function") return;
  let table: Record<string, string> | null = null;
  const decompose = (text: string): string => {
    if (!table) {
      table = {};
      for (const line of __NJS_NFD__.split("\n")) if (line) table[String.fromCodePoint(line.codePointAt(0)!)] = line.slice(String.fromCodePoint(line.codePointAt(0)!).length);
    }
    let out = "";
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      i += ch.length;
      const s = cp - S_BASE;
      if (s >= 0 && s < S_COUNT) {
        out += String.fromCharCode(L_BASE + Math.floor(s / N_COUNT), V_BASE + Math.floor((s % N_COUNT) / T_COUNT));
        if (s % T_COUNT) out += String.fromCharCode(T_BASE + (s % T_COUNT));
      } else out += table[ch] ?? ch;
    }
    return out;
  };
  Object.defineProperty(String.prototype, "normalize", {
    configurable: true,
    writable: true,
    value: function normalize(this: string, form?: string) {
      const f = form === undefined ? "NFC" : String(form);
      if (f !== "NFD") throw new RangeError(`njs: only NFD is available, not ${f}`);
      return decompose(String(this));
    },
  });
}

function fixJsonStringify(): void {
  const stringify = JSON.stringify;
  if (stringify([], null, 1) === "[]") return;
  // A newline appears in indented JSON only between its tokens (strings escape theirs), so an
  // opening bracket, a line of indent alone and the closing bracket is an empty list or object.
  JSON.stringify = function (value: unknown, replacer?: unknown, space?: string | number) {
    const text = stringify(value, replacer as (string | number)[] | null, space);
    return space && typeof text === "string" && text.includes("\n") ? text.replace(/([[{])\n *\n *([\]}])/g, "$1$2") : text;
  } as typeof JSON.stringify;
}

/** The platform's objects list more than MAX_KEPT keys in another order than they were set in. */
function losesKeyOrder(): boolean {
  const o: Record<string, number> = {};
  const keys: string[] = [];
  for (let i = 40; i > 0; i--) {
    o[`k${i * 7}`] = i;
    keys.push(`k${i * 7}`);
  }
  return Object.keys(o).join() !== keys.join();
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const orderOf = (v: unknown): string[] | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as { [KEY_ORDER]?: string[] })[KEY_ORDER] : undefined;

/**
 * JSON.stringify writing the keys of objects that carry KEY_ORDER in that order: the native one
 * writes the value with each such object replaced by a placeholder string (a replacer), then each
 * placeholder is replaced by that object written key by key, indented as its line. Other calls
 * (a replacer of the caller's) are the native one's.
 */
function keepKeyOrderInStringify(): void {
  const stringify = JSON.stringify;
  // Letters only: the placeholder's number follows it.
  const nonce = Math.random().toString(36).replace(/[^a-z]/g, "") + "bc";
  const sample = stringify(`\u0000${nonce}7\u0000`);
  const [before, after] = [sample.slice(0, sample.indexOf("7")), sample.slice(sample.indexOf("7") + 1)];
  const escape = (t: string) => t.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
  const placeholders = new RegExp(`${escape(before)}(\\d+)${escape(after)}`, "g");

  function write(value: unknown, pad: string): string | undefined {
    const order = orderOf(value);
    if (order) return writeOrdered(value as Record<string, unknown>, order, pad);
    const found: object[] = [];
    const text = stringify(
      value,
      (_key: string, v: unknown) => {
        if (!orderOf(v)) return v;
        found.push(v as object);
        return `\u0000${nonce}${found.length - 1}\u0000`;
      },
      pad || undefined,
    );
    if (found.length === 0 || typeof text !== "string") return text;
    return text.replace(placeholders, (_m: string, n: string, offset: number) => {
      const line = text.lastIndexOf("\n", offset) + 1;
      const indent = /^ */.exec(text.slice(line, offset))![0];
      const o = found[Number(n)] as Record<string, unknown>;
      return writeOrdered(o, orderOf(o)!, pad).replace(/\n/g, `\n${indent}`);
    });
  }

  function writeOrdered(o: Record<string, unknown>, order: string[], pad: string): string {
    const parts: string[] = [];
    for (const k of order) {
      if (!hasOwn(o, k)) continue;
      const v = write(o[k], pad);
      if (v === undefined) continue;
      parts.push(pad ? `${pad}${stringify(k)}: ${v.replace(/\n/g, `\n${pad}`)}` : `${stringify(k)}:${v}`);
    }
    if (parts.length === 0) return "{}";
    return pad ? `{\n${parts.join(",\n")}\n}` : `{${parts.join(",")}}`;
  }

  JSON.stringify = function (value: unknown, replacer?: unknown, space?: string | number) {
    if (replacer !== undefined && replacer !== null) return stringify(value, replacer as (string | number)[], space);
    const pad = typeof space === "number" ? " ".repeat(Math.max(0, Math.min(10, Math.floor(space)))) : typeof space === "string" ? space.slice(0, 10) : "";
    return write(value, pad) as string;
  } as typeof JSON.stringify;
}

/**
 * JSON.parse recording the key order of the objects of more than MAX_KEPT keys (KEY_ORDER). The
 * native parse first; only when an object below the document's own and its `meta` (which the
 * query engine builds anew, in its model's order) has more than MAX_KEPT keys, the text again,
 * its objects and lists as lists (which keep their order): `{"a": 1}` read as `[0, "a", 1]`.
 */
function parseKeepingOrder(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  const large = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v !== "object") return false;
    if (Array.isArray(v)) return v.some((x) => large(x, depth + 1));
    const keys = Object.keys(v);
    if (keys.length > MAX_KEPT && !(depth === 0 || (depth === 1 && v === (value as Record<string, unknown>).meta))) return true;
    return keys.some((k) => large((v as Record<string, unknown>)[k], depth + 1));
  };
  if (!large(value, 0)) return value;
  const lists = JSON.parse(
    text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"|\{\s*\}|\[\s*\]|[{}[\]:]/g, (t) =>
      t[0] === '"' ? t : t[0] === "{" ? (t.length > 1 ? "[0]" : "[0,") : t[0] === "[" ? (t.length > 1 ? "[1]" : "[1,") : t === ":" ? "," : "]",
    ),
  ) as unknown;
  const build = (v: unknown): unknown => {
    if (!Array.isArray(v)) return v;
    if (v[0] === 1) return v.slice(1).map(build);
    const o: Record<string, unknown> = {};
    const keys: string[] = [];
    for (let i = 1; i < v.length; i += 2) {
      const k = v[i] as string;
      if (!hasOwn(o, k)) keys.push(k);
      o[k] = build(v[i + 1]);
    }
    return keepKeyOrder(o, keys);
  };
  return build(lists);
}

/** Installs what the platform lacks; `zones`: the offsets of the zones Intl must know. */
export function installNjsPlatform(zones: readonly ZoneOffsets[]): void {
  installReflectConstruct();
  fixJsonStringify();
  if (losesKeyOrder()) {
    keepKeyOrderInStringify();
    setDocumentParser(parseKeepingOrder);
  }
  installIntl(zones);
  installNormalize();
}
