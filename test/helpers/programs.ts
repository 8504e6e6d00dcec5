// Programs from Debian that some suites run (nginx, Chromium, Python). npm ci cannot install them, so a
// suite looks for its program first: on a developer's machine without it the suite is skipped
// with a one-line notice; under CI a missing program is a failing test, so CI runs every test.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";

export interface DebianProgram {
  /** The name shown in notices, e.g. "nginx". */
  name: string;
  /** Executable names looked for on PATH and in `dirs`. */
  commands: string[];
  /** Folders Debian installs it into that are not on every user's PATH (nginx is in /usr/sbin). */
  dirs: string[];
  /** An environment variable holding the program's path; when set, only that path is tried. */
  env: string;
  /** How to install it, when not with the others (INSTALL). */
  install?: string;
  /** A file nginx loads (a module), looked for readable rather than executable, and only in `dirs`. */
  module?: boolean;
}

export const NGINX: DebianProgram = { name: "nginx", commands: ["nginx"], dirs: ["/usr/sbin"], env: "NGINX_PATH" };
/** nginx's JavaScript module (njs), which answers the queries on nginx: the file a `load_module` names. */
export const NGINX_JS: DebianProgram = {
  name: "nginx's JavaScript module", commands: ["ngx_http_js_module.so"], dirs: ["/usr/lib/nginx/modules"], env: "NGINX_JS_MODULE",
  install: "apt-get install libnginx-mod-http-js", module: true,
};
export const CHROMIUM: DebianProgram = { name: "Chromium", commands: ["chromium"], dirs: ["/usr/bin"], env: "CHROMIUM_PATH" };
/** Python 3, whose own `re` and `json` are the oracles of Wagtail's readings (on most machines already). */
export const PYTHON: DebianProgram = { name: "Python 3", commands: ["python3"], dirs: ["/usr/bin"], env: "PYTHON_PATH", install: "apt-get install python3" };

/** How to get every program the suites need, in one command. */
export const INSTALL = "apt-get install nginx-light libnginx-mod-http-js chromium";

function isExecutableFile(p: string, mode = constants.X_OK): boolean {
  try {
    accessSync(p, mode);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The program's path, or undefined when it is not there (or `$<env>` names a file that is not). */
export function findProgram(program: DebianProgram, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env[program.env];
  const mode = program.module ? constants.R_OK : constants.X_OK;
  if (given) return isExecutableFile(given, mode) ? given : undefined;
  const dirs = [...(program.module ? [] : (env.PATH ?? "").split(path.delimiter).filter(Boolean)), ...program.dirs];
  for (const dir of dirs) {
    for (const command of program.commands) {
      const p = path.join(dir, command);
      if (isExecutableFile(p, mode)) return p;
    }
  }
  return undefined;
}

/** CI runs with CI=true (as most CI services set it); unset, "false" or "0" is a developer's machine. */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== "false" && ci !== "0";
}

/** The one line that says what is missing and how to get it. */
export function missingMessage(program: DebianProgram, env: NodeJS.ProcessEnv = process.env): string {
  const where = env[program.env] ? `${program.env}=${env[program.env]}` : `PATH, ${program.dirs.join(", ")}`;
  return `${program.name} not found (looked in ${where}): install it with ${program.install ?? INSTALL}, or set ${program.env}`;
}

/**
 * Call at the top of a suite's file, then `describe.skipIf(!found)`. Returns the program's path.
 * When it is missing: under CI a test that fails naming it; elsewhere a one-line notice that the
 * file's tests that need it are skipped.
 */
export function requireProgram(program: DebianProgram, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const found = findProgram(program, env);
  if (found) return found;
  reportMissing(program.name, missingMessage(program, env), env);
  return undefined;
}

/**
 * What a suite does when something it needs is missing (a program, or tools other than Debian's):
 * under CI a test that fails with `message`; elsewhere a one-line notice that its tests are skipped.
 */
export function reportMissing(name: string, message: string, env: NodeJS.ProcessEnv = process.env): void {
  if (underCi(env)) {
    describe(`${name} (needed under CI)`, () => {
      it("is installed", () => {
        throw new Error(message);
      });
    });
  } else {
    // Written straight to stderr: one line, without the reporter's per-file console header.
    process.stderr.write(`Skipping the ${name} tests: ${message}\n`);
  }
}
