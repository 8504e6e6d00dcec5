// The library: what the CLI calls, for tests and for scripts of a site's own.
export { build, check, type BuildResult } from "./build.js";
export type { BuildOptions } from "./options.js";
export { BuildFailed, UsageError } from "./errors.js";
export { formatDiagnostic, type Diagnostic } from "./model/diagnostics.js";
export { serialize } from "./runtime/serialize.js";
export { contentJsonSchemas, type SchemaFile } from "./content/json-schema.js";
export { writeContentSchemas } from "./write-schemas.js";
export type { ClockChange, NextChange } from "./enrich/next-change.js";
export { openApiDocument } from "./api/openapi.js";
export { newEvent, type NewEventOptions, type NewEventResult } from "./scaffold/new-event.js";
export { main } from "./cli.js";
