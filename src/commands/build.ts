// `build` (the default command): validate content/ and write the API into --out.
import { Command, Option } from "commander";
import { build } from "../build.js";
import { printBuild } from "../report.js";
import { buildOptions, progressOf, reportOptions, type BuildFlags, type CommandContext } from "./common.js";

export function buildCommand({ io, setCode, env }: CommandContext): Command {
  return buildOptions(new Command("build").description("validate content/ and write the API into --out (the default command)"), true)
    .addOption(new Option("--no-cache", "build every page, reusing nothing from the previous build (the cache is node_modules/.cache/build-catalogue/)"))
    .addOption(new Option("--media-out <dir>", "folder that {cdn_url}/media/ serves: the thumbnails' renditions and the originals (default: media/ inside --out)"))
    .addOption(new Option("--force", "replace --out (and --media-out) even when it holds files no build wrote (refused by default)"))
    .action(async (flags: BuildFlags) => {
      const result = await build({
        content: flags.content, out: flags.out, mediaOut: flags.mediaOut, now: flags.now, hosts: flags.host, strict: flags.strict, cache: flags.cache, force: flags.force,
        maxOriginalBytes: flags.maxOriginalSize, onProgress: progressOf(flags, io),
      });
      printBuild(result, flags.out.replace(/\/+$/, ""), io, reportOptions(flags, env));
      setCode(result.ok ? 0 : 1);
    });
}
