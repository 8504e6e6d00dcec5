// Turns zod issues into diagnostics an editor understands: the key, what was expected, what was found.
import type { z } from "zod";
import { error, type Diagnostic, type KeyPath } from "../model/diagnostics.js";

const ARTICLE: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "a string (text in double quotes)",
  boolean: "true or false",
  array: "an array ([...])",
  object: "an object ({...})",
  null: "null",
};

export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": {
      const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
      return `the string ${JSON.stringify(shown)}`;
    }
    case "number":
      return Number.isInteger(value) ? `the number ${value}` : `the number ${value}`;
    case "boolean":
      return String(value);
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

const isYaml = (file: string) => /\.ya?ml$/.test(file);

/**
 * YAML decides a value's type from how it is written: an unquoted 2026, 19.30 or true is not text,
 * an empty value is null, and (YAML 1.2) yes/no/on/off are text, not booleans. Say how to write it.
 */
function yamlHint(expected: string, input: unknown): string {
  if (expected === "string" && input === null) return "; in YAML an empty value (or ~, or null) is null: write the text after the colon";
  if (expected === "string" && (typeof input === "number" || typeof input === "boolean")) {
    return `; YAML reads an unquoted ${String(input)} as a ${typeof input}: put the value in quotes, such as "${String(input)}", to keep it as text`;
  }
  if (expected === "boolean" && typeof input === "string") return "; YAML reads only true and false (without quotes) as true or false";
  if ((expected === "int" || expected === "number") && typeof input === "string") return "; write the number without quotes";
  return "";
}

/** The keys a strict object schema allows at a path of the input (for "did you mean"). */
export type AllowedKeys = (path: KeyPath) => readonly string[];

export function issueToDiagnostics(
  file: string,
  issue: z.core.$ZodIssue,
  allowedKeys: AllowedKeys,
  base: KeyPath = [],
): Diagnostic[] {
  const path: KeyPath = [...base, ...(issue.path as (string | number)[])];
  const input = (issue as { input?: unknown }).input;
  // JSON has no undefined: an undefined input is a key that is not there.
  const hasInput = input !== undefined;
  const custom = !issue.message.startsWith("Invalid") && !issue.message.startsWith("Too ");
  switch (issue.code) {
    case "unrecognized_keys": {
      const allowed = allowedKeys(issue.path as KeyPath);
      return issue.keys.map((key) => {
        const guess = closest(key, allowed);
        const hint = guess
          ? `did you mean "${guess}"?`
          : `remove it or check the spelling${allowed.length ? `; the allowed keys here are ${allowed.join(", ")}` : ""}`;
        return error(file, [...path, key], `unknown key "${key}": ${hint}`);
      });
    }
    case "invalid_type": {
      if (!hasInput) return [error(file, path, `is required but missing; add it`)];
      const article = issue.expected === "string" && isYaml(file) ? "text" : (ARTICLE[issue.expected] ?? issue.expected);
      const expected = custom ? issue.message : `must be ${article}`;
      return [error(file, path, `${expected}, found ${describeValue(input)}${isYaml(file) ? yamlHint(issue.expected, input) : ""}`)];
    }
    case "invalid_union": {
      const u = issue as { discriminator?: string; options?: unknown[] };
      if (u.discriminator) {
        const options = (u.options ?? []).map(String).join(", ");
        const found = input && typeof input === "object" ? (input as Record<string, unknown>)[u.discriminator] : undefined;
        const what = found === undefined ? `is required but missing` : `${describeValue(found)} is not a known ${u.discriminator}`;
        return [error(file, path, `${what}; the allowed ${u.discriminator}s are ${options}`)];
      }
      return [error(file, path, `does not match any allowed form, found ${describeValue(input)}`)];
    }
    case "invalid_value": {
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(", ");
      return [error(file, path, `must be one of ${allowed}, found ${describeValue(input)}`)];
    }
    default: {
      const message = custom ? issue.message : issue.message.replace(/^Invalid input: /, "");
      const found = hasInput && (typeof input !== "object" || input === null) ? `, found ${describeValue(input)}` : "";
      return [error(file, path, `${message}${found}`)];
    }
  }
}
