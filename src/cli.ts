// The command line: assembles the commands (src/commands/, one module each: its options, the
// library call, what it prints), reads what the commands need from the environment once, and
// decides the exit code in one place: 0 built, 1 content errors or a failed build, 2 usage errors.
import { Command, CommanderError } from "commander";
import { BuildFailed, UsageError } from "./errors.js";
import { packageVersion } from "./package-files.js";
import { formatFailureAnnotation, type Output } from "./report.js";
import { adminCommand } from "./commands/admin.js";
import { buildCommand } from "./commands/build.js";
import { checkCommand } from "./commands/check.js";
import type { CliEnvironment, CommandContext } from "./commands/common.js";
import { editCommand } from "./commands/edit.js";
import { checkCommandName, PROGRAM_HELP_AFTER } from "./commands/help.js";
import { importCommand } from "./commands/import.js";
import { initCommand } from "./commands/init.js";
import { newCommand } from "./commands/new.js";
import { previewCommand } from "./commands/preview.js";
import { schemaCommand } from "./commands/schema.js";

const consoleOutput: Output = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

/**
 * A command made on its own takes none of the program's settings (its output, help option, exit
 * override, help after an error), as one made by program.command() would: given here, to it and
 * its subcommands.
 */
function inherit(cmd: Command, parent: Command): Command {
  cmd.copyInheritedSettings(parent);
  for (const sub of cmd.commands) inherit(sub, cmd);
  return cmd;
}

export function createProgram(context: CommandContext): Command {
  const { io } = context;
  const program = new Command("build-catalogue")
    .description("Build the events catalogue API (Wagtail API v2) as static JSON files from content/.")
    .version(packageVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError("(run build-catalogue --help for usage)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .addHelpText("after", PROGRAM_HELP_AFTER);
  program.addCommand(inherit(buildCommand(context), program), { isDefault: true });
  for (const make of [checkCommand, initCommand, newCommand, schemaCommand, previewCommand, editCommand, importCommand, adminCommand]) program.addCommand(inherit(make(context), program));
  return program;
}

/** What the CLI reads from the environment: GitHub Actions' variables. */
function cliEnvironment(env: NodeJS.ProcessEnv): CliEnvironment {
  return { githubActions: env.GITHUB_ACTIONS === "true", stepSummary: env.GITHUB_STEP_SUMMARY };
}

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Output = consoleOutput): Promise<number> {
  const env = cliEnvironment(process.env);
  let code = 0;
  const program = createProgram({ io, setCode: (c) => (code = c), env });
  try {
    checkCommandName(argv, program.commands.map((c) => c.name()));
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    return exitCodeOf(e, io, env);
  }
}

/** A command's failure: printed, and its exit code. */
function exitCodeOf(e: unknown, io: Output, env: CliEnvironment): number {
  if (e instanceof CommanderError) {
    // Help asked for is 0; help shown because a command was incomplete (`new` alone) is a usage error.
    return e.code === "commander.helpDisplayed" || e.code === "commander.version" || (e.code === "commander.help" && e.exitCode === 0) ? 0 : 2;
  }
  if (e instanceof UsageError) {
    io.err(`Usage error: ${e.message}`);
    return 2;
  }
  if (e instanceof BuildFailed) {
    io.err(`Build failed: ${e.message}`);
    if (env.githubActions) io.out(formatFailureAnnotation(`Build failed: ${e.message}`));
    return 1;
  }
  io.err(`build-catalogue failed unexpectedly: ${(e as Error).stack ?? e}`);
  return 1;
}
