// A worker thread that removes folders of a previous output (see staging.ts): removing tens of
// thousands of entries is system calls, which two threads do in about half the time of one.
import { parentPort, workerData } from "node:worker_threads";
import { removeTree } from "./remove-tree.js";

for (const dir of workerData as string[]) removeTree(dir);
parentPort!.postMessage("done");
