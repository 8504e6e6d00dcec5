// Writes the imported content/ into a staging folder beside it and moves it into place only when
// the import is complete: an existing content/ with anything in it is refused unless forced (and
// then removed only once the new one is in place); an import that stops leaves nothing behind.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ImportFailed } from "./errors.js";

function entries(dir: string): string[] | null {
  try {
    if (!statSync(dir).isDirectory()) throw new ImportFailed(`${dir} is a file, not a folder; choose another --content`);
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

export class ContentStaging {
  /** `.<name>.import-XXXXXX/`, beside the target, so the move into place is a rename. */
  readonly root: string;
  /** The content folder being written: `<root>/<name>`, named as the target so messages name it so. */
  readonly dir: string;
  private done = false;
  /** The first folder above the target this import made, if any: an import that stops removes it too. */
  private readonly madeParent: string | null;

  private constructor(
    readonly target: string,
    private readonly shown: string,
    private readonly force: boolean,
  ) {
    const name = path.basename(target);
    this.madeParent = mkdirSync(path.dirname(target), { recursive: true }) ?? null;
    this.root = mkdtempSync(path.join(path.dirname(target), `.${name}.import-`));
    this.dir = path.join(this.root, name);
    mkdirSync(this.dir);
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

  write(rel: string, data: string | Buffer): void {
    const file = path.join(this.dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data, { flag: "wx" });
  }

  /** Moves the new folder into place; a forced import's old folder goes only once the new one is there. */
  commit(): void {
    ContentStaging.check(this.target, this.shown, this.force);
    const found = entries(this.target);
    let old: string | null = null;
    if (found && found.length === 0) rmdirSync(this.target);
    else if (found) {
      old = path.join(this.root, "previous");
      renameSync(this.target, old);
    }
    try {
      renameSync(this.dir, this.target);
    } catch (e) {
      if (old) renameSync(old, this.target);
      throw e;
    }
    this.done = true;
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Removes everything written; the target is as it was. */
  abort(): void {
    if (this.done) return;
    rmSync(this.root, { recursive: true, force: true });
    if (!this.madeParent) return;
    // The folders made for it, from the deepest, while they are empty.
    for (let dir = path.dirname(this.target); ; dir = path.dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        return;
      }
      if (dir === this.madeParent) return;
    }
  }
}
