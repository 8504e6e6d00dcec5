// Every file a build wrote, at every depth, in a compact but exact form (the marker's `files`): a
// folder is a JSON object whose keys are its names, a file's value 1 and a folder's its own object;
// sibling folders holding the same files are written once, under the key "/", as
// [[names, folder], ...], where a name is a string, a number (its decimal digits) or [first, last]
// (every number from first to last). A catalogue's page folders (api/v2/pages/<id>/ and the like)
// are then one entry, however many pages there are. The same files give the same bytes.
import { plainName, type Place } from "./output-layout.js";

/** A name written as a number: decimal digits without a leading zero, exact as a double. */
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
/** The key of a folder's groups of folders: no name holds a slash. */
export const GROUPS = "/";

const byName = (a: readonly [string, string], b: readonly [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The names of sibling folders holding the same files: those written as numbers, and the others. */
export class Names {
  numbers: number[] = [];
  others: string[] = [];
  /** The names as a listing wrote them (its JSON value and text), until they change. */
  private written: { spec: unknown[]; text: string } | null = null;

  /** The names of a listing's group, as it wrote them (canonical: a build's own listing). */
  static of(spec: unknown[]): Names {
    const names = new Names();
    names.written = { spec, text: JSON.stringify(spec) };
    return names;
  }

  /** The names as numbers and others, to change them. */
  private spelled(): this {
    const w = this.written;
    if (!w) return this;
    this.written = null;
    for (const n of w.spec) {
      if (typeof n === "string") this.others.push(n);
      else if (typeof n === "number") this.numbers.push(n);
      else for (let k = (n as number[])[0]!; k <= (n as number[])[1]!; k++) this.numbers.push(k);
    }
    return this;
  }

  /** Removes the name; whether it was there. */
  remove(name: string): boolean {
    const { numbers, others } = this.spelled();
    const at = DECIMAL.test(name) ? numbers.indexOf(Number(name)) : -1;
    if (at >= 0) numbers.splice(at, 1);
    else {
      const other = others.indexOf(name);
      if (other < 0) return false;
      others.splice(other, 1);
    }
    return true;
  }

  /** Adds every name of another group. */
  merge(other: Names): void {
    this.spelled();
    other.spelled();
    this.numbers.push(...other.numbers);
    this.others.push(...other.others);
  }

  /** Adds the name p[from..to), read as a number where it is one (without making its text). */
  add(p: string, from = 0, to = p.length): void {
    this.spelled();
    let n = 0;
    const digits = to - from;
    if (digits <= 15 && (digits === 1 || p.charCodeAt(from) !== 0x30)) {
      for (let k = from; k < to; k++) {
        const c = p.charCodeAt(k) - 0x30;
        if (c < 0 || c > 9) {
          n = -1;
          break;
        }
        n = n * 10 + c;
      }
    } else n = -1;
    if (n >= 0) this.numbers.push(n);
    else this.others.push(p.slice(from, to));
  }

  get size(): number {
    const w = this.written;
    if (!w) return this.numbers.length + this.others.length;
    let n = 0;
    for (const name of w.spec) n += Array.isArray(name) ? (name[1] as number) - (name[0] as number) + 1 : 1;
    return n;
  }

  /** Every name as text. */
  all(): string[] {
    this.spelled();
    return [...this.numbers.map(String), ...this.others];
  }

  /** The names as the listing writes them: numbers ascending (runs as [first, last]), then the others sorted. */
  text(): string {
    if (this.written) return this.written.text;
    const numbers = Float64Array.from(this.numbers).sort();
    const out: string[] = [];
    for (let i = 0; i < numbers.length; ) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
      out.push(j > i ? `[${numbers[i]},${numbers[j]}]` : String(numbers[i]));
      i = j + 1;
    }
    for (const n of this.others.sort()) out.push(JSON.stringify(n));
    return `[${out.join(",")}]`;
  }
}

/**
 * The listing of these files (paths relative to the folder, forward slashes), as JSON text. Sorted
 * first (the array itself: a large catalogue's is hundreds of thousands), so that a folder's files
 * are one run of the array, which is read once, name by name. `top` receives the names at the
 * folder's top.
 */
export function listingText(paths: string[], top: string[] = []): string {
  const sorted = paths.sort();
  let n = 0;
  // The same path twice would be listed twice: once is the file.
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  sorted.length = n;
  return folderText(sorted, 0, n, 0, top);
}

/** Whether `q` is in the folder p[0..slash) (its name starting at `at`: what precedes is the same in both). */
function inFolder(q: string, p: string, at: number, slash: number): boolean {
  if (q.charCodeAt(slash) !== 0x2f) return false;
  for (let k = at; k < slash; k++) if (q.charCodeAt(k) !== p.charCodeAt(k)) return false;
  return true;
}

/** The folder whose files are sorted[from..to), their names starting at `at`. */
function folderText(sorted: string[], from: number, to: number, at: number, top: string[] | null = null): string {
  const entries: [string, string][] = [];
  let groups: Map<string, Names> | null = null;
  // Sibling folders come one after another, and hold the same as the one before, most often.
  let lastText: string | null = null;
  let last: Names | null = null;
  // A folder of one file (a page's folder): its text, made once while the file's name is the same.
  let leafFile = "";
  let leafText = "";
  for (let i = from; i < to; ) {
    const p = sorted[i]!;
    const slash = p.indexOf("/", at);
    if (slash < 0) {
      entries.push([p.slice(at), "1"]);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < to && inFolder(sorted[j]!, p, at, slash)) j++;
    let text: string;
    if (j === i + 1 && p.indexOf("/", slash + 1) < 0) {
      if (p.length - slash - 1 !== leafFile.length || !p.endsWith(leafFile)) {
        leafFile = p.slice(slash + 1);
        leafText = `{${JSON.stringify(leafFile)}:1}`;
      }
      text = leafText;
    } else text = folderText(sorted, i, j, slash + 1);
    if (text !== lastText) {
      groups ??= new Map();
      last = groups.get(text) ?? null;
      if (!last) groups.set(text, (last = new Names()));
      lastText = text;
    }
    last!.add(p, at, slash);
    i = j;
  }
  return folderOf(entries, groups ?? [], top);
}

/**
 * A folder's text: its files (`entries`, each [name, "1"]) and its folders by their text (a
 * folder alone under its name, sibling folders of the same text as a group). `top` receives the
 * folder's names.
 */
export function folderOf(entries: [string, string][], groups: Iterable<[string, Names]>, top: string[] | null = null): string {
  const grouped: [string, string][] = [];
  const many: Names[] = [];
  for (const [text, names] of groups) {
    if (names.size === 1) entries.push([names.all()[0]!, text]);
    else if (names.size > 1) {
      grouped.push([names.text(), text]);
      many.push(names);
    }
  }
  entries.sort(byName);
  if (top) {
    for (const [name] of entries) top.push(name);
    for (const names of many) top.push(...names.all());
  }
  const parts = entries.map(([name, text]) => `${JSON.stringify(name)}:${text}`);
  if (grouped.length > 0) parts.push(`${JSON.stringify(GROUPS)}:[${grouped.sort(byName).map(([names, text]) => `[${names},${text}]`).join(",")}]`);
  return `{${parts.join(",")}}`;
}

/** Folders of a group: names, and runs of numbers as [first, last, first, last, ...] ascending. */
interface Group {
  names: Set<string>;
  runs: number[];
  folder: ListedFolder;
}

/** A folder of a listing: what a build wrote in it. */
export class ListedFolder implements Place {
  private counted = -1;
  constructor(
    private readonly files: ReadonlySet<string>,
    private readonly folders: ReadonlyMap<string, ListedFolder>,
    private readonly groups: readonly Group[],
  ) {}

  file(name: string): boolean {
    return this.files.has(name);
  }

  /** The folder of this name, when the listing has it. */
  folder(name: string): ListedFolder | null {
    const plain = this.folders.get(name);
    if (plain) return plain;
    const n = DECIMAL.test(name) ? Number(name) : -1;
    for (const g of this.groups) if (g.names.has(name) || (n >= 0 && inRuns(g.runs, n))) return g.folder;
    return null;
  }

  /** The files listed here and below (each listed once, as a build lists them). */
  count(): number {
    if (this.counted >= 0) return this.counted;
    let n = this.files.size;
    for (const f of this.folders.values()) n += f.count();
    for (const g of this.groups) {
      let names = g.names.size;
      for (let i = 0; i < g.runs.length; i += 2) names += g.runs[i + 1]! - g.runs[i]! + 1;
      n += names * g.folder.count();
    }
    return (this.counted = n);
  }

  /** Whether a file or a folder of this name is listed here. */
  has(name: string): boolean {
    return this.files.has(name) || this.folder(name) !== null;
  }
}

function inRuns(runs: readonly number[], n: number): boolean {
  let lo = 0;
  let hi = runs.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (n < runs[2 * mid]!) hi = mid - 1;
    else if (n > runs[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/**
 * A listing read back (the JSON value of listingText), each name checked against the places a
 * build writes (`place`: output-layout.ts); null when it names anything else, or is not a listing.
 * A place treats every all-digit name alike, so a run of numbers is checked by its first.
 */
export function readListing(value: unknown, place: Place): ListedFolder | null {
  if (!isObject(value)) return null;
  const files = new Set<string>();
  const folders = new Map<string, ListedFolder>();
  const groups: Group[] = [];
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (key === GROUPS) {
      if (!Array.isArray(v)) return null;
      for (const g of v as unknown[]) {
        const group = readGroup(g, place);
        if (!group) return null;
        groups.push(group);
      }
      continue;
    }
    if (!plainName(key)) return null;
    if (v === 1) {
      if (!place.file(key)) return null;
      files.add(key);
      continue;
    }
    const inner = place.folder(key);
    const folder = inner && readListing(v, inner);
    if (!folder) return null;
    folders.set(key, folder);
  }
  return new ListedFolder(files, folders, groups);
}

function readGroup(g: unknown, place: Place): Group | null {
  if (!Array.isArray(g) || g.length !== 2 || !Array.isArray(g[0]) || g[0].length === 0) return null;
  const names = new Set<string>();
  const runs: [number, number][] = [];
  /** Where the group's names lead: each distinct place checks the folder once. */
  const places = new Set<Place>();
  for (const n of g[0] as unknown[]) {
    let first: string;
    if (typeof n === "string") {
      names.add((first = n));
      if (!plainName(n)) return null;
    } else if (isCount(n)) {
      runs.push([n, n]);
      first = String(n);
    } else if (Array.isArray(n) && n.length === 2 && isCount(n[0]) && isCount(n[1]) && n[0] <= n[1]) {
      runs.push([n[0], n[1]]);
      first = String(n[0]);
    } else return null;
    const inner = place.folder(first);
    if (!inner) return null;
    places.add(inner);
  }
  let folder: ListedFolder | null = null;
  for (const inner of places) {
    folder = readListing(g[1], inner);
    if (!folder) return null;
  }
  runs.sort((a, b) => a[0] - b[0]);
  return { names, runs: runs.flat(), folder: folder! };
}
