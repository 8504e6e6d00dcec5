// The write thread (see write-thread.ts): writes the event pages' files into the staging folder,
// in the order they arrive, and answers each message with their statuses as written.
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { FolderWriter, writePageFiles } from "../io/folder-writer.js";
import type { PageOutput } from "../model/page.js";
import type { WriteReply, WriteSetup, WriteTask } from "./write-thread.js";
import { readChunk, type ReadRequest, type Recycled } from "./read-ahead.js";

const setup = workerData as WriteSetup;
// Event files read ahead of the builder: a request waiting is served before each message of files
// to write (the builder may soon need it, and the files can wait), and on its own when none comes.
const spares: ArrayBuffer[] = [];
const serve = (message: ReadRequest | Recycled) => {
  if ("recycle" in message) {
    spares.push(message.recycle);
    return;
  }
  const { reply, transfer } = readChunk(message, spares.pop());
  setup.reads.postMessage(reply, transfer);
};
const serveWaiting = () => {
  for (let m = receiveMessageOnPort(setup.reads); m; m = receiveMessageOnPort(setup.reads)) serve(m.message as ReadRequest | Recycled);
};
setup.reads.on("message", serve);
// The details are checked here, on the text written (PageJob.checkWhenWritten): the response
// schemas and the validators load while the builder makes the first pages; messages of files
// wait for them.
const { checkWritten } = await import("../api/self-check.js");
const writer = new FolderWriter(setup.root);
let failed = false;

/** Checks each file that asks for it before any file of its page is written. */
function checkedFiles(files: PageOutput[]): PageOutput[] {
  for (const f of files) if (f.check) checkWritten(f.check.schema, typeof f.data === "string" ? f.data : Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength).toString("utf8"), f.check.what);
  return files;
}

parentPort!.on("message", (task: WriteTask) => {
  serveWaiting();
  let reply: WriteReply;
  if ("finish" in task) reply = { finished: true };
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
