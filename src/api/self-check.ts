// The build checks what it is about to write against the API's response schemas, key order
// included, so that a regression fails the build instead of reaching clients. Each zod schema is
// exported to JSON Schema (as for the OpenAPI description) and compiled by ajv, which checks a
// large document several times faster than zod walks it (a build checks every page); zod is asked
// only to word a failure. Compiling them cost every thread of every build a noticeable start, so
// the package's build compiles them once (scripts/compile-validators.mjs, into lib/api/validators.cjs);
// a validator compiled from other schemas than these is never used, and any schema without one is
// compiled here.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import { z } from "zod";
import * as schemas from "./schemas.js";
import { moduleUrl } from "../package-files.js";
import { serialize } from "../runtime/serialize.js";

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

/** Where a key path points, built only when a problem is found (a clean walk allocates no paths). */
type At = { parent: At | null; step: string | number } | null;
function pathOf(at: At): string {
  let out = "";
  for (let a = at; a; a = a.parent) out = typeof a.step === "number" ? `[${a.step}]${out}` : `${a.parent ? "." : ""}${a.step}${out}`;
  return out;
}

function keyOrderProblem(shape: Shape, value: unknown, at: At): string | null {
  if (value === null || typeof value !== "object" || shape.kind === "other") return null;
  if (shape.kind === "array") {
    if (!Array.isArray(value)) return null;
    if (shape.element.kind === "other") return null;
    for (let i = 0; i < value.length; i++) {
      const p = keyOrderProblem(shape.element, value[i], { parent: at, step: i });
      if (p) return p;
    }
    return null;
  }
  if (Array.isArray(value)) return null;
  if (!sameKeys(shape.keys, value)) return `${pathOf(at) || "(root)"}: keys in order ${Object.keys(value).join(",")}, expected ${shape.joined}`;
  for (let i = 0; i < shape.keys.length; i++) {
    const child = shape.children[i]!;
    if (child.kind === "other") continue;
    const key = shape.keys[i]!;
    const p = keyOrderProblem(child, (value as Record<string, unknown>)[key], { parent: at, step: key });
    if (p) return p;
  }
  return null;
}

/** The JSON Schema a response schema is checked by. */
export const jsonSchemaOf = (schema: z.ZodType): object => withDiscriminators(z.toJSONSchema(schema, { target: "draft-2020-12", io: "output" }));
export const AJV_OPTIONS = { strict: false, allErrors: false, discriminator: true } as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// zod writes a discriminated union (a block, by its `type`) as a bare `oneOf`, which ajv checks
// against every alternative, making an error object for each that does not fit; marked with
// ajv's `discriminator`, a value is checked against its own alternative alone.
function withDiscriminators<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withDiscriminators) as T;
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withDiscriminators(value as Json);
  const tag = Array.isArray(out.oneOf) ? tagOf(out.oneOf) : null;
  if (tag) out.discriminator = { propertyName: tag };
  return out as T;
}

/** The property every alternative requires with a constant of its own, if there is one. */
function tagOf(alternatives: Json[]): string | null {
  const first = alternatives[0] as { properties?: Record<string, { const?: Json }> } | undefined;
  for (const name of Object.keys(first?.properties ?? {})) {
    const tagged = alternatives.every((a) => {
      const alternative = a as { properties?: Record<string, { const?: Json }>; required?: string[] };
      return typeof alternative.properties?.[name]?.const === "string" && alternative.required?.includes(name);
    });
    if (tagged) return name;
  }
  return null;
}

/** Every response schema by a stable name (`eventDetailSchema`; a list's item: `listSchema.items`): how the precompiled validators are found. */
export function namedSchemas(): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  for (const [name, value] of Object.entries(schemas)) {
    if (!(value instanceof z.ZodType)) continue;
    named.set(name, value);
    const items = value instanceof z.ZodObject ? (value.shape as Record<string, unknown>).items : undefined;
    if (items instanceof z.ZodArray) named.set(`${name}.items`, items.element as z.ZodType);
  }
  return named;
}

