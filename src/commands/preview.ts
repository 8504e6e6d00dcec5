// `preview`: build into a temporary folder and serve it on 127.0.0.1, rebuilding on every change,
// until Ctrl-C.
import { existsSync, statSync } from "node:fs";
import { Command, Option } from "commander";
import { freeYoungGeneration } from "../engine/heap.js";
import { UsageError } from "../errors.js";
import { parseNow } from "../options.js";
import { contentOption, maxOriginalSizeOption, nowOption, repeatable, type CommandContext } from "./common.js";

export interface PreviewFlags {
  content: string;
  port: string;
  now?: string;
  baseUrl?: string;
  cors?: string[];
  maxOriginalSize?: number;
}

export function previewCommand(context: CommandContext): Command {
  return new Command("preview")
    .description("build into a temporary folder and serve it on 127.0.0.1 as the live API answers; rebuilds on every change")
    .addOption(contentOption())
    .addOption(new Option("--port <n>", "port to listen on (0: any free port)").default("8000"))
    .addOption(nowOption("the build's current time, ISO 8601; default: now"))
    .addOption(new Option("--base-url <url>", "the API's URL in every detail_url and redirect, in place of catalogue.json's base_url (default: the preview's own, http://127.0.0.1:<port>); requests for its host are answered too (a development proxy's)"))
    .addOption(
      new Option("--cors [origin]", "answer with CORS headers for a front end on another origin: --cors alone allows any, or name origins such as http://localhost:5173 (repeatable or a comma list)")
        .preset("*")
        .argParser(repeatable),
    )
    .addOption(maxOriginalSizeOption())
    .action(async (flags: PreviewFlags) => {
      const port = checkPreviewFlags(flags);
      // A long-lived process: its rebuilds' young collections weigh more than its memory (engine/heap.ts).
      freeYoungGeneration();
      await servePreview(flags, port, context);
      context.setCode(0);
    });
}

/** The flags' mistakes as usage errors before anything starts; the port as a number. `edit` checks its own with it. */
export function checkPreviewFlags(flags: Pick<PreviewFlags, "port" | "now" | "content">): number {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: "${flags.port}" is not a port number (0 to 65535)`);
  if (flags.now !== undefined) parseNow(flags.now);
  if (!existsSync(flags.content)) throw new UsageError(`--content: the folder ${flags.content} does not exist`);
  if (!statSync(flags.content).isDirectory()) throw new UsageError(`--content: ${flags.content} is a file; give the folder that holds catalogue.json`);
  return port;
}

/** Starts the preview, says where it is, and serves until SIGINT or SIGTERM. */
async function servePreview(flags: PreviewFlags, port: number, { io }: CommandContext): Promise<void> {
  const { startPreview } = await import("../preview/server.js");
  const { printPreviewBuild, refusedHostNotice } = await import("../preview/print.js");
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
}
