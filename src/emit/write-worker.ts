// The write thread (see write-thread.ts): writes the event pages' files into the staging folder,
// in the order they arrive, and answers each message with their statuses as written.
import { parentPort, workerData } from "node:worker_threads";
import { FolderWriter, writePageFiles } from "./folder-writer.js";
import type { WriteReply, WriteSetup, WriteTask } from "./write-thread.js";

const setup = workerData as WriteSetup;
const writer = new FolderWriter(setup.root, setup.listing);
let failed = false;

parentPort!.on("message", (task: WriteTask) => {
  let reply: WriteReply;
  if ("finish" in task) reply = { files: writer.files };
  else if (failed) reply = { written: [] }; // the first error was answered; the build is failing
  else {
    try {
      reply = { written: task.pages.map((files) => writePageFiles(writer, files)) };
    } catch (e) {
      failed = true;
      const err = e as NodeJS.ErrnoException;
      reply = { error: { message: err.message ?? String(e), code: err.code } };
    }
  }
  parentPort!.postMessage(reply);
});
