// The build checks what it is about to write against the API's response schemas, key order
// included, so that a regression fails the build instead of reaching clients.
import type { z } from "zod";

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function keyOrderProblem(schema: z.ZodType, value: unknown, at: string): string | null {
  let def = defOf(schema);
  while (def.innerType) def = defOf(def.innerType);
  if (value === null || typeof value !== "object") return null;
  if (def.type === "array" && def.element && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = keyOrderProblem(def.element, value[i], `${at}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (def.type === "object" && def.shape) {
    const expected = Object.keys(def.shape).join(",");
    const actual = Object.keys(value).join(",");
    if (expected !== actual) return `${at || "(root)"}: keys in order ${actual}, expected ${expected}`;
    for (const [key, child] of Object.entries(def.shape)) {
      const p = keyOrderProblem(child, (value as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
      if (p) return p;
    }
  }
  return null;
}

/** Returns null when the document fits its schema, else why it does not. */
export function checkDocument(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return `${issue.path.join(".") || "(root)"}: ${issue.message}`;
  }
  return keyOrderProblem(schema, value, "");
}
