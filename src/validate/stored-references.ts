// Wagtail's stored form inside rich text: a link to a page or a document by id (`<a id="3"
// linktype="page">`) and an image or a media item placed in the text (`<embed alt="..."
// embedtype="image" format="left" id="10"/>`, `<embed embedtype="media" url="https://..."/>`).
// Each such tag is judged whole, by its set of attributes. And the fragment is read a second
// time as Wagtail's rich text rewriter reads it (regular expressions over the text: `<a ...>`,
// `<embed .../>`, `name="value"`), the reading a Wagtail front end resolves them with: both
// readings must find the same tags, or a tag would be published as one thing and resolved as
// another (or not at all).
import type { RichTextReference } from "../model/rich-text.js";
import { EMBED_ATTRIBUTES, LINK_TYPES, STORED_LINK_ATTRIBUTES, type EmbedType } from "./rich-text-allowlist.js";
import { EMBED } from "../content/common.js";
import { wagtailReading } from "./wagtail-reading.js";

/** A problem's message in two: what the text has, and the rest (why, and what to do). */
export type Finding = [subject: string, rest: string];

/** A stored tag: its element and its attributes (names and values as one reading gives them). */
export interface StoredTag {
  element: "a" | "embed";
  attributes: Readonly<Record<string, string>>;
}

/** Every `<embed>`, and an `<a>` with linktype, or with an id and no href (a link by address with a stray id is a plain link's problem). */
export function isStoredTag(element: string, attributes: Readonly<Record<string, string>>): element is StoredTag["element"] {
  if (element === "embed") return true;
  return element === "a" && ("linktype" in attributes || ("id" in attributes && !("href" in attributes)));
}

