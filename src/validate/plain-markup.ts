// The rich text check's quick pass: most rich text is plain markup (allowed elements and
// attributes, lowercase, values in double quotes, links that start with an allowed scheme or are
// relative), and proving that costs a scan, where sanitize-html's full parse of the same text costs
// far more. The pass answers only "plainly allowed"; any text it cannot prove so (a stray "<", an
// entity in a link, an uppercase tag, a comment, a tag not allowed) goes to sanitize-html, which
// alone decides and words the problems. A unit test holds the pass to sanitize-html's answer.
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

/** Each allowed element's start tag and its attributes: one alternative per set of attributes. */
function startTags(): string {
  const own = Object.keys(ELEMENT_ATTRIBUTES);
  const plain = ALLOWED_ELEMENTS.filter((e) => !own.includes(e));
  const alternatives = [`${either(plain)}(?:${attribute(GLOBAL_ATTRIBUTES, ANY_VALUE)})*`];
  for (const element of own) {
    const others = [...GLOBAL_ATTRIBUTES, ...ELEMENT_ATTRIBUTES[element]!.filter((a) => a !== "href")];
    const href = ELEMENT_ATTRIBUTES[element]!.includes("href") ? [attribute(["href"], LINK)] : [];
    alternatives.push(`${element}(?:${[attribute(others, ANY_VALUE), ...href].join("|")})*`);
  }
  return `${either(alternatives)}${WS}*/?`;
}

/**
 * Text and plain tags, as many as follow one another from where it starts, up to a number (a
 * regular expression's backtracking stack holds each): with nothing after it, the repetition never
 * backtracks past a tag, and stops where a tag is not plain.
 */
const PLAIN_RUN = new RegExp(`(?:[^<]*<(?:/${either(ALLOWED_ELEMENTS)}${WS}*|${startTags()})>){0,4096}`, "y");

/** Whether `html` is markup the check would find nothing in, provably so; false when unsure. */
export function isPlainlyAllowed(html: string): boolean {
  let at = 0;
  for (;;) {
    PLAIN_RUN.lastIndex = at;
    PLAIN_RUN.test(html);
    if (PLAIN_RUN.lastIndex === at) break;
    at = PLAIN_RUN.lastIndex;
  }
  return html.indexOf("<", at) === -1;
}
