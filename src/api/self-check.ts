// The build checks what it is about to write against the API's response schemas, key order
// included, so that a regression fails the build instead of reaching clients.
import type { z } from "zod";

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A schema reduced to what the key-order walk needs, worked out once per schema, not per document. */
type Shape = { kind: "object"; keys: string[]; joined: string; children: Shape[] } | { kind: "array"; element: Shape } | { kind: "other" };
const shapes = new WeakMap<z.ZodType, Shape>();

function shapeOf(schema: z.ZodType): Shape {
  let shape = shapes.get(schema);
  if (shape) return shape;
  let def = defOf(schema);
  while (def.innerType) def = defOf(def.innerType);
  if (def.type === "array" && def.element) shape = { kind: "array", element: shapeOf(def.element) };
  else if (def.type === "object" && def.shape) {
    const keys = Object.keys(def.shape);
    shape = { kind: "object", keys, joined: keys.join(","), children: keys.map((k) => shapeOf(def.shape![k]!)) };
  } else shape = { kind: "other" };
  shapes.set(schema, shape);
  return shape;
}

function sameKeys(expected: string[], value: object): boolean {
  let i = 0;
  for (const key in value) {
    if (expected[i] !== key) return false;
    i++;
  }
  return i === expected.length;
}

function keyOrderProblem(shape: Shape, value: unknown, at: string): string | null {
  if (value === null || typeof value !== "object" || shape.kind === "other") return null;
  if (shape.kind === "array") {
    if (!Array.isArray(value)) return null;
    for (let i = 0; i < value.length; i++) {
      const p = keyOrderProblem(shape.element, value[i], `${at}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (Array.isArray(value)) return null;
  if (!sameKeys(shape.keys, value)) return `${at || "(root)"}: keys in order ${Object.keys(value).join(",")}, expected ${shape.joined}`;
  for (let i = 0; i < shape.keys.length; i++) {
    const key = shape.keys[i]!;
    const p = keyOrderProblem(shape.children[i]!, (value as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
    if (p) return p;
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
  return keyOrderProblem(shapeOf(schema), value, "");
}
