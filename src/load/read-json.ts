// Reads one JSON source file; a syntax error becomes a diagnostic with line and column.
import { readFile } from "node:fs/promises";
import { error, type Diagnostic } from "../diagnostics.js";

export type ReadResult = { ok: true; data: unknown } | { ok: false; diagnostic: Diagnostic };

export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

/** Parses JSON text; `file` is only used to name the file in the diagnostic. */
export function parseJsonText(text: string, file: string): ReadResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, data: JSON.parse(body) };
  } catch (e) {
    const raw = (e as Error).message;
    const pos = /at position (\d+)/.exec(raw);
    const position = pos ? Number(pos[1]) : body.trimEnd().length;
    const { line, column } = lineAndColumn(body, position);
    const reason = raw
      .replace(/\s*\(line \d+ column \d+\)/, "")
      .replace(/,? in JSON at position \d+/, "")
      .replace(/^JSON\.parse: /, "")
      .replace(/\s*"[^"]*"\s*is not valid JSON$/, " is not valid JSON");
    const empty = body.trim() === "";
    return {
      ok: false,
      diagnostic: error(
        file,
        [],
        empty
          ? "the file is empty; it must hold one JSON value"
          : `invalid JSON at line ${line}, column ${column}: ${reason}; fix the syntax there (a missing comma, quote or bracket is the usual cause)`,
      ),
    };
  }
}

export async function readJsonFile(absolute: string, file: string): Promise<ReadResult> {
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (e) {
    return { ok: false, diagnostic: error(file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`) };
  }
  return parseJsonText(text, file);
}
