// The addresses rich text may hold: a link's (an allowed scheme, or relative) and a media embed's
// (absolute http(s)). The link dialog and the media dialog refuse others, and so does the
// editor's reading of a link (pasted text included), so no address the build would refuse gets in.
import { LINK_SCHEMES } from "../../../validate/rich-text-allowlist.js";

/** Control characters and spaces, which a browser drops from a URL's scheme wherever they stand. */
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f]/g;

/** Why `href` cannot be a link of rich text, or null when it can (an allowed scheme, or relative). */
export function linkProblem(href: string): string | null {
  if (href === "") return "Write an address, such as https://example.org/ or /whats-on/.";
  const scheme = /^([^/?#]*?):/.exec(href.replace(INVISIBLE, ""))?.[1]?.toLowerCase();
  if (scheme !== undefined && !(LINK_SCHEMES as readonly string[]).includes(scheme)) return `A link may be ${LINK_SCHEMES.join(":, ")}: or relative (/whats-on/); "${scheme}:" is not allowed.`;
  return null;
}

/** Why `url` cannot be a media embed's address, or null when it can (absolute http(s), no space). */
export function mediaProblem(url: string): string | null {
  if (!/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(url)) return "Write the media's whole address, starting with https:// (such as https://www.youtube.com/watch?v=...).";
  try {
    new URL(url);
    return null;
  } catch {
    return "This is not an address a browser can open; copy it from the address bar of the video's page.";
  }
}

