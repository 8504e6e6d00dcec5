// Bundles the nginx adapter (src/adapters/nginx-njs.ts: the responder and the query engine
// the preview and the Cloudflare worker run) into one module that nginx's JavaScript, njs 0.7.9
// (Debian 12's libnginx-mod-http-js), runs: lib/hosts/nginx-njs.js. The build writes it beside the
// API as nginx-api.js, with its routing data in place of the placeholder (src/host/nginx.ts).
// Run by `npm run build`, after scripts/bundle.mjs.
//
// njs 0.7.9 reads ES5 with let/const, arrow functions, template literals and async functions, and
// lacks classes, destructuring, spread, for...of, generators, default parameters, Map, Set,
// WeakMap, URL, Intl and String.prototype.normalize. So:
//   1. esbuild bundles the adapter and the runtime it imports (TypeScript, ES modules) into one;
//   2. Babel (preset-env, for an ES5 engine) lowers the syntax, keeping async functions native
//      (njs runs them; lowered, they would need generators), and names the core-js polyfills the
//      code uses (Map, Set, URL, ...); regular expressions are kept as written but for the `u` flag,
//      dropped: njs's PCRE reads \p{...} without it, and njs strings count code points, so what
//      `u` changes (astral characters as one) is what njs does anyway;
//   3. esbuild bundles those polyfills in, and Babel lowers esbuild's own helpers;
//   4. an `await` in a call's arguments, which njs refuses, is moved before its statement.
// What core-js has no polyfill for (Intl's time zones, normalize) comes from njs-platform.ts, with
// data from Node itself: the NFD table here, the zone's offsets at each catalogue's build.
// Babel 7, not 8: Babel 8's packages require Node ^22.18 || >=24.11, and npm would warn
// (EBADENGINE) at every install on Node 22.12, the oldest the package supports.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformAsync } from "@babel/core";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "lib/hosts/nginx-njs.js");
/** What the build replaces with the routing data (src/host/nginx.ts). */
export const PLACEHOLDER = "var BC_NGINX = /* BC_NGINX */ null;";

/** Every canonical decomposition Node's normalize knows, but the Hangul syllables' (arithmetic in njs-platform.ts). */
function nfdTable() {
  let out = "";
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0xac00 && cp <= 0xd7a3)) continue;
    const ch = String.fromCodePoint(cp);
    const nfd = ch.normalize("NFD");
    if (nfd !== ch) out += `${ch}${nfd}\n`;
  }
  return out;
}

