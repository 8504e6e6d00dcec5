// The file API Decap CMS's proxy backend calls (POST /api/v1), over the content folder: the actions
// `edit` allows, each answered as decap-server 3.11's local file-system middleware answered it
// (test/fixtures/decap-server-3.11 holds its answers, and a test holds these to them). The guard
// (proxy-guard.ts) has checked every path first; here every read is capped (a content file, an
// original, a whole answer), a file is never opened through a link, and listings come in path
// order, where decap-server gave the file system's.
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { mebibytes, pastCap, readRegularFile, RefusedFile } from "../io/regular-file.js";
import { MAX_CONTENT_FILE_BYTES } from "../load/source-file.js";
import { actionParams, type FileAction, type ParamsOf } from "./file-api-params.js";

/** What the API answered; `failure` is why it could not (a 500), for the terminal. */
export interface FileApiAnswer {
  status: number;
  body: unknown;
  failure?: string;
}

export interface FileApi {
  run: (body: { action: string; params?: unknown }) => Promise<FileApiAnswer>;
}

/** An error a save would add: the file (relative to the content folder), the dotted key path and the message. */
export interface SaveProblem {
  file: string;
  key: string;
  message: string;
}

/** A file a save writes: its path in the content folder (forward slashes) and its text or bytes. */
export interface SavedFile {
  path: string;
  data: string | Buffer;
}

/** The check of a save before it is written (save-check.ts): the errors it would add, with the refusal's message; null lets it through. */
export type SaveVetting = (files: SavedFile[]) => Promise<{ message: string; problems: SaveProblem[] } | null>;

/** The check of a deletion before it is done: why it is refused, or null. */
export type DeleteVetting = (paths: string[]) => string | null;

export interface FileApiLimits {
  /** The largest image original (--max-original-size), in bytes. */
  maxOriginalBytes: number;
  /** The most one answer carries (every file's text or bytes of a listing). */
  maxAnswerBytes: number;
}

/** A read past a cap: the request is refused (413) with this message. */
class TooLarge extends Error {}

