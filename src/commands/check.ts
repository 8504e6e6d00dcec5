// `check`: validate content/ and plan every file, writing nothing; or, with --next-change, say when
// the next is_past or in_past changes.
import { Command, Option } from "commander";
import { check } from "../build.js";
import { printCheck, printNextChange } from "../report.js";
import { buildOptions, progressOf, reportOptions, type BuildFlags, type CommandContext } from "./common.js";

export function checkCommand({ io, setCode, env }: CommandContext): Command {
  return buildOptions(new Command("check").description("validate content/ and plan every file, writing nothing"), false)
    .addOption(new Option("--next-change", "print only the next instant at which the catalogue changes (an is_past or in_past, a page's go-live or expiry; ISO 8601; nothing when none is coming), for schedulers"))
    .action(async (flags: BuildFlags) => {
      const result = await check({
        content: flags.content, now: flags.now, hosts: flags.host, strict: flags.strict, maxOriginalBytes: flags.maxOriginalSize, onProgress: flags.nextChange ? () => {} : progressOf(flags, io),
      });
      if (flags.nextChange) printNextChange(result, io, reportOptions(flags, env));
      else printCheck(result, io, reportOptions(flags, env));
      setCode(result.ok ? 0 : 1);
    });
}
