// Finds script in HTML fragments with a real HTML parser (htmlparser2), the way a browser reads
// the markup: <script> elements, on* event-handler attributes and javascript: (or vbscript:) URLs.
import { decodeHTMLAttribute } from "entities/decode";
import { Parser } from "htmlparser2";

export interface HtmlProblem {
  message: string;
}

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
const SCRIPT_URL = /^(?:javascript|vbscript):/i;
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f]/;
const IGNORED_IN_SCHEME_ALL = new RegExp(IGNORED_IN_SCHEME.source, "g");
// Elements a browser parses as raw text (scripting on) but htmlparser2 as markup: what the check
// reads inside them is not what the browser runs.
const RAW_TEXT_IN_BROWSERS = new Set(["noscript", "noembed", "noframes", "xmp", "plaintext"]);

const isScriptUrl = (value: string) =>
  SCRIPT_URL.test(IGNORED_IN_SCHEME.test(value) ? value.replace(IGNORED_IN_SCHEME_ALL, "") : value);

// The parser reads the markup without decoding character references, which lets it skip text
// (most of a rich text) at speed instead of character by character. References change no tag or
// attribute a parser finds, only the text and the values, so each attribute value is decoded
// afterwards by the rules the parser would have used for it (an attribute's), the one place a
// reference can hide script: href="jav&#x61;script:...".
const PARSER_OPTIONS = { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true };

/**
 * Calls `visit` with each element's name and attributes, in the order a parser reads them,
 * attribute values decoded: what htmlparser2 reads with `decodeEntities` on (a test holds it to that).
 */
export function eachElement(html: string, visit: (name: string, attributes: Record<string, string>) => void): void {
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const attr in attributes) {
          const raw = attributes[attr]!;
          if (raw.includes("&")) attributes[attr] = decodeHTMLAttribute(raw);
        }
        visit(name, attributes);
      },
    },
    PARSER_OPTIONS,
  );
  parser.write(html);
  parser.end();
}

// Most rich text is plain markup as editors write it: elements from a short list that no parser
// reads specially, attributes with lowercase names and quoted values, separated by whitespace.
// Every parser reads such a fragment's elements and attributes as they stand in the text, so a
// regular expression can vouch that it holds no script. Anything else, and any attribute that
// might be script, goes to the parser, which alone words the problems.
const PLAIN_ELEMENTS = new Set(
  ("a abbr b bdi bdo blockquote br caption cite code col colgroup dd del dfn div dl dt em figcaption figure " +
    "h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub sup table tbody td " +
    "tfoot th thead time tr u ul var wbr").split(" "),
);
// The grammar, written once for the expressions below. HTML's whitespace only: \s would also
// take characters a parser reads as part of a name.
const WS = "[\\t\\n\\f\\r ]";
const ELEMENT_NAME = "[a-z][a-z0-9]*";
const ATTRIBUTE_NAME = "[a-z][a-z0-9-]*";
/** An attribute after its name: `=` and a quoted value, each quote's value built by `value`. */
const assigned = (value: (quote: string) => string) => `${WS}*=${WS}*(?:"${value('"')}"|'${value("'")}')`;
const anyValue = (quote: string) => `[^${quote}]*`;
const capturedValue = (quote: string) => `(${anyValue(quote)})`;

/** One tag at the sticky index: its name (an opening tag's, or a closing one's third) and its attributes' text. */
const TAG = new RegExp(
  `<(?:(${ELEMENT_NAME})((?:${WS}+${ATTRIBUTE_NAME}(?:${assigned(anyValue)})?)*)${WS}*\\/?|\\/(${ELEMENT_NAME})${WS}*)>`,
  "y",
);
/** Each attribute of a tag's attributes' text: its name, and its value inside double or single quotes. */
const ATTRIBUTE = new RegExp(`(${ATTRIBUTE_NAME})(?:${assigned(capturedValue)})?`, "g");

// The same judgement in one pass of the expression engine, for a fragment whose attribute values
// all start as no script URL can: not with `&` (a reference), a space or control character, `j`
// or `v`; the first character then stays first, decoded and stripped. Most rich text is such
// (values like https://..., /path, #id); the rest is looked at tag by tag below. Text runs and
// tags alternate, each tag starting at a `<`, so the engine never backtracks far.
const NAMES = `(?:${[...PLAIN_ELEMENTS].join("|")})(?![a-z0-9])`;
const safeValue = (quote: string) => `(?:[^${quote}&jJvV\\x00-\\x20\\x7f][^${quote}]*)?`;
const PLAIN_FRAGMENT = new RegExp(
  `^[^<]*(?:<(?:${NAMES}(?:${WS}+(?!on|srcdoc(?![a-z0-9-]))${ATTRIBUTE_NAME}(?:${assigned(safeValue)})?)*${WS}*\\/?|\\/${NAMES}${WS}*)>[^<]*)*$`,
);

/** True when `html` is plain markup (above) with no event handler, srcdoc or script URL: no script. */
export function plainlyWithoutScript(html: string): boolean {
  if (PLAIN_FRAGMENT.test(html)) return true;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", TAG.lastIndex)) {
    TAG.lastIndex = at;
    const tag = TAG.exec(html);
    if (!tag || !PLAIN_ELEMENTS.has(tag[1] ?? tag[3]!)) return false;
    if (!tag[2]) continue;
    // Every value is looked at, though of a name given twice the parser keeps the first alone.
    // (An exec loop: matchAll copies the expression at each call.)
    const attributes = tag[2];
    ATTRIBUTE.lastIndex = 0;
    for (let a = ATTRIBUTE.exec(attributes); a !== null; a = ATTRIBUTE.exec(attributes)) {
      const name = a[1]!;
      if (name.startsWith("on") || name === "srcdoc") return false;
      const value = a[2] ?? a[3];
      if (value !== undefined && isScriptUrl(value.includes("&") ? decodeHTMLAttribute(value) : value)) return false;
    }
  }
  return true;
}

export function findScriptInHtml(html: string): HtmlProblem[] {
  return plainlyWithoutScript(html) ? [] : findScriptByParsing(html);
}

/** The parser's reading of `html` for script, with a problem for each piece found. */
export function findScriptByParsing(html: string): HtmlProblem[] {
  const problems: HtmlProblem[] = [];
  eachElement(html, (name, attributes) => {
    if (name === "script") {
      problems.push({ message: "holds a <script> element; scripts are not allowed in content (they would run in every client that shows it): remove it" });
    } else if (RAW_TEXT_IN_BROWSERS.has(name)) {
      problems.push({ message: `holds a <${name}> element, whose content browsers read differently from this check (markup hidden in it can run script): remove it` });
    }
    for (const [attr, value] of Object.entries(attributes)) {
      if (attr === "srcdoc") {
        problems.push({ message: `has a srcdoc="..." attribute on <${name}>, a whole page whose script would run: remove it` });
      } else if (/^on/i.test(attr)) {
        problems.push({ message: `has an event-handler attribute ${attr}="..." on <${name}>; scripts are not allowed in content: remove the attribute` });
      } else if (isScriptUrl(value)) {
        problems.push({ message: `has a script URL in ${attr}=${JSON.stringify(value.slice(0, 40))} on <${name}>; only http(s), mailto and relative links are safe: replace it` });
      }
    }
  });
  return problems;
}
