// Checks each loaded file against its zod schema; array files item by item, so one bad item
// does not hide the others (nor make every reference to them look dangling).
import { z } from "zod";
import type { Diagnostic, KeyPath } from "../model/diagnostics.js";
import { issueToDiagnostics } from "./zod-messages.js";
import { allowedKeysAt } from "./schema-keys.js";

export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  diagnostics: Diagnostic[],
  base: KeyPath,
  compileAfter: number,
): z.infer<S> | null {
  const fast = compiledAfterUse(schema, compileAfter);
  if (fast) {
    const quick = fast.safeParse(data);
    if (quick.success) return quick.data;
  }
  // Issues that quote their input (for the messages) cost zod its fast path: only a failure asks for them.
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    diagnostics.push(...issueToDiagnostics(file, issue, (p) => allowedKeysAt(schema, data, p), base));
  }
  return null;
}

/**
 * A schema parsed `compileAfter` times in a thread is compiled (zod's `z.compile`: a parser made
 * for the schema, with zod's own parser behind it for what it does not model): an event page's
 * check then takes a fraction of the time, and compiling costs about what the parser spends on
 * its first pages, so a rebuild of a few pages never pays for it. Only a success is taken from
 * the compiled parser: a failure is parsed again by zod's, for its issues.
 */
const uses = new WeakMap<z.ZodType, number>();
const compiled = new WeakMap<z.ZodType, z.ZodType>();

/** The compiled schema once `schema` has been parsed often enough here, else null. */
function compiledAfterUse<S extends z.ZodType>(schema: S, compileAfter: number): S | null {
  const done = compiled.get(schema) as S | undefined;
  if (done) return done;
  const n = (uses.get(schema) ?? 0) + 1;
  uses.set(schema, n);
  if (n < compileAfter) return null;
  const made = z.compile(schema);
  compiled.set(schema, made);
  return made;
}

export interface ParsedItems<T> {
  /** The valid items, each with its index in the file. */
  items: { index: number; value: T }[];
  /**
   * Ids of items that failed their schema but name an id: references to them are not reported
   * again; "all" when the file itself is not an array (no reference to it can be checked).
   */
  brokenIds: Set<number> | "all";
}

export function parseArrayFile<S extends z.ZodType>(
  itemSchema: S,
  data: unknown,
  file: string,
  what: string,
  diagnostics: Diagnostic[],
  compileAfter: number,
): ParsedItems<z.infer<S>> {
  const broken = new Set<number>();
  const out: ParsedItems<z.infer<S>> = { items: [], brokenIds: broken };
  if (!Array.isArray(data)) {
    diagnostics.push({ severity: "error", file, path: [], message: `must be an array of ${what} ([{...}, ...])` });
    return { items: [], brokenIds: "all" };
  }
  data.forEach((item, index) => {
    const parsed = parseWith(itemSchema, item, file, diagnostics, [index], compileAfter);
    if (parsed !== null) out.items.push({ index, value: parsed });
    else {
      // An id written as a string ("2") still names the item editors refer to.
      const itemId = Number((item as { id?: unknown } | null)?.id);
      if (Number.isInteger(itemId)) broken.add(itemId);
    }
  });
  return out;
}
