// The command line: parses flags with commander, calls the library, prints, and decides the exit
// code in one place: 0 built, 1 content errors or a failed build, 2 usage errors.
import { readFileSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import { build, check } from "./build.js";
import { BuildFailed, UsageError } from "./errors.js";
import { HOSTS } from "./host/host.js";
import { printBuild, printCheck, type Output } from "./report.js";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

interface Flags {
  content: string;
  out: string;
  now?: string;
  host?: string[];
}

const consoleOutput: Output = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

function commonOptions(cmd: Command, withOut: boolean): Command {
  cmd.addOption(new Option("--content <dir>", "folder of the content sources").default("content"));
  if (withOut) cmd.addOption(new Option("--out <dir>", "folder to write the API into (replaced whole)").default("dist"));
  cmd.addOption(new Option("--now <iso>", "the build's current time, ISO 8601 (decides is_past and in_past); default: now"));
  cmd.addOption(
    new Option("--host <name>", `write rule files for a static host: ${Object.keys(HOSTS).join(", ")} (repeatable or a comma list; default serve)`)
      .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
  );
  return cmd;
}

export function createProgram(io: Output, setCode: (code: number) => void): Command {
  const program = new Command("build-catalogue")
    .description("Build the events catalogue API (Wagtail API v2) as static JSON files from content/.")
    .version(pkg.version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError("(run build-catalogue --help for usage)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });

  const progress = (line: string) => io.out(line);
  commonOptions(program.command("build", { isDefault: true }).description("validate content/ and write the API into --out (the default command)"), true)
    .exitOverride()
    .action(async (flags: Flags) => {
      const result = await build({ content: flags.content, out: flags.out, now: flags.now, hosts: flags.host, onProgress: progress });
      printBuild(result, flags.out.replace(/\/+$/, ""), io);
      setCode(result.ok ? 0 : 1);
    });
  commonOptions(program.command("check").description("validate content/ and plan every file, writing nothing"), false)
    .exitOverride()
    .action(async (flags: Flags) => {
      const result = await check({ content: flags.content, now: flags.now, hosts: flags.host, onProgress: progress });
      printCheck(result, io);
      setCode(result.ok ? 0 : 1);
    });
  return program;
}

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Output = consoleOutput): Promise<number> {
  let code = 0;
  const program = createProgram(io, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help" ? 0 : 2;
    }
    if (e instanceof UsageError) {
      io.err(`Usage error: ${e.message}`);
      return 2;
    }
    if (e instanceof BuildFailed) {
      io.err(`Build failed: ${e.message}`);
      return 1;
    }
    io.err(`build-catalogue failed unexpectedly: ${(e as Error).stack ?? e}`);
    return 1;
  }
}
