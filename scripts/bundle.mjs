// Bundles the command (lib/cli.js and every module it imports, the dependencies' included) into
// one module, lib/cli.bundle.js, which bin/ runs: Node 20 resolves, reads and links each ES
// module on its own, and the command's 220 modules took about 250 ms to load; the bundle about
// 170 ms. The library (lib/index.js) and the worker threads' modules stay as compiled.
// Run by `npm run build`, after tsc.
import { readFileSync, writeFileSync } from "node:fs";
import { build, transform } from "esbuild";
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

// The bundle in ASCII: esbuild escapes what code holds beyond ASCII but keeps comments as they
// are, and a few dependencies' comments hold some (a dash, a Catalan word). One such character
// makes Node decode the file the slow way and V8 hold its source in two bytes a character: the
// command started about 14 ms (4%) later. So they are escaped as well, and checked to have
// changed no code: without comments and whitespace, esbuild prints both versions the same.
const outfile = path.join(root, "lib/cli.bundle.js");
const bundled = readFileSync(outfile, "utf8");
if (/[^\x00-\x7f]/.test(bundled)) {
  const escaped = bundled.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const code = async (text) => (await transform(text, { minifyWhitespace: true, legalComments: "none", format: "esm", logLevel: "warning" })).code;
  if ((await code(bundled)) !== (await code(escaped))) throw new Error("bundle: escaping the characters beyond ASCII in lib/cli.bundle.js would change its code (not only comments)");
  writeFileSync(outfile, escaped);
}
