// The command line: parses flags with commander, calls the library, prints, and decides the exit
// code in one place: 0 built, 1 content errors or a failed build, 2 usage errors.
import { appendFileSync, existsSync, statSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import { build, check } from "./build.js";
import { DEFAULTED_LISTS } from "./content/lists.js";
import { BuildFailed, UsageError } from "./errors.js";
import { freeYoungGeneration } from "./engine/heap.js";
import { HOSTS } from "./host/host.js";
import { formatDiagnostic, plural, summarize } from "./model/diagnostics.js";
import { parseMaxOriginalSize, parseNow } from "./options.js";
import { writeContentSchemas } from "./write-schemas.js";
import { FORMATS, formatFailureAnnotation, printBuild, printCheck, printNextChange, type Output, type ReportOptions } from "./report.js";
import { packageVersion } from "./package-files.js";
import { DEFAULT_INIT_HOST, INIT_HOSTS, type InitHost } from "./scaffold/deploy-recipes.js";
import { DEFAULT_SCHEDULE, SCHEDULE_NAMES, type ScheduleName } from "./scaffold/workflow.js";

interface Flags {
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

const consoleOutput: Output = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

function commonOptions(cmd: Command, withOut: boolean): Command {
  cmd.addOption(new Option("--content <dir>", "folder of the content sources").default("content"));
  if (withOut) cmd.addOption(new Option("--out <dir>", "folder to write the API into (the build's own: replaced by each build)").default("dist"));
  cmd.addOption(new Option("--now <iso>", "the build's current time, ISO 8601 (decides is_past and in_past); default: now"));
  cmd.addOption(
    new Option("--host <name>", `write rule files for a static host: ${Object.keys(HOSTS).join(", ")} (repeatable or a comma list; default serve)`)
      .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
  );
  cmd.addOption(new Option("--format <format>", "how problems are printed: text (with a code frame) or json (one document on stdout, for tools)").choices(FORMATS).default("text"));
  cmd.addOption(new Option("--strict", "fail on warnings too (exit 1, nothing written)"));
  cmd.addOption(new Option("-q, --quiet", "print errors and the summary line only: no progress, no warnings (still counted)"));
  cmd.addOption(maxOriginalSizeOption());
  return cmd;
}

/** `--max-original-size <MiB>`, in bytes once parsed. */
function maxOriginalSizeOption(): Option {
  return new Option("--max-original-size <MiB>", "the largest image original read from content/images/ (for import: downloaded), in MiB (default 10, Wagtail's own limit on uploads)").argParser((value: string) => parseMaxOriginalSize(value));
}

/**
 * The CLI picks; report.ts prints. Under GitHub Actions, problems also become annotations on the
 * pull request, and every problem goes into the job summary (annotations stop at ten a step).
 */
function reportOptions(flags: Flags): ReportOptions {
  const github = process.env.GITHUB_ACTIONS === "true";
  const summaryFile = github ? process.env.GITHUB_STEP_SUMMARY : undefined;
  return {
    format: flags.format,
    annotations: github,
    quiet: flags.quiet === true,
    ...(summaryFile ? { stepSummary: (markdown: string) => appendFileSync(summaryFile, markdown) } : {}),
  };
}

export function createProgram(io: Output, setCode: (code: number) => void): Command {
  const program = new Command("build-catalogue")
    .description("Build the events catalogue API (Wagtail API v2) as static JSON files from content/.")
    .version(packageVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError("(run build-catalogue --help for usage)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .addHelpText(
      "after",
      `
Examples:
  build-catalogue                                   build content/ into dist/ (the same as "build")
  build-catalogue build --out public --host netlify write Netlify's rule files too
  build-catalogue check --now 2026-05-01T00:00Z     validate only, writing nothing
  build-catalogue check --format json               print the problems as JSON, for tools
  build-catalogue schema                            write the content files' JSON Schemas into schemas/
  build-catalogue preview --port 8000               serve a preview on 127.0.0.1 that rebuilds on change
  build-catalogue preview --cors http://localhost:5173  let a front end on another port fetch the preview
  build-catalogue init                              start a new site here: content/, .gitignore, CI workflow
  build-catalogue init --host netlify               after import: add the workflow (deploying to Netlify), .gitignore, $schema
  build-catalogue new event hamlet-2027             start content/events/hamlet-2027.json from a template
  build-catalogue new genres                        write content/genres.json with the 13 default genres, to edit
  build-catalogue check --next-change               print when is_past/in_past next change (for schedulers)
  build-catalogue import https://api.example.org    read a live Wagtail API v2 into content/, then prove the rebuild identical

Exit status: 0 built, 1 content errors or a failed build (the output folder is left as it was),
2 usage errors. Run "build-catalogue help <command>" (or "<command> --help") for a command's options.`,
    );

  // With --format json, stdout holds the JSON document alone: progress goes to stderr.
  const progressOf = (flags: Flags) => (line: string) => (flags.quiet ? undefined : flags.format === "json" ? io.err(line) : io.out(line));
  commonOptions(program.command("build", { isDefault: true }).description("validate content/ and write the API into --out (the default command)"), true)
    .addOption(new Option("--no-cache", "build every page, reusing nothing from the previous build (the cache is node_modules/.cache/build-catalogue/)"))
    .addOption(new Option("--media-out <dir>", "folder that {cdn_url}/media/ serves: the thumbnails' renditions and the originals (default: media/ inside --out)"))
    .addOption(new Option("--force", "replace --out (and --media-out) even when it holds files no build wrote (refused by default)"))
    .exitOverride()
    .action(async (flags: Flags) => {
      const result = await build({
        content: flags.content, out: flags.out, mediaOut: flags.mediaOut, now: flags.now, hosts: flags.host, strict: flags.strict, cache: flags.cache, force: flags.force,
        maxOriginalBytes: flags.maxOriginalSize, onProgress: progressOf(flags),
      });
      printBuild(result, flags.out.replace(/\/+$/, ""), io, reportOptions(flags));
      setCode(result.ok ? 0 : 1);
    });
  commonOptions(program.command("check").description("validate content/ and plan every file, writing nothing"), false)
    .addOption(new Option("--next-change", "print only the next instant at which an is_past or in_past changes (ISO 8601; nothing when none is coming), for schedulers"))
    .exitOverride()
    .action(async (flags: Flags) => {
      const result = await check({
        content: flags.content, now: flags.now, hosts: flags.host, strict: flags.strict, maxOriginalBytes: flags.maxOriginalSize, onProgress: flags.nextChange ? () => {} : progressOf(flags),
      });
      if (flags.nextChange) printNextChange(result, io, reportOptions(flags));
      else printCheck(result, io, reportOptions(flags));
      setCode(result.ok ? 0 : 1);
    });
  program
    .command("init")
    .description("start a new site, or add what an existing one lacks: starter content (when content/ is empty or missing), $schema in the content files, .gitignore lines, the GitHub Actions workflow; never replaces a file")
    .addOption(new Option("--dir <dir>", "the site's folder (created when missing)").default("."))
    .addOption(new Option("--host <name>", "the host the workflow deploys to (docs/hosts.md)").choices(INIT_HOSTS).default(DEFAULT_INIT_HOST))
    .addOption(new Option("--schedule <rhythm>", "how often the workflow rebuilds so is_past turns true: hourly (about 720 runs a month), 15min (about 2,880), none").choices(SCHEDULE_NAMES).default(DEFAULT_SCHEDULE))
    .exitOverride()
    .action(async (flags: { dir: string; host: InitHost; schedule: ScheduleName }) => {
      const { init } = await import("./scaffold/init.js");
      const { initReport } = await import("./scaffold/init-report.js");
      for (const line of initReport(await init({ dir: flags.dir, host: flags.host, schedule: flags.schedule }), flags.dir)) io.out(line);
      setCode(0);
    });
  const create = program.command("new").description("start a new content file from a template: new event <slug>, new genres, new accessibility").exitOverride();
  create
    .command("event <slug>")
    .description("write events/<slug>.json with the next free page id and placeholders the build refuses until an editor fills them in")
    .addOption(new Option("--content <dir>", "folder of the content sources").default("content"))
    .addOption(new Option("--yaml", "write events/<slug>.yaml instead of .json"))
    .exitOverride()
    .action(async (slug: string, flags: { content: string; yaml?: boolean }) => {
      // Each command loads what only it needs (the yaml library, the server) when it runs.
      const { newEvent } = await import("./scaffold/new-event.js");
      const made = await newEvent({ slug, content: flags.content, yaml: flags.yaml });
      io.out(
        `Wrote ${made.file}: event page ${made.id}, with placeholders to fill in at ${made.placeholders.join(", ")}. ` +
          `Replace each "TODO: ..." value, then run build-catalogue check${flags.content === "content" ? "" : ` --content ${flags.content}`}.`,
      );
      for (const note of made.notes) io.out(note);
      setCode(0);
    });
  for (const list of ["genres", "accessibility"] as const) {
    create
      .command(list)
      .description(
        `write ${list}.json with the default ${DEFAULTED_LISTS[list].plural}, to edit: a ${list}.json replaces the defaults (it does not add to them); refused when the file exists`,
      )
      .addOption(new Option("--content <dir>", "folder of the content sources").default("content"))
      .addOption(new Option("--yaml", `write ${list}.yaml instead of .json`))
      .exitOverride()
      .action(async (flags: { content: string; yaml?: boolean }) => {
        const { newList } = await import("./scaffold/new-list.js");
        const made = await newList({ list, content: flags.content, yaml: flags.yaml });
        const { aNoun, plural: nouns } = DEFAULTED_LISTS[list];
        io.out(
          `Wrote ${made.file}: the ${made.items.length} default ${nouns} (${made.items.map((i) => `${i.id} = ${i.name}`).join(", ")}). ` +
            `It is now the site's list, in place of the defaults: add, rename or remove ${nouns} in it (each {"id", "name"}; keep the ids the event pages use), ` +
            `and give an event page ${aNoun} by its id.`,
        );
        setCode(0);
      });
  }
  program
    .command("schema")
    .description("write the JSON Schemas of the content files (for editors: completion and checks while typing) into --out")
    .addOption(new Option("--out <dir>", "folder to write the *.schema.json files into").default("schemas"))
    .exitOverride()
    .action(async (flags: { out: string }) => {
      const written = await writeContentSchemas(flags.out).catch((e: NodeJS.ErrnoException) => {
        throw new BuildFailed(`could not write ${flags.out}/: ${e.code ? `${e.code} ` : ""}${e.message}; check that the folder is writable.`);
      });
      io.out(`Wrote ${plural(written.files.length, "JSON Schema")} into ${flags.out.replace(/\/+$/, "")}/: ${written.files.join(", ")}`);
      setCode(0);
    });
  program
    .command("preview")
    .description("build into a temporary folder and serve it on 127.0.0.1 as the live API answers; rebuilds on every change")
    .addOption(new Option("--content <dir>", "folder of the content sources").default("content"))
    .addOption(new Option("--port <n>", "port to listen on (0: any free port)").default("8000"))
    .addOption(new Option("--now <iso>", "the build's current time, ISO 8601; default: now"))
    .addOption(new Option("--base-url <url>", "the API's URL in every detail_url and redirect, in place of catalogue.json's base_url (default: the preview's own, http://127.0.0.1:<port>); requests for its host are answered too (a development proxy's)"))
    .addOption(
      new Option("--cors [origin]", "answer with CORS headers for a front end on another origin: --cors alone allows any, or name origins such as http://localhost:5173 (repeatable or a comma list)")
        .preset("*")
        .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(maxOriginalSizeOption())
    .exitOverride()
    .action(async (flags: { content: string; port: string; now?: string; baseUrl?: string; cors?: string[]; maxOriginalSize?: number }) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: "${flags.port}" is not a port number (0 to 65535)`);
      if (flags.now !== undefined) parseNow(flags.now);
      if (!existsSync(flags.content)) throw new UsageError(`--content: the folder ${flags.content} does not exist`);
      if (!statSync(flags.content).isDirectory()) throw new UsageError(`--content: ${flags.content} is a file; give the folder that holds catalogue.json`);
      // A long-lived process: its rebuilds' young collections weigh more than its memory (engine/heap.ts).
      freeYoungGeneration();
      const { startPreview } = await import("./preview/server.js");
      const { printPreviewBuild, refusedHostNotice } = await import("./preview/print.js");
      const preview = await startPreview({
        content: flags.content, port, now: flags.now, baseUrl: flags.baseUrl, cors: flags.cors, maxOriginalBytes: flags.maxOriginalSize,
        onBuild: (o) => printPreviewBuild(o, io),
        onWatchError: (e) => io.err(`The preview's watcher failed: ${e.message}. Changes may go unseen: stop the preview (Ctrl-C) and start it again.`),
        onRefusedHost: (host, at) => io.err(refusedHostNotice(host, at)),
        onRequestError: (e) => io.err(`The preview failed to answer a request (a bug in build-catalogue; please report it):\n${e.stack ?? e.message}`),
      }).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "EADDRINUSE") throw new UsageError(`--port: port ${port} is in use; choose another with --port, or --port 0 for any free one`);
        throw e;
      });
      const links = preview.baseUrl === preview.url ? "" : `; its links point at ${preview.baseUrl}`;
      io.out(`Preview at ${preview.url}/api/v2/event_pages/ (browsable: ${preview.url}/api/v2/event_pages/?format=api)${links}; watching ${flags.content}/ for changes. Press Ctrl-C to stop.`);
      await new Promise<void>((resolve) => {
        const stop = () => void preview.close().then(resolve);
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      setCode(0);
    });
  program
    .command("import <api-base-url>")
    .description("read a live Wagtail API v2 into --content (written whole, as an editor keeps it), build it and compare every document read with the build")
    .addOption(new Option("--content <dir>", "folder to write; it must be empty or absent unless --force").default("content"))
    .addOption(new Option("--images", "download each image's original into <content>/images/ (the default)"))
    .addOption(new Option("--no-images", "do not download the originals"))
    .addOption(
      new Option("--time-zone <zone>", "the catalogue's IANA zone, or <venue id>=<zone> for a venue, where the API's offsets fit zones that differ at other times of year (repeatable)")
        .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(new Option("--force", "replace a --content folder that is not empty (removed only once the new content is in place)"))
    .addOption(new Option("--now <iso>", "the instant to build the proof at (for a server with a fixed clock); default: when the import starts"))
    .addOption(new Option("--timeout <seconds>", "limit of each request").default("30"))
    .addOption(maxOriginalSizeOption())
    .exitOverride()
    .action(async (url: string, flags: { content: string; images?: boolean; timeZone?: string[]; force?: boolean; now?: string; timeout: string; maxOriginalSize?: number }) => {
      const timeout = Number(flags.timeout);
      if (!(timeout > 0)) throw new UsageError(`--timeout: "${flags.timeout}" is not a number of seconds`);
      const { importCatalogue, ImportedContentRefused } = await import("./import/import-catalogue.js");
      const { ImportFailed, ImportInterrupted } = await import("./import/errors.js");
      const { closingLines, describeImport, verdict } = await import("./import/summary.js");
      const { progressLine } = await import("./import/progress-line.js");
      const stop = new AbortController();
      const abort = () => stop.abort();
      process.once("SIGINT", abort);
      process.once("SIGTERM", abort);
      const line = progressLine((t) => process.stderr.write(t), process.stderr.isTTY === true);
      try {
        const result = await importCatalogue({
          url, content: flags.content, images: flags.images, timeZones: flags.timeZone, force: flags.force, now: flags.now, maxOriginalBytes: flags.maxOriginalSize,
          timeoutMs: timeout * 1000, signal: stop.signal, onProgress: line.update,
        });
        line.end();
        const { out, differences } = describeImport(result);
        for (const l of out) io.out(l);
        for (const l of differences) io.err(l);
        io.out(verdict(result));
        for (const l of closingLines(result)) io.out(l);
        setCode(result.identical ? 0 : 1);
      } catch (e) {
        line.end();
        if (e instanceof ImportInterrupted) {
          io.err(`Import interrupted: nothing was written; ${flags.content.replace(/\/+$/, "")}/ is as it was.`);
          setCode(130);
        } else if (e instanceof ImportedContentRefused) {
          for (const d of e.diagnostics) io.err(formatDiagnostic(d));
          io.err(`Import failed: the content written from the API does not build (${summarize(e.diagnostics)}): the API holds what the content format cannot say. Nothing was written.`);
          setCode(1);
        } else if (e instanceof ImportFailed) {
          io.err(`Import failed: ${e.message}. Nothing was written.`);
          setCode(1);
        } else throw e;
      } finally {
        process.off("SIGINT", abort);
        process.off("SIGTERM", abort);
      }
    });
  return program;
}

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Output = consoleOutput): Promise<number> {
  let code = 0;
  const program = createProgram(io, (c) => (code = c));
  try {
    // `build` is the default command, so commander would read an unknown command as an argument.
    // commander adds `help [command]` itself, outside program.commands.
    const first = argv[0];
    const commands = program.commands.map((c) => c.name());
    const known = (word: string) => commands.includes(word) || word === "help";
    if (first !== undefined && !first.startsWith("-") && !known(first)) {
      throw new UsageError(`unknown command "${first}"; the commands are ${commands.join(", ")}, help (run build-catalogue --help)`);
    }
    if (first === "help" && argv[1] !== undefined && !commands.includes(argv[1])) {
      throw new UsageError(`help: unknown command "${argv[1]}"; the commands are ${commands.join(", ")} (run build-catalogue help <command>)`);
    }
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
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
      if (process.env.GITHUB_ACTIONS === "true") io.out(formatFailureAnnotation(`Build failed: ${e.message}`));
      return 1;
    }
    io.err(`build-catalogue failed unexpectedly: ${(e as Error).stack ?? e}`);
    return 1;
  }
}
