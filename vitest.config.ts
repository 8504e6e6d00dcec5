import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // GitHub's workflow parser imports its JSON schema without an import attribute, which Node
    // refuses; Vite's transform reads it as a bundler would.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
  },
});
