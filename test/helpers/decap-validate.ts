// Decap CMS's own config validation (decap-cms-core's validateConfig: its JSON Schema of config.yml,
// each widget's options checked by the widget's own schema), loaded in Node: esbuild bundles the
// validation module with Decap's widget schemas. The one module it imports for something the
// validation does not use (lib/i18n.js's slug selector, which pulls in the whole store and needs a
// browser) is stubbed. Custom widgets are registered as the extension registers them, with no schema.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { ROOT } from "./cli.js";

/** The widgets decap-cms registers that have an options schema of their own. */
const WITH_SCHEMA = ["code", "datetime", "file", "image", "list", "map", "markdown", "number", "object", "relation", "richtext", "select"];
/** The widgets without one: Decap's own and the extension's (build-catalogue's custom widgets). */
const WITHOUT_SCHEMA = ["string", "text", "boolean", "colorstring", "uuid", "html", "next-id", "focal-point", "image-file", "image-chooser"];

const stubStore: Plugin = {
  name: "stub-store",
  setup(b) {
    b.onResolve({ filter: /reducers\/collections$/ }, () => ({ path: "collections", namespace: "stub" }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export const selectEntrySlug = () => undefined;", loader: "js" }));
  },
};

export type ValidateConfig = (config: unknown) => void;

/** Decap's validateConfig, with every widget registered: throws an Error naming each problem. */
export async function decapValidateConfig(): Promise<ValidateConfig> {
  const contents = [
    'export { validateConfig } from "decap-cms-core/dist/esm/constants/configSchema.js";',
    'export { registerWidget } from "decap-cms-core/dist/esm/lib/registry.js";',
    ...WITH_SCHEMA.map((w, i) => `import s${i} from "decap-cms-widget-${w}/dist/esm/schema.js";`),
    `export const schemas = { ${WITH_SCHEMA.map((w, i) => `${JSON.stringify(w)}: s${i}`).join(", ")} };`,
  ].join("\n");
  const bundled = await build({ stdin: { contents, resolveDir: ROOT, loader: "js" }, bundle: true, platform: "node", format: "cjs", write: false, logLevel: "error", plugins: [stubStore] });
  const dir = mkdtempSync(path.join(tmpdir(), "bc-decap-"));
  try {
    const file = path.join(dir, "validate.cjs");
    writeFileSync(file, bundled.outputFiles[0]!.text);
    const m = createRequire(import.meta.url)(file) as {
      validateConfig: ValidateConfig;
      registerWidget: (name: string, control: unknown, preview: unknown, schema: object) => void;
      schemas: Record<string, object>;
    };
    for (const [name, schema] of Object.entries(m.schemas)) m.registerWidget(name, () => null, null, schema);
    for (const name of WITHOUT_SCHEMA) m.registerWidget(name, () => null, null, {});
    return (config) => {
      // Decap logs each problem with console.error before it throws: the thrown message says them all.
      const log = console.error;
      console.error = () => undefined;
      try {
        m.validateConfig(config);
      } finally {
        console.error = log;
      }
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
