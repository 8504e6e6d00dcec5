// The write thread (see write-thread.ts): writes the event pages' files into the staging folder,
// in the order they arrive, and answers each message with their statuses as written.
import { parentPort, workerData } from "node:worker_threads";
import { FolderWriter, writePageFiles } from "../io/folder-writer.js";
import type { PageOutput } from "../model/page.js";
import type { WriteReply, WriteSetup, WriteTask } from "./write-thread.js";

const setup = workerData as WriteSetup;
// The details are checked here, on the text written (PageJob.checkWhenWritten): the response
// schemas and the validators load while the builder makes the first pages; messages of files
// wait for them.
const { checkWritten } = await import("../api/self-check.js");
const writer = new FolderWriter(setup.root, setup.listing);
let failed = false;

/** Checks each file that asks for it before any file of its page is written. */
function checkedFiles(files: PageOutput[]): PageOutput[] {
  for (const f of files) if (f.check) checkWritten(f.check.schema, typeof f.data === "string" ? f.data : Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength).toString("utf8"), f.check.what);
  return files;
}

parentPort!.on("message", (task: WriteTask) => {
  let reply: WriteReply;
  if ("finish" in task) reply = { files: writer.files };
  else if (failed) reply = { written: [] }; // the first error was answered; the build is failing
  else {
    try {
      reply = { written: task.pages.map((files) => writePageFiles(writer, checkedFiles(files))) };
    } catch (e) {
      failed = true;
      const err = e as NodeJS.ErrnoException;
      reply = { error: { message: err.message ?? String(e), code: err.code, selfCheck: err.name === "SelfCheckFailed" } };
    }
  }
  parentPort!.postMessage(reply);
});
