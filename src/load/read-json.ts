// Reads one JSON source file; a syntax error becomes a diagnostic with line and column.
import { readFileSync } from "node:fs";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
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
  } catch {
    // JSON.parse does not always say where (Node 20's "Unexpected token" has no position): a
    // second, error-collecting parser finds the first problem's offset and names it.
    const errors: ParseError[] = [];
    parse(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const position = first ? first.offset : body.trimEnd().length;
    const { line, column } = lineAndColumn(body, position);
    const reason = first ? describeJsonError(printParseErrorCode(first.error)) : "the file is not valid JSON";
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

/** "CommaExpected" → "comma expected". */
function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words === "invalid symbol" ? "unexpected character" : words;
}

/** Synchronous: a source is a few kilobytes, and fs/promises costs more per file than the read. */
export function readJsonFile(absolute: string, file: string): ReadResult {
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch (e) {
    return { ok: false, diagnostic: error(file, [], `cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`) };
  }
  return parseJsonText(text, file);
}
