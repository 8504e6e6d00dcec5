// Checks each loaded file against its zod schema; array files item by item, so one bad item
// does not hide the others (nor make every reference to them look dangling).
import type { z } from "zod";
import type { Diagnostic, KeyPath } from "../diagnostics.js";
import { issueToDiagnostics } from "./zod-messages.js";
import { allowedKeysAt } from "./schema-keys.js";

export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  diagnostics: Diagnostic[],
  base: KeyPath = [],
): z.infer<S> | null {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    diagnostics.push(...issueToDiagnostics(file, issue, (p) => allowedKeysAt(schema, data, p), base));
  }
  return null;
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
): ParsedItems<z.infer<S>> {
  const broken = new Set<number>();
  const out: ParsedItems<z.infer<S>> = { items: [], brokenIds: broken };
  if (!Array.isArray(data)) {
    diagnostics.push({ severity: "error", file, path: [], message: `must be an array of ${what} ([{...}, ...])` });
    return { items: [], brokenIds: "all" };
  }
  data.forEach((item, index) => {
    const parsed = parseWith(itemSchema, item, file, diagnostics, [index]);
    if (parsed !== null) out.items.push({ index, value: parsed });
    else {
      // An id written as a string ("2") still names the item editors refer to.
      const itemId = Number((item as { id?: unknown } | null)?.id);
      if (Number.isInteger(itemId)) broken.add(itemId);
    }
  });
  return out;
}
