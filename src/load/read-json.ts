// Reads one JSON source file: a syntax error or a key written twice becomes a diagnostic with
// its line and column (both found by jsonc-parser, which reports offsets).
import { parse, printParseErrorCode, visit, type ParseError } from "jsonc-parser";
import { error, type Diagnostic, type KeyPath } from "../diagnostics.js";
import { positionAt } from "./position.js";

export type ParseResult = { ok: true; data: unknown; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/** An error at an offset of the text, located at once (the parser gave the offset). */
export function errorAt(file: string, path: KeyPath, message: string, text: string, offset: number): Diagnostic {
  return { ...error(file, path, message), ...positionAt(text, offset) };
}

/** Parses JSON text (a byte-order mark already removed); `file` only names the file in diagnostics. */
export function parseJsonText(text: string, file: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // JSON.parse does not always say where (Node 20's "Unexpected token" has no position): a
    // second, error-collecting parser finds the first problem's offset and names it.
    if (text.trim() === "") return { ok: false, diagnostics: [error(file, [], "the file is empty; it must hold one JSON value")] };
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first ? first.offset : text.trimEnd().length;
    const { line, column } = positionAt(text, offset);
    const reason = first ? describeJsonError(printParseErrorCode(first.error)) : "the file is not valid JSON";
    const message = `invalid JSON at line ${line}, column ${column}: ${reason}; ${fixFor(text, offset, reason)}`;
    return { ok: false, diagnostics: [errorAt(file, [], message, text, offset)] };
  }
  return { ok: true, data, diagnostics: findDuplicateKeys(text, file) };
}

/**
 * JSON.parse keeps the last of two equal keys without a word, so an editor's second "venue"
 * silently wins: every key written twice in one object is an error at its second spelling.
 */
function findDuplicateKeys(text: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const objects: Map<string, number>[] = [];
  visit(text, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, offset, _length, startLine, startCharacter, pathSupplier) => {
      const seen = objects[objects.length - 1]!;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, startLine + 1);
        return;
      }
      found.push({
        ...error(file, [...pathSupplier(), key], duplicateKeyMessage(key, first, "JSON")),
        ...positionAt(text, offset),
        column: startCharacter + 1,
      });
    },
  });
  return found;
}

export function duplicateKeyMessage(key: string, firstLine: number, format: "JSON" | "YAML"): string {
  const keeps = format === "JSON" ? "JSON keeps only the last one, silently" : "only one of them can count";
  return `the key "${key}" is written twice in this object (first at line ${firstLine}); ${keeps}: remove one of the two`;
}

/** What to do: the two mistakes JSON refuses that other formats allow get their own words. */
function fixFor(text: string, offset: number, reason: string): string {
  if (reason === "a comment") return "JSON allows no comments: remove it (a YAML file may have them)";
  if (/(property name|value) expected/.test(reason) && /,\s*$/.test(text.slice(0, offset)) && /^[}\]]/.test(text.slice(offset))) {
    return "JSON allows no comma after the last item: remove it";
  }
  return "fix the syntax there (a missing comma, quote or bracket is the usual cause)";
}

/** "CommaExpected" → "comma expected". */
function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words === "invalid symbol" ? "unexpected character" : words === "invalid comment token" ? "a comment" : words;
}
