// The environment is read in one place a program: the options (src/options.ts, with the tuning) and
// the CLI (src/cli.ts) read process.env, and every other module is given what it needs; so do the
// sign-in's own programs, which a host runs beside the admin (the Node server for nginx, Vercel's
// function), at their entry. No module writes it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

it("reads process.env in the options, the CLI and the sign-in programs' entries alone, and writes it nowhere", () => {
  const src = path.join(ROOT, "src");
  const modules = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  expect(modules.length).toBeGreaterThan(100);
  const readers = modules.filter((f) => /\bprocess\.env\b/.test(readFileSync(path.join(src, f), "utf8"))).sort();
  expect(readers).toEqual(["admin/sign-in/node-server.ts", "admin/sign-in/vercel-edge.ts", "cli.ts", "options.ts"]);
  for (const f of readers) expect(readFileSync(path.join(src, f), "utf8"), f).not.toMatch(/process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env/);
});
