// Checks an HTML fragment of the content (rich text) against the allowlist of rich-text-allowlist.ts
// with sanitize-html, and names each element, attribute and URL that it would remove; Wagtail's
// stored links and embeds are judged whole (stored-references.ts), and what they name is returned.
import sanitizeHtml from "sanitize-html";
import type { RichTextReference } from "../model/rich-text.js";
import { readPlainly } from "./plain-markup.js";
import { ALLOWED_ELEMENTS, attributeAdvice, ELEMENT_ATTRIBUTES, elementAdvice, GLOBAL_ATTRIBUTES, LINK_SCHEMES, STORED_ATTRIBUTES } from "./rich-text-allowlist.js";
import { embedEndProblem, isStoredTag, judgeStoredTag, printable, readingProblem, urlKind, type Finding, type StoredTag } from "./stored-references.js";

export interface HtmlProblem {
  message: string;
}

export interface RichTextRead {
  problems: HtmlProblem[];
  /** What its stored links and embeds name, in order (those without a problem of their own). */
  references: RichTextReference[];
}

/** An element as sanitize-html read it: its attributes as given (values decoded), and those it kept. */
interface Read {
  name: string;
  given: sanitizeHtml.Attributes;
  kept: sanitizeHtml.Attributes;
}

const ALLOWED = new Set<string>([...ALLOWED_ELEMENTS, "embed"]);
/** The attributes whose value sanitize-html reads as a URL and holds to the allowed schemes. */
const URL_ATTRIBUTES = new Set(sanitizeHtml.defaults.allowedSchemesAppliedToAttributes);

/** The elements of the fragment being checked, in the order sanitize-html reads them. */
let read: Read[] = [];
/** The last text sanitize-html read of it (escaped). */
let lastText = "";

// A fragment is shown inside a page, with markup after it: a tag it leaves unfinished
// (`<a href="javascript:..."`, no `>`) is one that a parser reading the fragment alone drops, and
// a browser reading the page finishes with the markup that follows. So the fragment is checked
// with END after it: a `>` that finishes such a tag (whose problems are then reported) and a mark.
// Read as text, the two mean the fragment ended as text; anything else means it did not.
const MARK = "\uE000";
const END = `>${MARK}`;

// sanitize-html decides; the check only watches it. Each element it reads (not those inside an
// element whose content it drops whole, such as <script> or <style>) passes through the
// transform, which hands sanitize-html a copy of the attributes: the copy is what it filters,
// so the attributes missing from it afterwards are those it removed (the unit tests hold a
// new version of sanitize-html to that).
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED],
  allowedAttributes: {
    "*": [...GLOBAL_ATTRIBUTES],
    a: [...ELEMENT_ATTRIBUTES.a!, ...STORED_ATTRIBUTES.a],
    embed: [...STORED_ATTRIBUTES.embed],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowProtocolRelative: true,
  // An allowed attribute written without a value (`<a href>`) does no harm: not a problem to report.
  nonBooleanAttributes: [],
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  textFilter: (text) => {
    lastText = text;
    return "";
  },
  transformTags: {
    "*": (tagName, attribs) => {
      const kept = { ...attribs };
      read.push({ name: tagName, given: attribs, kept });
      return { tagName, attribs: kept };
    },
  },
};

/**
 * What sanitize-html reads of `html` under these rules, as it writes it back: the markup rich text
 * may keep, the rest removed. What the check judges, shown (the tests use it to show a text harmless).
 */
export function richTextAsRead(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, textFilter: undefined, transformTags: undefined });
}

const NONE: HtmlProblem[] = Object.freeze([]) as unknown as HtmlProblem[];
/** Plain markup naming nothing: one answer for every such text. */
const NOTHING: RichTextRead = Object.freeze({ problems: NONE, references: Object.freeze([]) as unknown as RichTextRead["references"] }) as RichTextRead;

/**
 * The problems of an HTML fragment, each element, attribute or URL that rich text does not allow
 * once (with how often it occurs), in the order they occur (a comment first), and what its stored
 * links and embeds name. Plain markup (plain-markup.ts) has neither.
 */
export function readRichText(html: string): RichTextRead {
  const references = readPlainly(html);
  if (!references) return readAsParsed(html);
  return references.length === 0 ? NOTHING : { problems: NONE, references };
}

/** The problems of an HTML fragment (see readRichText). */
export function checkRichText(html: string): HtmlProblem[] {
  return readRichText(html).problems;
}

