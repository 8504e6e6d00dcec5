// Which paths the admin's file API may name, by their text alone: relative to the content folder,
// no way out of it, and only the files the content format has (docs/content-format.md). Decap
// names them, and this allowlist is what keeps the admin to the catalogue's files (docs/security.md).
import { SLUG } from "../content/common.js";
import { SETTINGS_FILES } from "../load/load-content.js";
import { quoted } from "../preview/print.js";
import { IMAGE_EXTENSIONS } from "./image-extensions.js";

/** What an action does with a path, which decides the files it may name. */
export type PathUse =
  /** An entry read (an event page or a settings file). */
  | "read-entry"
  /** An entry written: an event page's name must be a slug. */
  | "write-entry"
  /** An image original, read or written. */
  | "read-image"
  | "write-image"
  /** A file removed: an event page or an image, never a settings file. */
  | "delete"
  /** The folder a listing reads. */
  | "list-events"
  | "list-images";

export { IMAGE_EXTENSIONS };

const EVENT_FILE = /^events\/([^/]+)\.(json|yaml|yml)$/;
const SETTINGS_FILE = new RegExp(`^(?:${SETTINGS_FILES.join("|")})\\.(?:json|yaml|yml)$`);
/** images.json's `file` rule (content/lists.ts), below images/. */
const IMAGE_FILE = /^images\/([^/\\\s?#]+)\.([A-Za-z0-9]+)$/;

/** What the admin's file API reads and writes, for a refusal to say. */
export const ALLOWED_FILES =
  "the admin reads and writes only event pages (events/<slug>.json, .yaml or .yml), the settings files at the top of the content folder " +
  `(${SETTINGS_FILES.join(", ")}: .json, .yaml or .yml) and image originals (images/<file>, ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(", ")})`;

/** Why a path's text can name no content file at all (a way out of the folder, a name no file has); null when it can. */
export function pathTextProblem(p: string): string | null {
  if (p === "") return "is empty";
  if (p.length > 1024) return "is longer than any content file's path";
  if (/[\x00-\x1f\x7f]/.test(p)) return "holds a control character (such as NUL), which no content file's name has";
  if (p.includes("\\")) return "holds a backslash: paths name folders with / and are relative to the content folder";
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p)) return "is absolute: paths are relative to the content folder";
  const segments = p.split("/");
  if (segments.includes("..")) return 'has a ".." segment, which leads out of its folder';
  if (segments.some((s) => s === "" || s === ".")) return 'has an empty or "." segment';
  return null;
}

/** Why `p` (its text already checked) is not a file or folder `use` may name; null when it is. */
export function allowlistProblem(p: string, use: PathUse): string | null {
  if (use === "list-events" || use === "list-images") {
    const folder = use === "list-events" ? "events" : "images";
    return p === folder ? null : `is not a folder the admin lists: it lists ${folder} alone`;
  }
  const event = EVENT_FILE.exec(p);
  const image = IMAGE_FILE.exec(p);
  if (use === "read-image" || use === "write-image" || (use === "delete" && p.startsWith("images/"))) {
    if (!image || image[1]!.startsWith(".")) return `is not an image original: ${ALLOWED_FILES}`;
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(image[2]!.toLowerCase())) {
      return `is not an image the build takes: originals are ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(", ")} (Wagtail's formats; an SVG can carry script): convert it to one of these`;
    }
    return null;
  }
  if (event && !event[1]!.startsWith(".")) {
    if (use === "write-entry" && !SLUG.test(event[1]!)) {
      return `names an event page whose file name is not a slug: an event page's file is named by its slug, lowercase words of a-z and 0-9 joined by single hyphens, such as "events/hamlet-2026.json"`;
    }
    return null;
  }
  if (SETTINGS_FILE.test(p) && use !== "delete") return null;
  if (SETTINGS_FILE.test(p)) return "is a settings file, which the admin never deletes: edit it instead";
  return `is not a file the admin reads or writes: ${ALLOWED_FILES}`;
}

/** The refusal of a path named at `key` for `use`, as a sentence; null when it passes. */
export function pathProblem(key: string, value: unknown, use: PathUse): string | null {
  if (typeof value !== "string") return `${key} must be a string (a path relative to the content folder)`;
  const text = pathTextProblem(value);
  // A path that leads nowhere the admin goes gets the list of where it does go.
  const problem = text === null ? allowlistProblem(value, use) : `${text}; ${ALLOWED_FILES}`;
  return problem === null ? null : `${key} ${quoted(value)} ${problem}`;
}