/** Drops the `u` flag of regular expression literals (njs's PCRE reads \p{...} without it). */
function dropUnicodeFlag({ types: t }) {
  return {
    visitor: {
      RegExpLiteral(p) {
        if (!p.node.flags.includes("u")) return;
        if (/\\u\{|[\u{10000}-\u{10ffff}]/u.test(p.node.pattern)) throw p.buildCodeFrameError("njs: a `u` regular expression with \\u{...} or an astral character cannot drop its flag");
        p.replaceWith(t.regExpLiteral(p.node.pattern, p.node.flags.replace("u", "")));
        p.skip();
      },
    },
  };
}

/**
 * The polyfills the bundle takes: what njs 0.7.9 lacks and the code uses. core-js would replace
 * more for an ES5 engine (JSON.stringify, RegExp's exec, String's replace and split, Symbol,
 * Promise, ...), where njs has its own that do what the code needs: njs's stay (its Promise runs
 * its async functions; its regular expressions are PCRE, which core-js's would wrap).
 */
const NJS_LACKS = /^(?:es\.(?:map|set|weak-map)(?:\.constructor)?|es\.array\.(?:from|at|flat|flat-map)|es\.string\.(?:match-all|at-alternative|replace-all)|es\.object\.from-entries|web\.url(?:-search-params)?(?:\.[a-z-]+)?)$/;
const NOT_LACKED = [new RegExp(`^(?!${NJS_LACKS.source.slice(1, -1)}$)`)];

/**
 * Moves an `await` out of a call's arguments, which njs 0.7.9 refuses ("await in arguments not
 * supported"): `f(await x, y)` becomes `var _a = await x; f(_a, y)`, in a block of its own where
 * the call's statement stood alone (an `if`'s branch). Only where that keeps the order of what
 * runs: no condition (`?:`, `&&`, `||`, `??`) between the await and its statement.
 */
function awaitOutOfArguments({ types: t }) {
  return {
    visitor: {
      AwaitExpression(p) {
        let inArguments = false;
        for (let q = p; q && !q.isStatement() && !q.isFunction(); q = q.parentPath) {
          if (q.listKey === "arguments") inArguments = true;
          if (inArguments && q !== p && (q.isConditionalExpression() || q.isLogicalExpression())) {
            throw p.buildCodeFrameError("njs: an await in a call's arguments under a condition cannot be moved out");
          }
        }
        if (!inArguments) return;
        const statement = p.findParent((q) => q.isStatement());
        if (!Array.isArray(statement.container)) statement.replaceWith(t.blockStatement([statement.node]));
        const inner = Array.isArray(statement.container) ? statement : statement.get("body.0");
        const id = p.scope.generateUidIdentifier("awaited");
        inner.insertBefore(t.variableDeclaration("var", [t.variableDeclarator(id, p.node)]));
        p.replaceWith(t.cloneNode(id));
      },
    },
  };
}

const lowering = (polyfills) => ({
  babelrc: false,
  configFile: false,
  compact: false,
  comments: false,
  // Characters beyond ASCII written as they are, not as \u escapes (Babel 8's default; Babel 7 escapes them).
  generatorOpts: { jsescOption: { minimal: true } },
  sourceType: "module",
  // An ES5 engine: every polyfill core-js has for what the code uses, every syntax lowered.
  targets: { ie: "9" },
  plugins: [dropUnicodeFlag, awaitOutOfArguments, ...(polyfills ? [["babel-plugin-polyfill-corejs3", { method: "usage-global", version: "3.51", exclude: NOT_LACKED }]] : [])],
  presets: [["@babel/preset-env", {
    modules: false,
    // njs runs async functions and the regular expressions its PCRE reads; Babel's versions of these need more than njs has.
    exclude: [
      "transform-async-to-generator", "transform-regenerator", "transform-async-generator-functions",
      "transform-unicode-regex", "transform-unicode-property-regex", "transform-named-capturing-groups-regex",
      "transform-dotall-regex", "transform-sticky-regex", "transform-duplicate-named-capturing-groups-regex",
      "transform-unicode-escapes",
    ],
  }]],
});

/** Both passes: one ES module in memory, njs's `fs` left to njs. */
const bundling = { bundle: true, write: false, platform: "neutral", format: "esm", target: "es2022", external: ["fs"], legalComments: "none", logLevel: "warning" };
const first = await build({
  ...bundling,
  entryPoints: [path.join(root, "src/adapters/nginx-njs.ts")],
  define: { __NJS_NFD__: JSON.stringify(nfdTable()) },
});
const lowered = await transformAsync(first.outputFiles[0].text, lowering(true));
const second = await build({
  ...bundling,
  stdin: { contents: lowered.code, resolveDir: root, loader: "js", sourcefile: "nginx-njs.js" },
});
if (process.env.BUNDLE_NJS_DEBUG) writeFileSync(process.env.BUNDLE_NJS_DEBUG, second.outputFiles[0].text);
let code = (await transformAsync(second.outputFiles[0].text, lowering(false))).code;
// njs reads `export default`, not esbuild's `export { name as default }`.
const exported = /export\s*\{\s*([\w$]+)\s+as\s+default\s*\};?\s*$/.exec(code);
if (!exported) throw new Error("bundle-njs: the bundle does not end with esbuild's default export");
code = `${code.slice(0, exported.index)}export default ${exported[1]};\n`;
for (const [what, re] of [["class", /\bclass\s+[\w$]+\s*(extends|\{)/], ["for...of", /\bfor\s*\([^;()]*\bof\b/], ["spread", /[(,[]\s*\.\.\.[\w$]/], ["optional chaining", /\?\.[\w$[(]/]]) {
  if (re.test(code)) throw new Error(`bundle-njs: the bundle still holds ${what}, which njs 0.7.9 does not read`);
}
mkdirSync(path.dirname(outfile), { recursive: true });
writeFileSync(outfile, `// build-catalogue: the API's answers to queries, for nginx's JavaScript module (njs). Made by scripts/bundle-njs.mjs.\n${PLACEHOLDER}\n${code}`);
