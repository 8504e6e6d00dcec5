// The parsers a clean build of a JSON catalogue never needs, loaded on first use (each takes a
// while to load, in every thread: docs/benchmark.md): js-yaml and yaml for YAML sources,
// jsonc-parser for the positions of errors and for keys written twice.
import { createRequire } from "node:module";
import type * as Jsonc from "jsonc-parser";
import type * as JsYaml from "js-yaml";
import type * as Yaml from "yaml";

const require = createRequire(import.meta.url);
let jsoncLibrary: typeof Jsonc | null = null;
let yamlLibrary: typeof Yaml | null = null;
let jsYamlLibrary: typeof JsYaml | null = null;

export const jsonc = (): typeof Jsonc => (jsoncLibrary ??= require("jsonc-parser") as typeof Jsonc);
export const yaml = (): typeof Yaml => (yamlLibrary ??= require("yaml") as typeof Yaml);
export const jsYaml = (): typeof JsYaml => (jsYamlLibrary ??= require("js-yaml") as typeof JsYaml);
