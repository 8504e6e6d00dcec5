// The response validators the package's build compiles once (lib/api/validators.cjs): the build
// uses them, and they judge every document as validators compiled from the schemas now would.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { fullerEventDetailSchema } from "../../lib/api/schemas.js";
import { AJV_OPTIONS, jsonSchemaOf, namedSchemas, validatorOf } from "../../lib/api/self-check.js";
import { FIXTURES, ROOT } from "../helpers/cli.js";

/** Every JSON document of the golden outputs, and each list's items. */
function documents(): unknown[] {
  const found: unknown[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".json") && !p.includes(`${path.sep}_query${path.sep}`)) {
        const doc = JSON.parse(readFileSync(p, "utf8")) as { items?: unknown[] };
        found.push(doc, ...(Array.isArray(doc.items) ? doc.items : []));
      }
    }
  };
  for (const golden of ["good/spec-example/expected", "good/edge/expected"]) walk(path.join(FIXTURES, golden));
  return found;
}

/** Each document, and copies with a key gone, a value of another type and a key added. */
function withMutations(docs: unknown[]): unknown[] {
  return docs.flatMap((d) => {
    if (d === null || typeof d !== "object" || Array.isArray(d)) return [d];
    const keys = Object.keys(d);
    const first = keys[0]!;
    const { [first]: _gone, ...without } = d as Record<string, unknown>;
    return [d, without, { ...d, [first]: [] }, { ...d, unexpected: 1 }];
  });
}

describe("precompiled response validators", () => {
  const compiled = createRequire(import.meta.url)(path.join(ROOT, "lib/api/validators.cjs")) as { validators: Record<string, unknown> };

  it("are the ones the build uses, one for every response schema", () => {
    const named = namedSchemas();
    expect(named.size).toBeGreaterThan(10);
    const precompiled = new Set(Object.values(compiled.validators));
    for (const [name, schema] of named) expect(precompiled.has(validatorOf(schema)), name).toBe(true);
  });

  it("judge every golden document, and broken copies of it, as freshly compiled validators do", () => {
    const ajv = new Ajv2020(AJV_OPTIONS);
    const docs = withMutations(documents());
    let passed = 0;
    let failed = 0;
    for (const [name, schema] of namedSchemas()) {
      const fresh = ajv.compile(jsonSchemaOf(schema));
      const precompiled = validatorOf(schema);
      for (const doc of docs) {
        const verdict = fresh(doc);
        expect(precompiled(doc), `${name} on ${JSON.stringify(doc).slice(0, 80)}`).toBe(verdict);
        if (verdict) passed++;
        else failed++;
      }
    }
    expect(passed).toBeGreaterThan(20);
    expect(failed).toBeGreaterThan(20);
  });

  it("check each block against its own type, and refuse as zod does a block that fits another type, none, or has an unsafe link", () => {
    const page = JSON.parse(readFileSync(path.join(FIXTURES, "good/spec-example/expected/api/v2/pages/201/index.json"), "utf8")) as { description: { type?: string; value: unknown }[] };
    const blocks = page.description;
    expect(blocks.map((b) => b.type)).toEqual(["richtext", "embed", "quote", "image_carousel", "credits", "logo_wall"]);
    const validate = validatorOf(fullerEventDetailSchema);
    const judged = (description: unknown[]) => {
      const doc = { ...page, description };
      const verdict = validate(doc);
      expect(verdict, JSON.stringify(description).slice(0, 120)).toBe(fullerEventDetailSchema.safeParse(doc).success);
      return verdict;
    };
    expect(judged(blocks)).toBe(true);
    for (const [i, block] of blocks.entries()) {
      // Each block under another block's type, under a type that is none, and as a bare value.
      for (const other of blocks) if (other.type !== block.type) expect(judged(blocks.with(i, { ...block, type: other.type }))).toBe(false);
      expect(judged(blocks.with(i, { ...block, type: "video" }))).toBe(false);
      expect(judged(blocks.with(i, { ...block, type: undefined }))).toBe(false);
    }
    const richtext = blocks[0] as { type: string; value: { buttons: unknown[] } };
    const unsafe = { ...richtext, value: { ...richtext.value, buttons: [{ text: "Go", link: "javascript:alert(1)" }] } };
    expect(judged(blocks.with(0, unsafe))).toBe(false);
  });
});
