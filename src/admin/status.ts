// GET /api/admin/status: the last build's outcome, for the admin to show after a save: its
// sequence number (the admin waits for it to pass the one it saw), whether another is under way,
// and its problems, each with the file (relative to the content folder, as the admin's paths
// are), the key path and the message the terminal prints.
import path from "node:path";
import type { Diagnostic } from "../model/diagnostics.js";
import { buildSummaryLine } from "../preview/print.js";
import type { BuildOutcome } from "../preview/server.js";
import type { SaveProblem } from "./file-api.js";

export interface StatusDiagnostic {
  severity: "error" | "warning";
  /** Relative to the content folder, such as `events/hamlet.json`. */
  file: string;
  /** The key path, dotted: `performances.0.venue` ("" for the file as a whole). */
  key: string;
  message: string;
}

export interface EditStatus {
  /** The sequence number of the last finished build; 0 before the first. */
  build: number;
  building: boolean;
  ok: boolean;
  diagnostics: StatusDiagnostic[];
  /** One line, as the terminal prints it. */
  summary: string;
}

/** What edit's terminal says while the content has errors (printPreviewBuild's last words). */
export const WHILE_FAILING = "Until the content builds again, the API answers the last build that succeeded (or these errors, before the first).";

/** The builds' outcomes as the status answers them. `contentDir` and `cwd` turn the build's file names into the content folder's. */
export class BuildStatus {
  private sequence = 0;
  private last: BuildOutcome | null = null;

  constructor(private readonly contentDir: string, private readonly cwd: string) {}

  record(outcome: BuildOutcome): void {
    this.sequence++;
    this.last = outcome;
  }

  answer(building: boolean): EditStatus {
    const last = this.last;
    if (!last) return { build: 0, building, ok: false, diagnostics: [], summary: "Building..." };
    return { build: this.sequence, building, ok: last.ok, diagnostics: last.diagnostics.map((d) => this.shown(d)), summary: buildSummaryLine(last, WHILE_FAILING) };
  }

  private shown(d: Diagnostic): StatusDiagnostic {
    return { severity: d.severity, ...adminProblem(d, this.contentDir, this.cwd) };
  }
}

/** A problem of a build run from `cwd` on `contentDir`, as the admin names it (the status here, a refused save in save-check.ts): file relative to the content folder, dotted key path. */
export function adminProblem(d: Diagnostic, contentDir: string, cwd: string): SaveProblem {
  // The build names files from the working folder (`content/events/x.json`).
  const rel = path.relative(contentDir, path.resolve(cwd, d.file));
  // The folder itself, or a file out of it, keeps the build's name ("..x.json" is a file in it).
  const inside = rel !== "" && rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
  const file = inside ? rel.split(path.sep).join("/") : d.file;
  return { file, key: d.path.map(String).join("."), message: d.message };
}