/** What the validators are compiled from: the schemas' module and zod's version (its JSON Schema export). */
export function schemaFingerprint(): string {
  const zodVersion = (createRequire(import.meta.url)("zod/package.json") as { version: string }).version;
  return createHash("sha1").update(readFileSync(moduleUrl("api/schemas.js"))).update(zodVersion).digest("hex");
}

/** The precompiled validators by schema, when lib/api/validators.cjs was compiled from these schemas; else empty. */
function loadPrecompiled(): Map<z.ZodType, ValidateFunction> {
  const found = new Map<z.ZodType, ValidateFunction>();
  try {
    const compiled = createRequire(moduleUrl("api/self-check.js"))("./validators.cjs") as { fingerprint: string; validators: Record<string, ValidateFunction> };
    if (compiled.fingerprint !== schemaFingerprint()) return found;
    for (const [name, schema] of namedSchemas()) {
      const validate = compiled.validators[name];
      if (validate) found.set(schema, validate);
    }
  } catch {
    // None (the TypeScript sources, or a build that did not compile them): each is compiled here.
  }
  return found;
}

let ajv: Ajv2020 | null = null;
let validators: Map<z.ZodType, ValidateFunction> | null = null;

export function validatorOf(schema: z.ZodType): ValidateFunction {
  validators ??= loadPrecompiled();
  let validate = validators.get(schema);
  if (!validate) {
    // Loaded only here: with the precompiled validators, a build never needs ajv's compiler (80 modules).
    ajv ??= new (createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(AJV_OPTIONS);
    validate = ajv.compile(jsonSchemaOf(schema));
    validators.set(schema, validate);
  }
  return validate;
}

/** The build's own output does not fit the API: a bug, which fails the build. */
export class SelfCheckFailed extends Error {
  override name = "SelfCheckFailed";
}

/** Why a build failed its self-check, in the same words whichever thread found it. */
export const selfCheckFailure = (what: string, problem: string): SelfCheckFailed =>
  new SelfCheckFailed(`the ${what} does not match the API's response shape (${problem}); this is a bug in build-catalogue, please report it with the content that caused it`);

let byName: Map<string, z.ZodType> | null = null;
let nameOf: Map<z.ZodType, string> | null = null;

/** The name namedSchemas gives a response schema: how another thread finds it again (checkWritten). */
export function schemaName(schema: z.ZodType): string {
  nameOf ??= new Map([...namedSchemas()].map(([name, s]) => [s, name]));
  const name = nameOf.get(schema);
  if (name === undefined) throw new Error("not one of the API's response schemas");
  return name;
}

/**
 * Checks a document as written: its text parsed again, against the response schema of that name
 * (see namedSchemas). The write thread checks the event details this way (write-worker.ts), so
 * the builder's thread need not; what it checks is the very text a client gets.
 */
export function checkWritten(schemaName: string, text: string, what: string): void {
  byName ??= namedSchemas();
  const schema = byName.get(schemaName);
  if (!schema) throw new Error(`no response schema named ${schemaName}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw selfCheckFailure(what, `not JSON: ${(e as Error).message}`);
  }
  const problem = checkDocument(schema, value);
  if (problem) throw selfCheckFailure(what, problem);
}

/** Returns null when the document fits its schema, else why it does not. */
export function checkDocument(schema: z.ZodType, value: unknown): string | null {
  const validate = validatorOf(schema);
  if (!validate(value)) {
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return `${issue.path.join(".") || "(root)"}: ${issue.message}`;
    }
    const e = validate.errors![0]!;
    return `${e.instancePath.slice(1).replace(/\//g, ".") || "(root)"}: ${e.message ?? "does not fit"}`;
  }
  return keyOrderProblem(shapeOf(schema), value, null);
}

/** The document serialized, once it fits its response schema (else the build fails: a bug). */
export function checked(schema: z.ZodType, value: unknown, what: string): string {
  const problem = checkDocument(schema, value);
  if (problem) throw selfCheckFailure(what, problem);
  return serialize(value);
}
