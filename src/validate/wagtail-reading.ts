// How Wagtail's own rich text rewriter reads a text (wagtail/rich_text/rewriters.py in 5.2), the
// reading a Wagtail front end resolves links by id and embeds with: regular expressions over the
// text, not an HTML parser. The tags `<a(\b[^>]*)>` and `<embed(\b[^>]*)/>`, each found by a pass
// of its own, and in each the attributes `([\w-]+)\="([^"]*)"`, Python's \w and \b being
// Unicode's; values with &lt; &gt; &quot; &amp; decoded, in that order; a name given twice takes
// its last value. Written as scans rather than those expressions, which take quadratic time on
// text with no ">" (or no `="`) where they look; test/unit/wagtail-reading.test.ts holds the scans
// to Python's own expressions.

const WORD_CHAR = /^[\p{L}\p{N}_]$/u;

/** The code point at `at` (a surrogate pair read whole), or "" at the end. */
const codePointAt = (text: string, at: number) => (at < text.length ? String.fromCodePoint(text.codePointAt(at)!) : "");

/** Where each tag `<name ...>` (with "/>" when `selfClosed`) starts and its inside, as Wagtail's expression finds them. */
function* tagsOf(html: string, name: string, selfClosed: boolean): Generator<[at: number, inside: string]> {
  const open = `<${name}`;
  let from = 0;
  for (;;) {
    const at = html.indexOf(open, from);
    if (at === -1) return;
    const after = at + open.length;
    if (WORD_CHAR.test(codePointAt(html, after))) {
      from = after;
      continue;
    }
    const end = html.indexOf(">", after);
    if (end === -1) return;
    // Every "<name" before this ">" ends at it too, and fails as this one does.
    if (!selfClosed || html[end - 1] === "/") yield [at, html.slice(after, selfClosed ? end - 1 : end)];
    from = end + 1;
  }
}

/** Whether the code point ending at `end` (exclusive) is a name character of Wagtail's `[\w-]`, and its length. */
function nameCharBefore(text: string, end: number): number {
  if (end <= 0) return 0;
  const low = text.charCodeAt(end - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && end >= 2 && (text.charCodeAt(end - 2) & 0xfc00) === 0xd800 ? 2 : 1;
  const char = text.slice(end - pair, end);
  return char === "-" || WORD_CHAR.test(char) ? pair : 0;
}

/** The attributes Wagtail's `([\w-]+)\="([^"]*)"` finds in a tag's inside, decoded as Wagtail decodes them. */
function wagtailAttributes(inside: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let from = 0;
  for (;;) {
    const equals = inside.indexOf('="', from);
    if (equals === -1) break;
    let start = equals;
    for (let n = nameCharBefore(inside, start); n > 0 && start - n >= from; n = nameCharBefore(inside, start)) start -= n;
    const close = inside.indexOf('"', equals + 2);
    if (close === -1) break;
    if (start === equals) {
      from = equals + 1;
      continue;
    }
    attributes[inside.slice(start, equals)] = wagtailDecoded(inside.slice(equals + 2, close));
    from = close + 1;
  }
  return attributes;
}

const wagtailDecoded = (value: string) => value.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A tag as Wagtail's rewriter finds it: `<a ...>` or `<embed .../>`, with the attributes it reads. */
export interface WagtailTag {
  element: "a" | "embed";
  attributes: Record<string, string>;
}

/** The `<a ...>` and `<embed .../>` tags of `html` as Wagtail's rewriter finds them, in order. */
export function wagtailReading(html: string): WagtailTag[] {
  const found: [at: number, tag: WagtailTag][] = [];
  for (const element of ["a", "embed"] as const) {
    for (const [at, inside] of tagsOf(html, element, element === "embed")) found.push([at, { element, attributes: wagtailAttributes(inside) }]);
  }
  return found.sort((x, y) => x[0] - y[0]).map(([, tag]) => tag);
}
