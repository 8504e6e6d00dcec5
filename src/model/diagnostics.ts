// The one diagnostic shape of the pipeline: every stage reports problems this way, none throws.

export type KeyPath = readonly (string | number)[];

export interface Diagnostic {
  severity: "error" | "warning";
  /** File as the user names it (relative to the working directory where possible). */
  file: string;
  /** Path of the key inside the file; empty for the file as a whole. */
  path: KeyPath;
  message: string;
  /** Where in the file (1-based; column in UTF-16 code units, as editors count): found only when reported. */
  line?: number;
  column?: number;
  /** The text of that line, for the code frame under the message. */
  sourceLine?: string;
}

export function error(file: string, path: KeyPath, message: string): Diagnostic {
  return { severity: "error", file, path, message };
}

export function warning(file: string, path: KeyPath, message: string): Diagnostic {
  // Flat: a build keeps its warnings to the end, and a template's message is a tree of its pieces.
  return { severity: "warning", file, path, message: JSON.parse(JSON.stringify(message)) as string };
}

/** `performances[2].datetime`, as an editor reads it. */
export function formatKeyPath(path: KeyPath): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** `content/events/hamlet.json:12:7`, or the file alone when the problem has no place in it. */
export function formatLocation(d: Diagnostic): string {
  return d.line !== undefined && d.column !== undefined ? `${d.file}:${d.line}:${d.column}` : d.file;
}

/** One line: `[warning: ]file[:line:column]: [key path: ]message`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.path.length > 0 ? `${formatLocation(d)}: ${formatKeyPath(d.path)}: ` : `${formatLocation(d)}: `;
  return `${d.severity === "warning" ? "warning: " : ""}${where}${d.message}`;
}

function comparePaths(a: KeyPath, b: KeyPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Stable order, as an editor reads the file: by file, then line and column where they are known
 * (a problem of the whole file first), then key path (array indexes numerically), then message.
 */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      comparePaths(a.path, b.path) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}

/** `3 errors in 2 files` (warnings counted apart). */
export function summarize(list: readonly Diagnostic[]): string {
  const errors = list.filter((d) => d.severity === "error");
  const warnings = list.length - errors.length;
  const files = new Set(errors.map((d) => d.file)).size;
  const parts: string[] = [];
  if (errors.length > 0) {
    parts.push(`${plural(errors.length, "error")} in ${plural(files, "file")}`);
  }
  if (warnings > 0) parts.push(plural(warnings, "warning"));
  return parts.join(", ") || "no problems";
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What a step of the build returns: its value, and the problems it found. */
export interface Step<T> {
  value: T;
  diagnostics: Diagnostic[];
}
