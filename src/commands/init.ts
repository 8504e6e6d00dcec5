// `init`: start a new site, or add what an existing one lacks (scaffold/init.ts).
import { Command, Option } from "commander";
import { DEFAULT_INIT_HOST, INIT_HOSTS, type InitHost } from "../scaffold/deploy-recipes.js";
import { DEFAULT_SCHEDULE, SCHEDULE_NAMES, type ScheduleName } from "../scaffold/workflow.js";
import type { CommandContext } from "./common.js";

export function initCommand({ io, setCode }: CommandContext): Command {
  return new Command("init")
    .description("start a new site, or add what an existing one lacks: starter content (when content/ is empty or missing), $schema in the content files, .gitignore lines, the GitHub Actions workflow; never replaces a file")
    .addOption(new Option("--dir <dir>", "the site's folder (created when missing)").default("."))
    .addOption(new Option("--host <name>", "the host the workflow deploys to (docs/hosts.md)").choices(INIT_HOSTS).default(DEFAULT_INIT_HOST))
    .addOption(new Option("--schedule <rhythm>", "how often the workflow rebuilds so is_past turns true and scheduled pages go live: hourly (about 720 runs a month), 15min (about 2,880), none").choices(SCHEDULE_NAMES).default(DEFAULT_SCHEDULE))
    .action(async (flags: { dir: string; host: InitHost; schedule: ScheduleName }) => {
      // Each command loads what only it needs (the yaml library, the server) when it runs.
      const { init } = await import("../scaffold/init.js");
      const { initReport } = await import("../scaffold/init-report.js");
      for (const line of initReport(await init({ dir: flags.dir, host: flags.host, schedule: flags.schedule }), flags.dir)) io.out(line);
      setCode(0);
    });
}
