// Writes the imported content/ into a staging folder beside it and moves it into place only when
// the import is complete: an existing content/ with anything in it is refused unless forced (and
// then removed only once the new one is in place); an import that stops leaves nothing behind.
// Every name is checked to be a plain file name inside the staging folder before it is written.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ImportFailed } from "./errors.js";
import { fileNameProblem } from "./safe-names.js";

function entries(dir: string): string[] | null {
  try {
    if (!statSync(dir).isDirectory()) throw new ImportFailed(`${dir} is a file, not a folder; choose another --content`);
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** `EACCES: permission denied` from a file system error, for a message that names the file itself. */
const why = (e: unknown) => {
  const err = e as NodeJS.ErrnoException;
  return err.code ? `${err.code} (${err.message.split(",")[0]!.replace(/^\w+: /, "")})` : String(err.message ?? e);
};

/**
 * The folder --content names, as the import writes it: a symbolic link is followed to the folder
 * it names (the staging folder goes beside that folder, and the new one replaces it there, the link
 * kept), as are links among the folders above. A link to nothing, or to a file, is refused.
 */
function resolveTarget(target: string, shown: string): string {
  let link = false;
  try {
    link = lstatSync(target).isSymbolicLink();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new ImportFailed(`cannot read ${shown}/: ${why(e)}`);
  }
  if (link) {
    try {
      return realpathSync(target);
    } catch (e) {
      throw new ImportFailed(`${shown} is a symbolic link to a folder that does not exist (${why(e)}); give --content the folder itself`);
    }
  }
  return path.join(realpathSync(path.dirname(target)), path.basename(target));
}

export class ContentStaging {
  /** `.<name>.import-XXXXXX/`, beside the target, so the move into place is a rename. */
  readonly root: string;
  /** The content folder being written: `<root>/<name>`, named as the target so messages name it so. */
  readonly dir: string;
  /** The folder written: --content, its links followed. */
  readonly target: string;
  private done = false;
  /** Once aborted, nothing more is written (a request still in flight when the import failed may finish later). */
  private closed = false;
  /** The first folder above the target this import made, if any: an import that stops removes it too. */
  private readonly madeParent: string | null;

  private constructor(
    private readonly given: string,
    private readonly shown: string,
    private readonly force: boolean,
  ) {
    try {
      this.madeParent = mkdirSync(path.dirname(given), { recursive: true }) ?? null;
    } catch (e) {
      throw new ImportFailed(`cannot make the folders of ${shown}/: ${why(e)}`);
    }
    this.target = resolveTarget(given, shown);
    const name = path.basename(this.target);
    try {
      this.root = mkdtempSync(path.join(path.dirname(this.target), `.${name}.import-`));
      this.dir = path.join(this.root, name);
      mkdirSync(this.dir);
    } catch (e) {
      throw new ImportFailed(`cannot write beside ${shown}/ (the import writes a new folder there, then renames it into place): ${why(e)}`);
    }
  }

  /** Refuses a target with anything in it unless `force`; checked before anything is read. */
  static open(target: string, shown: string, force: boolean): ContentStaging {
    ContentStaging.check(target, shown, force);
    return new ContentStaging(target, shown, force);
  }

  private static check(target: string, shown: string, force: boolean): void {
    const found = entries(target);
    if (found && found.length > 0 && !force) {
      throw new ImportFailed(
        `${shown}/ already holds ${found.length} ${found.length === 1 ? "entry" : "entries"} (${found.slice(0, 3).join(", ")}${found.length > 3 ? ", ..." : ""}): the import writes a whole content folder and would replace it. ` +
          `Import into an empty or new folder with --content, or give --force to replace it (it is removed only once the new content is in place)`,
      );
    }
  }

  /**
   * Where `rel` (`events/hamlet.json`) is written: each of its parts a plain file name, so the file
   * stays inside the staging folder whatever the API named. The names are checked where they are
   * made (safe-names.ts); this is the last guard.
   */
  private place(rel: string): string {
    for (const part of rel.split(/[/\\]/)) {
      const problem = fileNameProblem(part);
      if (problem) throw new ImportFailed(`${this.shown}/${rel}: the name ${JSON.stringify(part)} ${problem}; nothing was written`);
    }
    const file = path.resolve(this.dir, rel);
    if (!file.startsWith(this.dir + path.sep)) throw new ImportFailed(`${this.shown}/${rel} is not inside ${this.shown}/; nothing was written`);
    return file;
  }

  /** Checks every name before the first is written. */
  checkNames(rels: Iterable<string>): void {
    for (const rel of rels) this.place(rel);
  }

  write(rel: string, data: string | Buffer): void {
    if (this.closed || this.done) throw new ImportFailed(`${this.shown}/${rel} was not written: the import has ended`);
    const file = this.place(rel);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Never over a file already written (two names a case-insensitive file system holds as one).
      writeFileSync(file, data, { flag: "wx" });
    } catch (e) {
      throw new ImportFailed(`cannot write ${this.shown}/${rel}: ${why(e)}`);
    }
  }

  /** Moves the new folder into place; a forced import's old folder goes only once the new one is there. */
  commit(): void {
    ContentStaging.check(this.target, this.shown, this.force);
    const found = entries(this.target);
    let old: string | null = null;
    try {
      if (found && found.length === 0) rmdirSync(this.target);
      else if (found) {
        old = path.join(this.root, "previous");
        renameSync(this.target, old);
      }
    } catch (e) {
      throw new ImportFailed(`cannot replace ${this.shown}/: ${why(e)}`);
    }
    try {
      renameSync(this.dir, this.target);
    } catch (e) {
      if (old) renameSync(old, this.target);
      throw new ImportFailed(`cannot move the new content into ${this.shown}/: ${why(e)}`);
    }
    this.done = true;
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Removes everything written; the target is as it was. */
  abort(): void {
    this.closed = true;
    if (this.done) return;
    rmSync(this.root, { recursive: true, force: true });
    if (!this.madeParent) return;
    // The folders made for it, from the deepest, while they are empty.
    for (let dir = path.dirname(this.given); ; dir = path.dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        return;
      }
      if (dir === this.madeParent) return;
    }
  }
}
