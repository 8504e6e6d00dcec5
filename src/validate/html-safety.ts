// Finds script in HTML fragments with a real HTML parser (htmlparser2), the way a browser reads
// the markup: <script> elements, on* event-handler attributes and javascript: (or vbscript:) URLs.
import { Parser } from "htmlparser2";

export interface HtmlProblem {
  message: string;
}

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
const SCRIPT_URL = /^(?:javascript|vbscript):/i;
// Elements a browser parses as raw text (scripting on) but htmlparser2 as markup: what the check
// reads inside them is not what the browser runs.
const RAW_TEXT_IN_BROWSERS = new Set(["noscript", "noembed", "noframes", "xmp", "plaintext"]);
const stripForScheme = (value: string) => value.replace(/[\u0000-\u0020\u007f]/g, "");

export function findScriptInHtml(html: string): HtmlProblem[] {
  const problems: HtmlProblem[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
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
          } else if (SCRIPT_URL.test(stripForScheme(value))) {
            problems.push({ message: `has a script URL in ${attr}=${JSON.stringify(value.slice(0, 40))} on <${name}>; only http(s), mailto and relative links are safe: replace it` });
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
