// Finds the keys a strict object schema allows at a path of an input, to suggest a spelling.
import type { z } from "zod";
import type { KeyPath } from "../model/diagnostics.js";

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType, input: unknown): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (def.innerType) s = def.innerType;
    else if (def.type === "pipe" && def.in) s = def.in;
    else if (def.type === "union" && def.options) {
      const type = input && typeof input === "object" ? (input as Record<string, unknown>).type : undefined;
      const match = def.options.find((o) => {
        const lit = defOf(o).shape?.type;
        const values = lit ? (defOf(lit) as { values?: unknown[] }).values : undefined;
        return values?.includes(type);
      });
      if (!match) return s;
      s = match;
    } else return s;
  }
}

export function allowedKeysAt(schema: z.ZodType, input: unknown, path: KeyPath): string[] {
  let s = unwrap(schema, input);
  let value = input;
  for (const key of path) {
    const def = defOf(s);
    value = value && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined;
    if (def.type === "object" && def.shape && typeof key === "string" && def.shape[key]) s = unwrap(def.shape[key], value);
    else if (def.type === "array" && def.element) s = unwrap(def.element, value);
    else return [];
  }
  const def = defOf(s);
  return def.type === "object" && def.shape ? Object.keys(def.shape) : [];
}