/** `html` as sanitize-html reads it (its problems and references): the check's answer for any text, which the quick pass is held to. */
export function readAsParsed(html: string): RichTextRead {
  const elements: Read[] = [];
  read = elements;
  lastText = "";
  sanitizeHtml(html + END, OPTIONS);
  // Each problem once, with how often it occurs: "has the element <div> (3 times), which ...".
  const found = new Map<string, { subject: string; rest: string; times: number }>();
  const add = ([subject, rest]: Finding) => {
    const seen = found.get(subject + rest);
    if (seen) seen.times++;
    else found.set(subject + rest, { subject, rest, times: 1 });
  };
  const declaration = /<[!?]/.exec(html);
  if (declaration) add(declarationProblem(html, declaration.index));
  const stored: StoredTag[] = [];
  let storedProblems = false;
  const references: RichTextReference[] = [];
  for (const element of elements) {
    if (!ALLOWED.has(element.name)) {
      add([`has the element <${printable(element.name)}>`, `, which rich text does not allow: ${elementAdvice(element.name)}`]);
      continue;
    }
    if (isStoredTag(element.name, element.given)) {
      // Judged whole; an event handler is named as on any element.
      const { on, rest } = splitHandlers(element.given);
      const handlers = Object.keys(on);
      for (const handler of handlers) add(attributeProblem(element.name, handler, on[handler]!));
      stored.push({ element: element.name, attributes: element.given });
      const judged = judgeStoredTag({ element: element.name, attributes: rest });
      judged.problems.forEach(add);
      if (judged.problems.length > 0 || handlers.length > 0) storedProblems = true;
      else if (judged.reference) references.push(judged.reference);
      continue;
    }
    for (const attribute in element.given) {
      // The sanitizer's lists hold a stored link's attributes too: on any other link they are problems.
      if (!(attribute in element.kept) || !plainlyAllowed(element.name, attribute)) add(attributeProblem(element.name, attribute, element.given[attribute]!));
    }
  }
  // (A tag with problems of its own is rewritten anyway: how Wagtail reads it would be noise.)
  const differently = storedProblems ? null : readingProblem(stored, html);
  if (differently) add(differently);
  const embedEnd = embedEndProblem(html);
  if (embedEnd) add(embedEnd);
  // (An unclosed comment holds END too: the comment is the problem then.)
  if (!declaration && !lastText.endsWith(`&gt;${MARK}`)) add(unfinishedProblem(html));
  const problems = [...found.values()].map(({ subject, rest, times }) => ({ message: `${subject}${times > 1 ? ` (${times} times)` : ""}${rest}` }));
  return { problems, references };
}

/** Whether an element other than a stored tag may have the attribute. */
const plainlyAllowed = (element: string, attribute: string) => GLOBAL_ATTRIBUTES.includes(attribute as never) || ELEMENT_ATTRIBUTES[element]?.includes(attribute) === true;

/** A tag's event-handler attributes, and the rest. */
function splitHandlers(attributes: sanitizeHtml.Attributes): { on: sanitizeHtml.Attributes; rest: sanitizeHtml.Attributes } {
  const on: sanitizeHtml.Attributes = {};
  const rest: sanitizeHtml.Attributes = {};
  for (const name in attributes) (name.startsWith("on") ? on : rest)[name] = attributes[name]!;
  return { on, rest };
}

// Where a comment ends, and what `<!...>` or `<?...>` is, HTML parsers have read differently (`--!>`
// ends a comment in a browser), and markup a checker takes for a comment is markup it never
// checks. Neither is ever text: a browser reads `<!` and `<?` as the start of one.
function declarationProblem(html: string, at: number): Finding {
  const count = html.match(/<[!?]/g)!.length;
  const shown = JSON.stringify(html.slice(at, at + 12));
  return [
    `has a comment or declaration ${shown}${count > 1 ? ` and ${count - 1} more` : ""}`,
    `, which rich text does not allow (a browser and a checker may end it at different places): remove it, or write "<" as &lt;`,
  ];
}

function unfinishedProblem(html: string): Finding {
  const at = html.lastIndexOf("<");
  return [
    `ends inside an unfinished tag or element ${JSON.stringify(html.slice(at, at + 30))}`,
    ", which markup after the text on a page would finish: end it (a tag with >, an element with its end tag), or write \"<\" as &lt;",
  ];
}

function attributeProblem(element: string, attribute: string, value: string): Finding {
  if (attribute.startsWith("on")) {
    return [`has an event-handler attribute ${printable(attribute)}="..." on <${element}>`, "; rich text cannot run script: remove the attribute"];
  }
  if (plainlyAllowed(element, attribute) && URL_ATTRIBUTES.has(attribute)) {
    return [
      `has ${urlKind(value, "a URL")} in ${attribute}=${JSON.stringify(value.slice(0, 40))} on <${element}>`,
      ", which rich text does not allow: a link may be http(s), mailto:, tel: or relative; replace it",
    ];
  }
  return [`has the attribute ${printable(attribute)}="..." on <${element}>`, `, which rich text does not allow: ${attributeAdvice(element, attribute)}`];
}
