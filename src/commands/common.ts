// What the commands share: what each is handed (where to print, how to set the exit code, what the
// CLI read from the environment), and the options several of them declare.
import { appendFileSync } from "node:fs";
import { Command, Option } from "commander";
import { HOSTS } from "../host/host.js";
import { parseMaxOriginalSize } from "../options.js";
import { FORMATS, type Output, type ReportOptions } from "../report.js";

/** What the CLI reads from the environment, once (cli.ts's main), for the commands. */
export interface CliEnvironment {
  /** GITHUB_ACTIONS=true: problems also become annotations on the pull request. */
  githubActions: boolean;
  /** GITHUB_STEP_SUMMARY: the file of the job's summary. */
  stepSummary: string | undefined;
}

/** What each command is made with. */
export interface CommandContext {
  io: Output;
  setCode: (code: number) => void;
  env: CliEnvironment;
}

/** An option given more than once, or as a comma list: its values, in order. */
export const repeatable = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export const contentOption = (description = "folder of the content sources"): Option => new Option("--content <dir>", description).default("content");

export const nowOption = (description: string): Option => new Option("--now <iso>", description);

/** `--max-original-size <MiB>`, in bytes once parsed. */
export function maxOriginalSizeOption(): Option {
  return new Option("--max-original-size <MiB>", "the largest image original read from content/images/ (for import: downloaded), in MiB (default 10, Wagtail's own limit on uploads)").argParser((value: string) => parseMaxOriginalSize(value));
}

/** The flags of `build` and `check`. */
export interface BuildFlags {
  content: string;
  out: string;
  mediaOut?: string;
  now?: string;
  host?: string[];
  format: "text" | "json";
  strict?: boolean;
  nextChange?: boolean;
  cache?: boolean;
  quiet?: boolean;
  force?: boolean;
  maxOriginalSize?: number;
}

/** The options `build` and `check` share (`--out` for build alone). */
export function buildOptions(cmd: Command, withOut: boolean): Command {
  cmd.addOption(contentOption());
  if (withOut) cmd.addOption(new Option("--out <dir>", "folder to write the API into (the build's own: replaced by each build)").default("dist"));
  cmd.addOption(nowOption("the build's current time, ISO 8601 (decides is_past, in_past and which scheduled pages are live); default: now"));
  cmd.addOption(new Option("--host <name>", `write rule files for a static host: ${Object.keys(HOSTS).join(", ")} (repeatable or a comma list; default serve)`).argParser(repeatable));
  cmd.addOption(new Option("--format <format>", "how problems are printed: text (with a code frame) or json (one document on stdout, for tools)").choices(FORMATS).default("text"));
  cmd.addOption(new Option("--strict", "fail on warnings too (exit 1, nothing written)"));
  cmd.addOption(new Option("-q, --quiet", "print errors and the summary line only: no progress, no warnings (still counted)"));
  cmd.addOption(maxOriginalSizeOption());
  return cmd;
}

/** Where a build's progress goes: with --format json, stdout holds the JSON document alone, so stderr. */
export const progressOf = (flags: BuildFlags, io: Output) => (line: string) => (flags.quiet ? undefined : flags.format === "json" ? io.err(line) : io.out(line));

/**
 * The CLI picks; report.ts prints. Under GitHub Actions, problems also become annotations on the
 * pull request, and every problem goes into the job summary (annotations stop at ten a step).
 */
export function reportOptions(flags: BuildFlags, env: CliEnvironment): ReportOptions {
  const summaryFile = env.githubActions ? env.stepSummary : undefined;
  return {
    format: flags.format,
    annotations: env.githubActions,
    quiet: flags.quiet === true,
    ...(summaryFile ? { stepSummary: (markdown: string) => appendFileSync(summaryFile, markdown) } : {}),
  };
}
