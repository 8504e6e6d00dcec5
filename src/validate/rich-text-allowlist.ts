// The elements, attributes and URL schemes rich text may use, and what to write instead of the
// others: the rules the rich text check hands to sanitize-html (html-safety.ts), kept apart so
// that the docs and the tests read the same lists.

/** The elements an editor's rich text is made of (what Wagtail's rich text editor writes). */
export const ALLOWED_ELEMENTS = [
  "p", "br", "hr", "h2", "h3", "h4", "h5", "h6",
  "strong", "b", "em", "i", "u", "s", "del", "ins", "sub", "sup", "small", "mark",
  "code", "pre", "kbd", "abbr", "cite", "q", "blockquote",
  "ul", "ol", "li", "a",
] as const;

/**
 * Attributes every allowed element may have: the language and direction of a passage, a title
 * (shown as a tooltip), and the block key Wagtail's editor gives each block (`<p data-block-key="x1y2z">`).
 */
export const GLOBAL_ATTRIBUTES = ["lang", "dir", "title", "data-block-key"] as const;

/** Attributes one element may have besides the global ones. */
export const ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "target", "rel"],
};

/** Schemes a link's `href` may name (a relative link names none). */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;

// Wagtail's stored form: what its editor writes for a link to a page or a document of the site
// (by id) and for an image or a media item placed in the text. These tags are checked for their
// whole set of attributes (stored-references.ts), not attribute by attribute; the quick pass
// (plain-markup.ts) takes only their canonical form, links by id and image embeds as Wagtail's
// editor writes them, and leaves every other to that check.

/** The link types a stored link may name, by id. */
export const LINK_TYPES = ["page", "document"] as const;
/** A stored link's attributes: exactly these two. */
export const STORED_LINK_ATTRIBUTES = ["id", "linktype"] as const;
/** The embed types, and the attributes each may have (`alt` the only optional one). */
export const EMBED_ATTRIBUTES = {
  image: { required: ["embedtype", "format", "id"], optional: ["alt"] },
  media: { required: ["embedtype", "url"], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;
export type EmbedType = keyof typeof EMBED_ATTRIBUTES;

/** Every attribute a stored tag may have, for the sanitizer's lists (the tag's own rules decide the rest). */
export const STORED_ATTRIBUTES: Readonly<Record<"a" | "embed", readonly string[]>> = {
  a: STORED_LINK_ATTRIBUTES,
  embed: [...new Set(Object.values(EMBED_ATTRIBUTES).flatMap((e) => [...e.required, ...e.optional]))],
};

const MEDIA = `use an "embed" block for a video, a map or other media, or place it in the text as Wagtail stores it, <embed embedtype="media" url="https://..."/>`;
const LAYOUT = "write the text in <p> (or <h2>-<h6>, a list, <blockquote>); the front end lays rich text out";
const LOOK = "remove it; the front end's stylesheet gives rich text its look";
const PAGE = "remove it; rich text is a part of a page, which the front end makes";
const FORM = `link to the form instead: <a href="https://...">`;
// Images are kept in images.json, shown by blocks or placed in the text by id; an <img> in rich
// text would be fetched from any address, past them.
const IMAGE = `place an image of images.json as Wagtail stores it, <embed alt="..." embedtype="image" format="fullwidth" id="10"/>, or show it with an "image_carousel" block`;

const TABLE = `rich text has no tables: use a list (<ul>, <ol>), or a "credits" block for roles and names`;

/** Each name of `names` (space-separated) with the same advice. */
const advise = (names: string, advice: string) => names.split(" ").map((name) => [name, advice] as const);

/** What to write instead of an element rich text does not allow, when there is better advice than removing it. */
const ELEMENT_ADVICE: ReadonlyMap<string, string> = new Map([
  ["script", "remove it; rich text cannot run script (it would run in every client that shows the page)"],
  ["noscript", "remove it; rich text runs no script, so it needs no fallback for it"],
  ["h1", "use <h2> (the page's title is its <h1>), or <h3>-<h6> below it"],
  ...advise("img image picture", IMAGE),
  ...advise("style link font center basefont", LOOK),
  ...advise("div span section article header footer nav aside main figure figcaption", LAYOUT),
  ...advise("iframe frame frameset object embed applet param video audio source track canvas svg math map area", MEDIA),
  ...advise("form input button select option textarea label fieldset", FORM),
  ...advise("html head body title base meta template", PAGE),
  ...advise("table thead tbody tfoot tr td th caption col colgroup", TABLE),
  ...advise("dl dt dd", "use a list (<ul>, <ol>) or paragraphs"),
]);

/** What to write instead of `<name>`. */
export function elementAdvice(name: string): string {
  return ELEMENT_ADVICE.get(name) ?? "remove the element and keep its text (see the content reference for the elements rich text may use)";
}

/** What to write instead of attribute `attribute` of `<element>` (an allowed element). */
export function attributeAdvice(element: string, attribute: string): string {
  if (attribute === "style") return LOOK;
  if (attribute === "class") return "remove it; rich text is styled by its elements, and a class would let it take the look of the page's own controls";
  const own = [...(ELEMENT_ATTRIBUTES[element] ?? []), ...GLOBAL_ATTRIBUTES];
  // A link by id (Wagtail's stored form) has no href: <a id="3" linktype="page">.
  if (element === "a" && (attribute === "id" || attribute === "linktype")) return `remove it (<a> may have ${own.join(", ")}); a link to a page of the site by its id is written without href, <a id="3" linktype="page">`;
  return `remove it (<${element}> may have ${own.join(", ")})`;
}
