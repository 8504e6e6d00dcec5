// Bundles the command (lib/cli.js and every module it imports, the dependencies' included) into
// one module, lib/cli.bundle.js, which bin/ runs: Node 20 resolves, reads and links each ES
// module on its own, which took longer than loading one bundle (docs/benchmark.md). The library
// (lib/index.js) and the worker threads' modules stay as compiled.
// Run by `npm run build`, after tsc.
//
// V8 reads and pre-parses all of it on every run, used or not, so the bundle is kept small: zod's
// error messages in English alone (the build words its own messages, validate/zod-messages.ts;
// zod's other languages were a large part of the bundle), and whitespace and comments removed
// (names are kept, so a stack trace still names its functions). docs/benchmark.md has the
// measurements.
import { readFileSync, writeFileSync } from "node:fs";
import { build, transform } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The heap flags' module stays outside: bin/ sets the flags through it before the bundle loads, and both must share its state. */
const heapFlagsOutside = {
  name: "heap-flags-outside",
  setup(b) {
    const heap = path.join(root, "lib/engine/heap.js");
    b.onResolve({ filter: /heap\.js$/ }, (args) => (path.resolve(args.resolveDir, args.path) === heap ? { path: "./engine/heap.js", external: true } : undefined));
  },
};

/**
 * zod's locales module (every language's messages, reached through `z.locales`) as English alone:
 * zod registers English itself (classic/schemas.js imports locales/en.js), and the build never
 * asks for another language.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    // The module's name in the bundle is its path from the project's root, as esbuild names the
    // files it reads (an absolute one would ship the name of the folder the package was built in).
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      const file = path.resolve(path.dirname(args.importer), args.path);
      return { path: path.relative(root, file).split(path.sep).join("/"), namespace: "zod-english-only", pluginData: { dir: path.dirname(file) } };
    });
    b.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(args.pluginData.dir, "en.js"))};`,
      resolveDir: args.pluginData.dir,
      loader: "js",
    }));
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
  plugins: [heapFlagsOutside, zodEnglishOnly],
  // Native modules, loaded on first use from node_modules (never bundled: their binaries sit beside their code).
  external: ["sharp", "@parcel/watcher"],
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
});

// The bundle in ASCII: esbuild escapes what code holds beyond ASCII but keeps comments as they
// are, and a few dependencies' comments hold some (a dash, a Catalan word). One such character
// makes Node decode the file the slow way and V8 hold its source in two bytes a character: the
// command started later (docs/benchmark.md has the measurement). So they are escaped as well,
// and checked to have changed no code: without comments and whitespace, esbuild prints both
// versions the same.
const outfile = path.join(root, "lib/cli.bundle.js");
const bundled = readFileSync(outfile, "utf8");
if (/[^\x00-\x7f]/.test(bundled)) {
  const escaped = bundled.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const code = async (text) => (await transform(text, { minifyWhitespace: true, legalComments: "none", format: "esm", logLevel: "warning" })).code;
  if ((await code(bundled)) !== (await code(escaped))) throw new Error("bundle: escaping the characters beyond ASCII in lib/cli.bundle.js would change its code (not only comments)");
  writeFileSync(outfile, escaped);
}

// The admin's extension (src/admin/extension/), for the browser: one script beside Decap CMS's
// bundle, which the admin's page loads (src/admin/admin-files.ts). Its dependencies (the YAML and
// JSON editors that keep a file's layout) are bundled in; Decap gives React (window.h, createClass).
// The build's own code it runs (the checks, the preview's document) hashes with node:crypto's
// SHA-1: the browser gets src/admin/extension/browser-crypto.ts in its place.
const browserCrypto = {
  name: "browser-crypto",
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: path.join(root, "src/admin/extension/browser-crypto.ts") }));
  },
};
await build({
  entryPoints: [path.join(root, "src/admin/extension/main.ts")],
  outfile: path.join(root, "lib/admin/admin.js"),
  plugins: [browserCrypto],
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2020",
  minify: true,
  charset: "ascii",
  legalComments: "none",
  logLevel: "warning",
});

// The host runtimes' adapters around the runtime responder (src/adapters/), each one ES module
// with the responder and the query engine bundled in: the build writes it beside the API's files
// with the routing data (src/host/cloudflare.ts, netlify.ts, vercel.ts), where the host's own
// runtime loads it.
// Plain text, not minified: a site's deploy carries it, and its stack traces name our functions.
for (const name of ["cloudflare-worker", "netlify-edge", "vercel-edge"]) {
  await build({
    entryPoints: [path.join(root, `src/adapters/${name}.ts`)],
    outfile: path.join(root, `lib/adapters/${name}.bundle.js`),
    bundle: true,
    platform: "neutral",
    format: "esm",
    target: "es2022",
    charset: "ascii",
    legalComments: "none",
    logLevel: "warning",
  });
}

// The admin's GitHub sign-in for each host (src/admin/sign-in/): the one flow (github-oauth.ts)
// bundled into each host's entry, which `admin --host` writes beside the admin's files
// (src/admin/sign-in-files.ts): Cloudflare Pages' _worker.js, Vercel's edge functions, and a
// dependency-free Node server for nginx. Plain text, not minified: a site's deploy carries it.
for (const [name, platform] of [["cloudflare-pages", "neutral"], ["vercel-edge", "neutral"], ["node-server", "node"]]) {
  await build({
    entryPoints: [path.join(root, `src/admin/sign-in/${name}.ts`)],
    outfile: path.join(root, `lib/admin/sign-in/${name}.bundle.js`),
    bundle: true,
    platform,
    format: "esm",
    target: platform === "node" ? "node20" : "es2022",
    // Vercel reads a function's runtime from an `export const config` in its text.
    ...(name === "vercel-edge" ? { footer: { js: 'export const config = { runtime: "edge" };' } } : {}),
    charset: "ascii",
    legalComments: "none",
    logLevel: "warning",
  });
}