const STORED_LINK = `<a id="3" linktype="page">`;
const IMAGE_EMBED = `<embed alt="..." embedtype="image" format="fullwidth" id="10"/>`;
const MEDIA_EMBED = `<embed embedtype="media" url="https://..."/>`;
const shown = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
/** A name as a message can show it: a control character (a NUL in a tag name) escaped as JSON escapes it. */
export const printable = (name: string) => JSON.stringify(name).slice(1, -1);
const list = (names: readonly string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** An id as Wagtail stores it: a positive whole number in digits. */
function idOf(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The problems of a stored tag as an HTML parser read it (event handlers are the caller's), or what it names. */
export function judgeStoredTag(tag: StoredTag): { problems: Finding[]; reference: RichTextReference | null } {
  return tag.element === "a" ? judgeLink(tag.attributes) : judgeEmbed(tag.attributes);
}

function judgeLink(attributes: Readonly<Record<string, string>>): { problems: Finding[]; reference: RichTextReference | null } {
  const problems: Finding[] = [];
  const linktype = attributes.linktype;
  const what = `a link by id (${STORED_LINK})`;
  for (const name of Object.keys(attributes)) {
    if ((STORED_LINK_ATTRIBUTES as readonly string[]).includes(name)) continue;
    if (name === "href") {
      problems.push([`has both href and linktype on <a>`, `; a link leads to an address (href) or to a page or document of the site by its id (id and linktype, as Wagtail stores it), not both: remove one`]);
    } else problems.push([`has the attribute ${printable(name)}="..." on ${what}`, `, which has only id and linktype, as Wagtail stores it: remove it`]);
  }
  if (linktype === undefined) {
    problems.push([`has id=${shown(attributes.id!)} on <a> without linktype`, `; an id names a page or a document of the site only with linktype, as Wagtail stores it (${STORED_LINK}): add linktype, or link by address with href`]);
  } else if (!(LINK_TYPES as readonly string[]).includes(linktype)) {
    problems.push([`has linktype=${shown(linktype)} on <a>, which rich text does not allow`, `: a link by id is to a "page" or a "document" of the site (${STORED_LINK}); link anything else by its address, with href="https://..."`]);
  }
  const id = idOf(attributes.id);
  const noun = linktype === "document" ? "document" : "page";
  if (attributes.id === undefined) {
    problems.push([`has linktype=${shown(linktype!)} on <a> without an id`, `: write the ${noun}'s id, as Wagtail stores it (${STORED_LINK})`]);
  } else if (id === null) {
    problems.push([`has id=${shown(attributes.id)} on ${what}`, `, which must be the ${noun}'s id, a positive whole number such as id="3"`]);
  }
  if (problems.length > 0 || id === null) return { problems, reference: null };
  return { problems, reference: { kind: linktype as "page" | "document", id } };
}

function judgeEmbed(attributes: Readonly<Record<string, string>>): { problems: Finding[]; reference: RichTextReference | null } {
  const embedtype = attributes.embedtype;
  if (embedtype === undefined || !Object.hasOwn(EMBED_ATTRIBUTES, embedtype)) {
    const has = embedtype === undefined ? "has an <embed> without embedtype" : `has embedtype=${shown(embedtype)} on <embed>`;
    const given = Object.keys(attributes).filter((a) => a !== "embedtype");
    return {
      problems: [[has, `, which rich text does not allow${given.length ? ` (it has ${list(given.map(printable))})` : ""}: an <embed> is Wagtail's, an image of images.json (${IMAGE_EMBED}) or media by its address (${MEDIA_EMBED}); use an "embed" block for anything else`]],
      reference: null,
    };
  }
  const type = embedtype as EmbedType;
  const rules = EMBED_ATTRIBUTES[type];
  const own: readonly string[] = [...rules.required, ...rules.optional];
  const what = type === "image" ? "an image embed" : "a media embed";
  const problems: Finding[] = [];
  for (const name of Object.keys(attributes)) {
    if (!own.includes(name)) problems.push([`has the attribute ${printable(name)}="..." on ${what}`, `, which has only ${list([...own].sort())}, as Wagtail stores it: remove it`]);
  }
  for (const name of rules.required) {
    if (attributes[name] !== undefined) continue;
    const write = name === "id" ? `the image's id of images.json, such as id="10"` : name === "format" ? `one of the site's image formats, such as format="fullwidth"` : `the media's address, such as url="https://www.youtube.com/watch?v=..."`;
    problems.push([`has ${what} without ${name}`, `: write ${write} (${type === "image" ? IMAGE_EMBED : MEDIA_EMBED})`]);
  }
  if (type === "media") {
    const url = attributes.url;
    if (url !== undefined && !isMediaUrl(url)) {
      problems.push([`has ${urlKind(url, "an address that is not absolute")} in url=${shown(url)} on a media embed, which rich text does not allow`, `: a media embed's url is the absolute http(s) address of the video or other media, such as url="https://www.youtube.com/watch?v=..."`]);
    }
    return { problems, reference: problems.length === 0 ? { kind: "media", url: url! } : null };
  }
  const id = idOf(attributes.id);
  if (attributes.id !== undefined && id === null) problems.push([`has id=${shown(attributes.id)} on an image embed`, `, which must be an image's id of images.json, a positive whole number such as id="10"`]);
  return { problems, reference: problems.length === 0 && id !== null ? { kind: "image", id, format: attributes.format! } : null };
}

/** An absolute http(s) address, as an `embed` block's (no space or control character), that a URL parser reads. */
const isMediaUrl = (url: string) => EMBED.test(url) && URL.canParse(url);

/** `a script URL`, `a data: URL`: what a browser reads in `url`, as a message names it (`none` when it reads no scheme). */
export function urlKind(url: string, none: string): string {
  const scheme = URL.canParse(url) ? new URL(url).protocol : undefined;
  return scheme === "javascript:" || scheme === "vbscript:" ? "a script URL" : scheme ? `a ${scheme} URL` : none;
}

/** The values both readings must agree on: what a tag names (alt and url may differ by a character reference Wagtail leaves as written). */
const NAMING = ["linktype", "id", "embedtype", "format"];

/** Whether two readings of a tag agree: the same element, the same attribute names, the same values of what names. */
function sameTag(a: StoredTag, b: StoredTag): boolean {
  const names = (t: StoredTag) => Object.keys(t.attributes).sort().join(" ");
  return a.element === b.element && names(a) === names(b) && NAMING.every((n) => a.attributes[n] === b.attributes[n]);
}

/** A tag as a message shows it: `<embed embedtype="image" id="10">` (with "/>" where Wagtail read it, which needs one). */
function describe(tag: StoredTag, wagtail = false): string {
  const attributes = Object.entries(tag.attributes).map(([n, v]) => ` ${n}=${shown(v)}`).join("");
  return `<${tag.element}${attributes}${wagtail && tag.element === "embed" ? "/" : ""}>`;
}

/** The problem, when the stored tags an HTML parser read (`parsed`) are not those Wagtail's rewriter reads in `html`. */
export function readingProblem(parsed: readonly StoredTag[], html: string): Finding | null {
  const wagtail: StoredTag[] = wagtailReading(html).filter((t) => isStoredTag(t.element, t.attributes));
  const n = Math.max(parsed.length, wagtail.length);
  for (let i = 0; i < n; i++) {
    const p = parsed[i];
    const w = wagtail[i];
    if (p && w && sameTag(p, w)) continue;
    const subject = p
      ? `has ${describe(p)} (a link by id or an embed), which Wagtail reads ${w ? `as ${describe(w, true)}` : "as no such tag"}`
      : `has ${describe(w!, true)} where a browser reads no such tag (in a value, or in an element dropped whole)`;
    return [
      subject,
      `: write links by id and embeds exactly as Wagtail stores them, the tag and its attribute names in lowercase, each attribute once with its value in double quotes, an <embed> closed with "/>" (${STORED_LINK}, ${IMAGE_EMBED})`,
    ];
  }
  return null;
}

/** An end tag `</embed>`: an embed holds nothing, and a browser drops the end tag, leaving what it "held" as text beside it. */
const EMBED_END = /<\/embed(?=[\t\n\f\r />]|$)/i;

export function embedEndProblem(html: string): Finding | null {
  if (!EMBED_END.test(html)) return null;
  return [`has an end tag </embed>`, `; an <embed> holds nothing (Wagtail stores it as one tag, ${IMAGE_EMBED}): remove the end tag, and write any text around it in <p>`];
}
