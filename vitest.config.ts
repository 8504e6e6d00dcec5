import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The long suites: `npm run test:all` (and CI, `.ci/run`) runs them with the others; `npm test`, the
 * developer's loop, leaves them out (docs/testing.md says why each). The end-to-end ones run whole
 * programs through an install or at a scale that takes minutes: the packed tarball installed with
 * npm (and each way a site depends on it, installed again with npm ci), Netlify's local runtime
 * with Deno and Vercel's router and edge runtime over two catalogues (90 and 10,000 event pages, a
 * fuzz of queries each), the hosts' rules at 10,000; and build-threads builds 2,500 event pages some twenty
 * times (the write thread, the heap).
 */
export const LONG = [
  "test/packed.test.ts",
  "test/site-install.test.ts",
  "test/host-functions.test.ts",
  "test/host-scale.test.ts",
  "test/build-threads.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Vitest runs one file at a time on two cores (its default: the cores less one). A file mostly
    // waits on the programs it starts (the CLI, servers, browsers), which do the work: a file per
    // core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // GitHub's workflow parser imports its JSON schema without an import attribute, which Node
    // refuses; Vite's transform reads it as a bundler would.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
    projects: [
      { extends: true, test: { name: "quick", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...LONG] } },
      // Vitest starts a project's files by its name's order: "long" before "quick", so that
      // `npm run test:all` starts the longest files first.
      { extends: true, test: { name: "long", include: LONG } },
    ],
  },
});
