// The rich text check's quick pass: most rich text is plain markup (allowed elements and
// attributes, lowercase, values in double quotes, links that start with an allowed scheme or are
// relative, and Wagtail's links by id and image embeds written as Wagtail writes them), and proving
// that costs a scan, where sanitize-html's full parse of the same text costs far more. The pass
// answers only "plainly allowed" (with what its links by id and embeds name); any text it cannot
// prove so (a stray "<", an entity in a link, an uppercase tag, a comment, a tag not allowed, a
// media embed) goes to sanitize-html, which alone decides and words the problems. A unit test holds
// the pass to sanitize-html's answer, and to the references the full read finds.
import type { RichTextReference } from "../model/rich-text.js";
import { ALLOWED_ELEMENTS, ELEMENT_ATTRIBUTES, GLOBAL_ATTRIBUTES, LINK_SCHEMES } from "./rich-text-allowlist.js";

/** HTML's whitespace between a tag's parts (not JavaScript's \s, which takes more). */
const WS = "[ \\t\\n\\f\\r]";
const either = (names: readonly string[]) => `(?:${names.join("|")})`;
const attribute = (names: readonly string[], value: string) => `${WS}+${either(names)}${WS}*=${WS}*"${value}"`;

/** A value as sanitize-html keeps it, whatever it holds (it checks no attribute's value but a link's). */
const ANY_VALUE = `[^"<]*`;
// A link is plain when it starts with an allowed scheme written out, or with a character no scheme
// starts with (a relative link), and holds nothing a browser or sanitize-html ignores or decodes:
// no control character, no space, no entity but &amp;.
const LINK_CHAR = `[^"<&\\u0000-\\u0020\\u007f]`;
const LINK = `(?:${either(LINK_SCHEMES)}:|[/#?.])${LINK_CHAR}*(?:&amp;${LINK_CHAR}*)*`;

// Wagtail's links by id and image embeds, as its editor writes them (the embed's attributes in
// alphabetical order): ids of at most 15 digits (a safe integer), formats of the names
// image_formats allows, an alt text with no "<" or ">" (Wagtail's reading ends a tag at a ">").
const ID = `"([1-9][0-9]{0,14})"`;
const LINK_TYPE = `"(page|document)"`;
const STORED_LINK = `a${WS}+(?:id=${ID}${WS}+linktype=${LINK_TYPE}|linktype=${LINK_TYPE}${WS}+id=${ID})`;
const IMAGE_EMBED = `embed(?:${WS}+alt="[^"<>]*")?${WS}+embedtype="image"${WS}+format="([A-Za-z0-9_-]+)"${WS}+id=${ID}${WS}*/`;
/** Each of them, its parts captured: a link's id and type (in either order), an embed's format and id. */
const STORED = new RegExp(`<(?:${STORED_LINK}${WS}*|${IMAGE_EMBED})>`, "g");
/** The same, uncaptured, for the run below. */
const uncaptured = (pattern: string) => pattern.replace(/\((?!\?)/g, "(?:");

/** Each allowed element's start tag and its attributes: one alternative per set of attributes (with Wagtail's stored tags when `stored`). */
function startTags(stored: boolean): string {
  const own = Object.keys(ELEMENT_ATTRIBUTES);
  const plain = ALLOWED_ELEMENTS.filter((e) => !own.includes(e));
  const alternatives = [`${either(plain)}(?:${attribute(GLOBAL_ATTRIBUTES, ANY_VALUE)})*`];
  for (const element of own) {
    const others = [...GLOBAL_ATTRIBUTES, ...ELEMENT_ATTRIBUTES[element]!.filter((a) => a !== "href")];
    const href = ELEMENT_ATTRIBUTES[element]!.includes("href") ? [attribute(["href"], LINK)] : [];
    alternatives.push(`${element}(?:${[attribute(others, ANY_VALUE), ...href].join("|")})*`);
  }
  if (!stored) return `${either(alternatives)}${WS}*/?`;
  return `(?:${either([...alternatives, uncaptured(STORED_LINK)])}${WS}*/?|${uncaptured(IMAGE_EMBED)})`;
}

/**
 * Text and plain tags, as many as follow one another from where it starts, up to a number (a
 * regular expression's backtracking stack holds each): with nothing after it, the repetition never
 * backtracks past a tag, and stops where a tag is not plain. The second takes Wagtail's stored
 * tags too; it runs only from where the first stops, so text without them never pays for them.
 */
const run = (stored: boolean) => new RegExp(`(?:[^<]*<(?:/${either(ALLOWED_ELEMENTS)}${WS}*|${startTags(stored)})>){0,4096}`, "y");
const PLAIN_RUN = run(false);
const STORED_RUN = run(true);

/** How far the runs read `html` from `at`: to its end when it is plainly allowed; and whether a stored tag was read. */
function readRuns(html: string): { end: number; stored: boolean } {
  let at = 0;
  let stored = false;
  for (;;) {
    PLAIN_RUN.lastIndex = at;
    PLAIN_RUN.test(html);
    if (PLAIN_RUN.lastIndex !== at) {
      at = PLAIN_RUN.lastIndex;
      continue;
    }
    if (at === html.length) break;
    STORED_RUN.lastIndex = at;
    STORED_RUN.test(html);
    if (STORED_RUN.lastIndex === at) break;
    at = STORED_RUN.lastIndex;
    stored = true;
  }
  return { end: at, stored };
}

/** Whether `html` is markup the check would find nothing in, provably so; false when unsure. */
export function isPlainlyAllowed(html: string): boolean {
  return readPlainly(html) !== null;
}

const NONE: RichTextReference[] = Object.freeze([]) as unknown as RichTextReference[];

/**
 * What the links by id and image embeds of plainly allowed markup name, in order; null when the
 * markup is not plainly allowed. (In such markup a "<" starts a tag, never a value's text, so
 * each match of STORED is a tag.)
 */
export function readPlainly(html: string): RichTextReference[] | null {
  const { end, stored } = readRuns(html);
  if (html.indexOf("<", end) !== -1) return null;
  if (!stored) return NONE;
  const found: RichTextReference[] = [];
  for (const [, id1, type1, type2, id2, format, imageId] of html.matchAll(STORED)) {
    if (format !== undefined) found.push({ kind: "image", id: Number(imageId), format });
    else found.push({ kind: (type1 ?? type2) as "page" | "document", id: Number(id1 ?? id2) });
  }
  return found;
}
