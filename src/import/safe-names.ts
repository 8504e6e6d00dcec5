// The names an API gives that become paths or addresses: a page's slug (events/<slug>.json), an
// image's file (images/<file>, images.json), the URL an original is fetched from. Each is checked
// against what Wagtail itself allows before anything is written, whatever site is read.
import { AnswerRefused } from "./errors.js";

/**
 * Wagtail 5.2's page slug: `SlugField(allow_unicode=True, max_length=255)` (wagtail/models/__init__.py),
 * which Django validates with validate_unicode_slug, `^[-\w]+\Z` in Unicode: letters, digits,
 * "_" and "-", so never a dot, a separator, a space or a control character. Page.save() runs
 * that validation.
 */
const WAGTAIL_SLUG = /^[-_\p{L}\p{N}]+$/u;
const SLUG_MAX = 255;

/** Why `slug` is not a slug Wagtail allows, or null. */
export function slugProblem(slug: string): string | null {
  if (!WAGTAIL_SLUG.test(slug)) return `is not a slug Wagtail allows (letters, digits, "-" and "_" only)`;
  if ([...slug].length > SLUG_MAX) return `is longer than Wagtail allows a slug (${SLUG_MAX} characters)`;
  return null;
}

/** Most file systems' limit on one name, in bytes. */
const NAME_MAX_BYTES = 255;
/** Names Windows gives its devices, whatever the extension: `con.json` would not be a file there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\..*)?$/i;

/**
 * Why `name` cannot be one file's name inside --content, or null: it must not be empty, `.` or
 * `..`, hold a separator (`/` or `\`, on every system) or a control character (NUL included),
 * be longer than a file system allows, or be a device's name on Windows. A name that passes
 * stays in the folder it is written to. Wagtail's own originals pass: Django's get_valid_name
 * keeps `-`, `_`, `.`, letters and digits, and Wagtail then makes them ASCII.
 */
export function fileNameProblem(name: string, platform: NodeJS.Platform = process.platform): string | null {
  if (name === "") return "is empty";
  if (name === "." || name === "..") return "names a folder, not a file";
  if (/[/\\]/.test(name)) return "holds a folder separator";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "holds a control character";
  if (Buffer.byteLength(name) > NAME_MAX_BYTES) return `is longer than a file name can be (${NAME_MAX_BYTES} bytes)`;
  if (platform === "win32" && WINDOWS_DEVICE.test(name)) return "is the name of a device on Windows";
  return null;
}

const shown = (value: string) => {
  const s = JSON.stringify(value);
  return s.length > 100 ? `${s.slice(0, 97)}..."` : s;
};

/** Refuses a slug Wagtail does not allow; `where` names the document and the key (`/api/v2/pages/12/: meta.slug`). */
export function checkSlug(slug: string, where: string): void {
  const problem = slugProblem(slug);
  if (problem) throw new AnswerRefused(`${where}: ${shown(slug)} ${problem}: the import names each event page's file after its slug, and writes nothing outside --content`);
}

/** Refuses a name that cannot be a file of its own in the folder it goes to. */
export function checkFileName(name: string, where: string, from?: string): void {
  const problem = fileNameProblem(name);
  if (problem) {
    throw new AnswerRefused(
      `${where}: ${from ? `${shown(from)} gives the file name ${shown(name)}, which` : `the file name ${shown(name)}`} ${problem}: the import writes each name as one file inside --content, and nothing outside it`,
    );
  }
}

/** The absolute URL to fetch `text` at (relative to the URL `base`), refused unless it is http: or https:. */
export function fetchableUrl(text: string, base: string, where: string): string {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new AnswerRefused(`${where}: ${shown(text)} is not a URL the import can fetch`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AnswerRefused(`${where}: ${shown(text)} is a ${url.protocol} URL: the import fetches only http: and https: URLs`);
  }
  if (url.username || url.password) throw new AnswerRefused(`${where}: ${shown(text)} holds credentials: the import sends none`);
  return url.href;
}
