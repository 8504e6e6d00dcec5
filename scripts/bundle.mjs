// Bundles the command (lib/cli.js and every module it imports, the dependencies' included) into
// one module, lib/cli.bundle.js, which bin/ runs: Node 20 resolves, reads and links each ES
// module on its own, and the command's 220 modules took about 250 ms to load; the bundle about
// 170 ms. The library (lib/index.js) and the worker threads' modules stay as compiled.
// Run by `npm run build`, after tsc.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The heap flags' module stays outside: bin/ sets the flags through it before the bundle loads, and both must share its state. */
const heapFlagsOutside = {
  name: "heap-flags-outside",
  setup(b) {
    b.onResolve({ filter: /heap-flags\.js$/ }, () => ({ path: "./heap-flags.js", external: true }));
  },
};

await build({
  entryPoints: [path.join(root, "lib/cli.js")],
  outfile: path.join(root, "lib/cli.bundle.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // CommonJS dependencies (commander) call require(): give the bundle one.
  banner: { js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);' },
  plugins: [heapFlagsOutside],
  logLevel: "warning",
});
