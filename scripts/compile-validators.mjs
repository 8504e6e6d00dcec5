// Part of the package's build (npm run build, after tsc): compiles the ajv validators of every API
// response schema once, into lib/api/validators.cjs, so that no build pays for compiling them (in
// every thread: docs/benchmark.md has the measurement). The file carries the fingerprint of the
// schemas it was compiled from; lib/api/self-check.js uses it only when that matches, and compiles
// a schema itself otherwise.
import { writeFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { AJV_OPTIONS, jsonSchemaOf, namedSchemas, schemaFingerprint } from "../lib/api/self-check.js";

const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } });
const refs = {};
for (const [name, schema] of namedSchemas()) {
  ajv.addSchema({ ...jsonSchemaOf(schema), $id: name });
  refs[name] = name;
}
const code = standaloneCode.default(ajv, refs);
const out = new URL("../lib/api/validators.cjs", import.meta.url);
writeFileSync(out, `${code}\nexports.validators = { ${Object.keys(refs).map((n) => `${JSON.stringify(n)}: exports[${JSON.stringify(n)}]`).join(", ")} };\nexports.fingerprint = ${JSON.stringify(schemaFingerprint())};\n`);
console.log(`Compiled ${Object.keys(refs).length} response validators into lib/api/validators.cjs`);
