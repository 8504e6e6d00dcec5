// `edit`: the admin (Decap CMS) on 127.0.0.1, saving into the content folder, with the preview's
// API beside it, rebuilt on every save, until Ctrl-C.
import { Command, Option } from "commander";
import { freeYoungGeneration } from "../engine/heap.js";
import { UsageError } from "../errors.js";
import { contentOption, maxOriginalSizeOption, nowOption, type CommandContext } from "./common.js";
import { checkPreviewFlags } from "./preview.js";

interface EditFlags {
  content: string;
  port: string;
  now?: string;
  maxOriginalSize?: number;
}

export function editCommand(context: CommandContext): Command {
  return new Command("edit")
    .description("edit the content in the browser: Decap CMS at 127.0.0.1:<port>/admin/, saving into the content folder, with the API beside it rebuilt on every save")
    .addOption(contentOption())
    .addOption(new Option("--port <n>", "port to listen on (0: any free port)").default("8000"))
    .addOption(nowOption("the build's current time, ISO 8601; default: now"))
    .addOption(maxOriginalSizeOption())
    .action(async (flags: EditFlags) => {
      const port = checkPreviewFlags(flags);
      // A long-lived process: its rebuilds' young collections weigh more than its memory (engine/heap.ts).
      freeYoungGeneration();
      await serveEdit(flags, port, context);
      context.setCode(0);
    });
}

/** Starts the admin, says where it is, and serves until SIGINT or SIGTERM. */
async function serveEdit(flags: EditFlags, port: number, { io }: CommandContext): Promise<void> {
  const { startEditServer } = await import("../admin/edit-server.js");
  const { WHILE_FAILING } = await import("../admin/status.js");
  const { printPreviewBuild, refusedHostNotice } = await import("../preview/print.js");
  const server = await startEditServer({
    content: flags.content, port, now: flags.now, maxOriginalBytes: flags.maxOriginalSize,
    onBuild: (o) => printPreviewBuild(o, io, WHILE_FAILING),
    onNotice: (line) => io.err(line),
    onWatchError: (e) => io.err(`The watcher failed: ${e.message}. Changes may go unseen: stop edit (Ctrl-C) and start it again.`),
    onRefusedHost: (host, at) => io.err(refusedHostNotice(host, at)),
    onRequestError: (e) => io.err(`edit failed to answer a request (a bug in build-catalogue; please report it):\n${e.stack ?? e.message}`),
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "EADDRINUSE") throw new UsageError(`--port: port ${port} is in use; choose another with --port, or --port 0 for any free one`);
    throw e;
  });
  io.out(`Admin at ${server.adminUrl} (Decap CMS, saving into ${flags.content}/); the API at ${server.url}/api/v2/event_pages/; watching ${flags.content}/ for changes. Press Ctrl-C to stop.`);
  await new Promise<void>((resolve) => {
    const stop = () => void server.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
