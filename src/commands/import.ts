// `import <api-base-url>`: read a live Wagtail API v2 into --content, build it and compare every
// document read with the build (import/import-catalogue.ts).
import { Command, Option } from "commander";
import { UsageError } from "../errors.js";
import { formatDiagnostic, summarize } from "../model/diagnostics.js";
import type { Output } from "../report.js";
import { contentOption, maxOriginalSizeOption, nowOption, repeatable, type CommandContext } from "./common.js";

interface ImportFlags {
  content: string;
  images?: boolean;
  timeZone?: string[];
  force?: boolean;
  now?: string;
  timeout: string;
  maxOriginalSize?: number;
}

export function importCommand(context: CommandContext): Command {
  return new Command("import")
    .argument("<api-base-url>")
    .description("read a live Wagtail API v2 into --content (written whole, as an editor keeps it), build it and compare every document read with the build")
    .addOption(contentOption("folder to write; it must be empty or absent unless --force"))
    .addOption(new Option("--images", "download each image's original into <content>/images/ (the default)"))
    .addOption(new Option("--no-images", "do not download the originals"))
    .addOption(
      new Option("--time-zone <zone>", "the catalogue's IANA zone, or <venue id>=<zone> for a venue, where the API's offsets fit zones that differ at other times of year (repeatable)")
        .argParser(repeatable),
    )
    .addOption(new Option("--force", "replace a --content folder that is not empty (removed only once the new content is in place)"))
    .addOption(nowOption("the instant to build the proof at (for a server with a fixed clock); default: when the import starts"))
    .addOption(new Option("--timeout <seconds>", "limit of each request").default("30"))
    .addOption(maxOriginalSizeOption())
    .action(async (url: string, flags: ImportFlags) => {
      const timeout = Number(flags.timeout);
      if (!(timeout > 0)) throw new UsageError(`--timeout: "${flags.timeout}" is not a number of seconds`);
      context.setCode(await runImport(url, flags, timeout, context.io));
    });
}

/** Runs the import until it ends or SIGINT/SIGTERM interrupts it; prints what it did; returns the exit code. */
async function runImport(url: string, flags: ImportFlags, timeout: number, io: Output): Promise<number> {
  const { importCatalogue } = await import("../import/import-catalogue.js");
  const { closingLines, describeImport, verdict } = await import("../import/summary.js");
  const { progressLine } = await import("../import/progress-line.js");
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
    return result.identical ? 0 : 1;
  } catch (e) {
    line.end();
    return await reportImportFailure(e, flags, io);
  } finally {
    process.off("SIGINT", abort);
    process.off("SIGTERM", abort);
  }
}

/** An import that stopped: what was left as it was, and the exit code (130 interrupted, 1 failed); anything else is thrown on. */
async function reportImportFailure(e: unknown, flags: ImportFlags, io: Output): Promise<number> {
  const { ImportedContentRefused } = await import("../import/import-catalogue.js");
  const { ImportFailed, ImportInterrupted } = await import("../import/errors.js");
  if (e instanceof ImportInterrupted) {
    io.err(`Import interrupted: nothing was written; ${flags.content.replace(/\/+$/, "")}/ is as it was.`);
    return 130;
  }
  if (e instanceof ImportedContentRefused) {
    for (const d of e.diagnostics) io.err(formatDiagnostic(d));
    io.err(`Import failed: the content written from the API does not build (${summarize(e.diagnostics)}): the API holds what the content format cannot say. Nothing was written.`);
    return 1;
  }
  if (e instanceof ImportFailed) {
    io.err(`Import failed: ${e.message}. Nothing was written.`);
    return 1;
  }
  throw e;
}