/** A request the API refuses with its own status (and, for a refused save, each problem for the admin to place on its field). */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems?: SaveProblem[],
  ) {
    super(message);
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** Decap's paths use "/" on every system. */
const slashed = (p: string) => p.replace(/\\/g, "/");

/** Opened for writing without following a link at the last component (the guard checked the rest). */
const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/** The file API over the content folder `root` (its real path); `vet`, when given, may refuse a save (409) before it is written. */
export function fileApi(root: string, limits: FileApiLimits, vet?: { save: SaveVetting; delete: DeleteVetting }): FileApi {
  // The guard allows only the content format's own paths; a path out of the folder is refused here too.
  const absolute = (rel: string) => {
    const at = path.resolve(root, rel);
    if (!at.startsWith(root + path.sep)) throw new Refused(403, `${JSON.stringify(rel)} is not inside the content folder`);
    return at;
  };
  /** Counts what one answer has read, against its cap. */
  const budget = () => {
    let total = 0;
    return (bytes: number) => {
      total += bytes;
      if (total > limits.maxAnswerBytes) throw new TooLarge(`the answer would carry more than ${mebibytes(limits.maxAnswerBytes)}: ask for fewer files at once`);
    };
  };

  /** A file's bytes: refused past its cap (413) or when it is no regular file (403; the guard refuses those first). */
  const read = async (rel: string, maxBytes: number, spend: (n: number) => void): Promise<Buffer> => {
    let oversize = false;
    const tooLarge = (size: number) => {
      oversize = true;
      const shown = pastCap(size, maxBytes);
      return `is ${shown.size}, larger than the ${shown.cap} the admin reads of such a file`;
    };
    try {
      const { bytes } = await readRegularFile(absolute(rel), maxBytes, tooLarge);
      spend(bytes.length);
      return bytes;
    } catch (e) {
      if (e instanceof RefusedFile) throw oversize ? new TooLarge(`${rel} ${e.message}`) : new Refused(403, `${rel} ${e.message}`);
      throw e;
    }
  };

  /** An entry as decap-server gives it: the file's text and its SHA-256, or null for both when it cannot be read. */
  const entry = async (file: { path: string; label?: string }, spend: (n: number) => void) => {
    try {
      const bytes = await read(file.path, MAX_CONTENT_FILE_BYTES, spend);
      return { data: bytes.toString(), file: { path: slashed(file.path), label: file.label, id: sha256(bytes) } };
    } catch (e) {
      if (e instanceof TooLarge || e instanceof Refused) throw e;
      return { data: null, file: { path: slashed(file.path), label: file.label, id: null } };
    }
  };

  const mediaFile = async (rel: string, spend: (n: number) => void) => {
    const bytes = await read(rel, limits.maxOriginalBytes, spend);
    return { id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path: slashed(rel), name: path.basename(rel) };
  };

  /** The files at the top of a folder whose name ends with `extension`, in path order ([] when the folder is not there). */
  const listing = async (folder: string, extension: string): Promise<string[]> => {
    const entries = await readdir(absolute(folder), { withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(extension))
      .map((e) => slashed(path.join(folder, e.name)))
      .sort();
  };

  const write = async (rel: string, content: Buffer | string) => {
    await mkdir(path.dirname(absolute(rel)), { recursive: true });
    const handle = await open(absolute(rel), WRITE_NO_FOLLOW, 0o644);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
  };

  const remove = (rel: string) => unlink(absolute(rel)).catch(() => undefined);
  const refuseDelete = (paths: string[]) => {
    const refusal = vet?.delete(paths) ?? null;
    if (refusal !== null) throw new Refused(409, refusal);
  };

  const actions: { [A in FileAction]: (params: ParamsOf<A>) => Promise<unknown> } = {
    info: async () => ({ repo: path.basename(root), publish_modes: ["simple"], type: "local_fs" }),
    entriesByFolder: async (p) => {
      const spend = budget();
      const files = await listing(p.folder, p.extension);
      const out = [];
      for (const file of files) out.push(await entry({ path: file }, spend));
      return out;
    },
    entriesByFiles: async (p) => {
      const spend = budget();
      const out = [];
      for (const file of p.files) out.push(await entry(file, spend));
      return out;
    },
    getEntry: async (p) => entry({ path: p.path }, budget()),
    persistEntry: async (p) => {
      const files = p.dataFiles ?? [p.entry!];
      if (files.some((f) => f.newPath !== undefined)) throw new Refused(422, "renaming an entry's file (newPath) is not something the admin does");
      const refusal = vet ? await vet.save([...files.map((f) => ({ path: f.path, data: f.raw })), ...p.assets.map((a) => ({ path: a.path, data: Buffer.from(a.content, "base64") }))]) : null;
      if (refusal !== null) throw new Refused(409, refusal.message, refusal.problems);
      for (const f of files) await write(f.path, f.raw);
      for (const a of p.assets) await write(a.path, Buffer.from(a.content, "base64"));
      return { message: "entry persisted" };
    },
    getMedia: async (p) => {
      const spend = budget();
      const out = [];
      for (const file of await listing(p.mediaFolder, "")) out.push(await mediaFile(file, spend));
      return out;
    },
    getMediaFile: async (p) => mediaFile(p.path, budget()),
    persistMedia: async (p) => {
      await write(p.asset.path, Buffer.from(p.asset.content, "base64"));
      return mediaFile(p.asset.path, budget());
    },
    deleteFile: async (p) => {
      refuseDelete([p.path]);
      await remove(p.path);
      return { message: `deleted file ${p.path}` };
    },
    deleteFiles: async (p) => {
      refuseDelete(p.paths);
      for (const rel of p.paths) await remove(rel);
      return { message: `deleted files ${p.paths.join(", ")}` };
    },
    getDeployPreview: async () => null,
  };

  return {
    run: async (body) => {
      const action = body.action as FileAction;
      if (!Object.hasOwn(actions, action)) return { status: 422, body: { error: `Unknown action ${body.action}` } };
      const params = actionParams(action, body.params);
      if (!params.ok) return { status: 422, body: { error: params.error } };
      try {
        return { status: 200, body: await (actions[action] as (p: unknown) => Promise<unknown>)(params.params) };
      } catch (e) {
        if (e instanceof Refused) return { status: e.status, body: { error: `${action}: ${e.message}`, ...(e.problems ? { problems: e.problems } : {}) } };
        if (e instanceof TooLarge) return { status: 413, body: { error: `${action}: ${e.message}` } };
        return { status: 500, body: { error: "Unknown error" }, failure: (e as Error).message };
      }
    },
  };
}
