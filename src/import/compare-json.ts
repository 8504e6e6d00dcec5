// Where two JSON texts differ, by key path: values, keys present in one alone, key order, and,
// when the values are the same, the first byte that is not.
import { formatKeyPath, type KeyPath } from "../model/diagnostics.js";

export interface Difference {
  /** The key path inside the document (`performances[0].is_past`); "" for the document itself. */
  path: string;
  message: string;
}

const shown = (v: unknown) => {
  const s = v === undefined ? "nothing" : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function walk(read: unknown, built: unknown, at: KeyPath, out: Difference[], limit: number): void {
  if (out.length >= limit) return;
  const here = formatKeyPath(at);
  if (Array.isArray(read) && Array.isArray(built)) {
    if (read.length !== built.length) out.push({ path: here, message: `${read.length} items read, ${built.length} built` });
    for (let i = 0; i < Math.min(read.length, built.length); i++) walk(read[i], built[i], [...at, i], out, limit);
    return;
  }
  if (isObject(read) && isObject(built)) {
    const readKeys = Object.keys(read);
    const builtKeys = Object.keys(built);
    for (const k of readKeys) if (!(k in built)) out.push({ path: formatKeyPath([...at, k]), message: `read ${shown(read[k])}, the build has no such key` });
    for (const k of builtKeys) if (!(k in read)) out.push({ path: formatKeyPath([...at, k]), message: `the build has ${shown(built[k])}, the API has no such key` });
    const common = readKeys.filter((k) => k in built);
    const builtOrder = builtKeys.filter((k) => k in read);
    if (common.join("\0") !== builtOrder.join("\0")) out.push({ path: here, message: `keys in another order: read ${common.join(", ")}; built ${builtOrder.join(", ")}` });
    for (const k of common) walk(read[k], built[k], [...at, k], out, limit);
    return;
  }
  if (read !== built) out.push({ path: here, message: `read ${shown(read)}, built ${shown(built)}` });
}

/** The differences between the text read and the text built (none when they are the same bytes). */
export function jsonDifferences(readText: string, builtText: string, limit = 8): Difference[] {
  if (readText === builtText) return [];
  let read: unknown;
  let built: unknown;
  try {
    read = JSON.parse(readText);
    built = JSON.parse(builtText);
  } catch {
    return [{ path: "", message: "one of the two is not JSON" }];
  }
  const out: Difference[] = [];
  walk(read, built, [], out, limit);
  if (out.length > 0) return out.slice(0, limit);
  return [writtenDifferently(readText, builtText)];
}

/** Where two texts of the same values first differ. */
export function writtenDifferently(readText: string, builtText: string): Difference {
  let i = 0;
  while (i < readText.length && readText[i] === builtText[i]) i++;
  return { path: "", message: `the same values written differently from character ${i}: read ${shown(readText.slice(i, i + 30))}, built ${shown(builtText.slice(i, i + 30))}` };
}
