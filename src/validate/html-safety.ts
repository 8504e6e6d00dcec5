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
const IGNORED_IN_SCHEME_ALL = /[\u0000-\u0020\u007f]/g;
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

export function findScriptInHtml(html: string): HtmlProblem[] {
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
