// Reads what a content schema (zod) says of one key, for the admin's form generator: the type
// under its wrappers, whether the key may be left out, its description and metadata, its patterns
// and bounds. zod's own definitions are read (`_zod.def`), as validate/schema-keys.ts
// reads them: the JSON Schema export keeps the patterns but drops their messages.
import { z } from "zod";

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
  error?: (issue: unknown) => unknown;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** What a key's schema says, its wrappers taken off. */
export interface KeyRead {
  /** The schema under optional, default, nullable and a pipe's input (a transform's source). */
  core: z.ZodType;
  /** zod's name of its type: string, number, boolean, object, array, union, literal, ... */
  type: string;
  /** Whether the key may be left out (optional, or defaulted: the build applies the default). */
  optional: boolean;
  /** The one-line description (`.describe`, `.meta({description})`): the outermost one. */
  description?: string;
  /** Every level's metadata, the outer levels' winning. */
  meta: Record<string, unknown>;
}

/** Reads a key's schema. */
export function readKey(schema: z.ZodType): KeyRead {
  let s = schema;
  let optional = false;
  let meta: Record<string, unknown> = {};
  for (;;) {
    meta = { ...(z.globalRegistry.get(s) ?? {}), ...meta };
    const def = defOf(s);
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    if (def.innerType) s = def.innerType;
    else if (def.type === "pipe" && def.in) s = def.in;
    else break;
  }
  const description = typeof meta.description === "string" ? meta.description : undefined;
  return { core: s, type: defOf(s).type, optional, ...(description ? { description } : {}), meta };
}

/**
 * The metadata as first given with `key`, before copies of the schema added to it (a key's own
 * `.describe()`): the timestamp's general description rather than one key's.
 */
export function originMeta(core: z.ZodType, key: string): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (let s: z.ZodType | undefined = core; s; s = (s as unknown as { _zod: { parent?: z.ZodType } })._zod.parent) {
    const meta = z.globalRegistry.get(s) as Record<string, unknown> | undefined;
    if (!meta || !(key in meta)) break;
    found = meta;
  }
  return found;
}

/** An object's keys and their schemas (null for anything else). */
export const shapeOf = (core: z.ZodType): Record<string, z.ZodType> | null => defOf(core).shape ?? null;

/** An array's element schema. */
export const elementOf = (core: z.ZodType): z.ZodType | null => defOf(core).element ?? null;

/** A discriminated union's key and its options (null for any other union). */
export function unionOf(core: z.ZodType): { discriminator: string; options: z.ZodType[] } | null {
  const { discriminator, options } = defOf(core);
  return discriminator && options ? { discriminator, options } : null;
}

/** A literal's single value. */
export function literalOf(core: z.ZodType): unknown {
  const values = defOf(core).values;
  if (!values || values.length !== 1) throw new Error("expected a literal of one value");
  return values[0];
}

/** A string's regular expressions, each with the message the schema gives when it does not match. */
export function patternsOf(core: z.ZodType): { pattern: RegExp; message: string }[] {
  const out: { pattern: RegExp; message: string }[] = [];
  for (const check of defOf(core).checks ?? []) {
    const def = check._zod.def;
    if (def.check !== "string_format" || def.format !== "regex" || !def.pattern) continue;
    const said = def.error?.({ code: "invalid_format", format: "regex", input: "" });
    const message = typeof said === "string" ? said : (said as { message?: string } | undefined)?.message;
    out.push({ pattern: def.pattern, message: message ?? `must match ${def.pattern.source}` });
  }
  return out;
}

/** A number's kind and the bounds its checks give (`.positive()`, `.min(n)`, ...); an exclusive bound of a number that is not whole is left to the build. */
export function numberOf(core: z.ZodType): { integer: boolean; min?: number; max?: number } {
  const def = defOf(core);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const integer = [def.format, ...checks.filter((c) => c.check === "number_format").map((c) => c.format)].some((f) => (f ?? "").includes("int"));
  const step = integer ? 1 : null;
  const bound = (check: string, sign: 1 | -1): number[] =>
    checks
      .filter((c) => c.check === check && (c.inclusive || step !== null))
      .map((c) => (c.inclusive ? c.value! : c.value! + sign * step!));
  const lows = bound("greater_than", 1);
  const highs = bound("less_than", -1);
  return { integer, ...(lows.length ? { min: Math.max(...lows) } : {}), ...(highs.length ? { max: Math.min(...highs) } : {}) };
}
