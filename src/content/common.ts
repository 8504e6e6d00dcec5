// Field schemas shared by the content files: ids, slugs, URLs, zones, HTML fragments.
import { z } from "zod";
import { TIMESTAMP } from "../runtime/time/parse-timestamp.js";
import { isTimeZone } from "../runtime/time/time-zone.js";

export const id = z.int({ error: "must be a positive whole number (an id)" }).positive({
  error: "must be a positive whole number (an id)",
});

export const ticketingCode = z
  .int({ error: "must be a positive whole number (a ticketing code)" })
  .positive({ error: "must be a positive whole number (a ticketing code)" });

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z.string().regex(SLUG, {
  error: "must be lowercase words of a-z and 0-9 joined by single hyphens, such as \"hamlet-2026\"",
});

export const nonEmpty = z.string().min(1, { error: "must not be empty" });

/** An absolute http(s) URL; a trailing slash is dropped so paths join cleanly. */
export const httpUrl = z
  .string()
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === "http:" || u.protocol === "https:") && !u.search && !u.hash;
      } catch {
        return false;
      }
    },
    { error: "must be an absolute http:// or https:// URL without query or fragment, such as \"https://api.example.org\"" },
  )
  .transform((s) => s.replace(/\/+$/, ""));

export const timeZone = z
  .string()
  .refine(isTimeZone, {
    error: "is not a known IANA time zone; write one such as \"Australia/Sydney\" or \"Australia/Brisbane\"",
  })
  .meta({ description: "An IANA time zone, such as Australia/Sydney or Australia/Brisbane." });

/** A site path that starts and ends with a slash. */
export const sitePath = z.string().regex(/^\/(?:[^/?#\s]+\/)*$/, {
  error: "must start and end with \"/\", such as \"/whats-on/\"",
});

/**
 * Timestamps are checked and resolved after the schemas (they need the time zones). The JSON
 * Schema gets the same grammar as a pattern (surrounding spaces allowed, as the build trims).
 */
export const timestampText = z.string().meta({
  pattern: `^\\s*${TIMESTAMP.source.slice(1, -1)}\\s*$`,
  description: "A date and time: YYYY-MM-DDTHH:mm (wall time in the zone), optionally :ss, a fraction, and Z or an offset such as +11:00.",
});

/** `$schema`: the JSON Schema an editor checks the file against; the build ignores it. */
export const schemaReference = z.string().meta({ description: "The JSON Schema of this file, for editors (ignored by the build)." }).optional();

/**
 * A link the API publishes outside rich text (a logo's `link`, a carousel figure's `video`, a
 * button's `link`): http(s), mailto: or tel:, or relative, the schemes rich text's `href` may
 * name. Read more strictly than a browser reads a scheme: no control character anywhere, and
 * before the first `/`, `?` or `#` a colon only in one of those schemes, with no space and no
 * `&` (a character reference could spell a colon), so `javascript:`, ` javascript:`,
 * `java&#x9;script:` and `data:` are all refused. No flag, so the JSON Schema's pattern refuses
 * what the build refuses.
 */
export const LINK = /^(?![\s\S]*[\x00-\x1f\x7f])(?:[hH][tT][tT][pP][sS]?:|[mM][aA][iI][lL][tT][oO]:|[tT][eE][lL]:|[^:/?#&\s]*(?:[/?#]|$))/;

/** An embedded video's address: absolute http(s), no space or control character (no flag, as LINK). */
export const EMBED = /^[hH][tT][tT][pP][sS]?:\/\/[^\s\x00-\x1f\x7f]+$/;

export const link = z.string().regex(LINK, {
  error: "must be an http(s), mailto: or tel: link or a relative one, such as \"https://example.org/tickets\" or \"/whats-on/\" (a link of any other scheme, such as javascript: or data:, would run or load in every front end that shows it)",
});

/**
 * HTML fragments are checked after the schemas, with an HTML parser (validate/html-safety.ts).
 * Marked with JSON Schema's own `contentMediaType`, which the admin's form generator reads (an
 * HTML editor); the description is what an editor's hover shows.
 */
export const htmlFragment = z.string().meta({
  contentMediaType: "text/html",
  description:
    'Rich text: an HTML fragment as Wagtail stores it (<p>, <h2>-<h6>, <b>, <i>, lists, <a href="https://...">, <hr/>, ...; no script, style or class). ' +
    'A link to a page or a document of the site by its id: <a id="3" linktype="page">...</a>, <a id="4" linktype="document">...</a>. ' +
    'An image of images.json placed in the text: <embed alt="..." embedtype="image" format="fullwidth" id="10"/> (format: one of catalogue.json\'s image_formats). ' +
    'A video or other media: <embed embedtype="media" url="https://..."/>. The API publishes the text as written.',
});

// What the content's schemas say beyond types and patterns, for the admin's form generator
// (src/admin/fields.ts) to read rather than guess from key names. They are metadata: kept in the
// JSON Schemas as annotations (`x-` keywords, which validators and editors ignore), never checked.

/** The key of the list an id names: `"x-refers-to": "venues"`. */
export const REFERS_TO = "x-refers-to";
/** The lists an id can name. */
export type IdList = "venues" | "programs" | "images" | "genres" | "accessibility";

/** An id naming an item of a list: a venue's, a program's, an image's, ... */
export const idOf = (list: IdList) => id.meta({ [REFERS_TO]: list });

/** The key of what a new id must be unique among: `"x-id-kind": "performance"`. */
export const ID_KIND = "x-id-kind";
/** The kinds of ids and codes a new entry is given (the next free one of its kind). */
export const ID_KINDS = ["page", "event", "event_ticketing", "performance", "performance_ticketing", "image", "venue", "program", "genre", "accessibility"] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** A new id of its kind (unique among them). */
export const newId = (kind: IdKind) => id.meta({ [ID_KIND]: kind });
/** A new ticketing code of its kind (unique among them). */
export const newTicketingCode = (kind: "event_ticketing" | "performance_ticketing") => ticketingCode.meta({ [ID_KIND]: kind });

/** The key of how a value is edited when its type alone does not say: `"x-widget": "text"`. */
export const WIDGET = "x-widget";
/**
 * `text`: free text of a sentence or more; `datetime`: a date and time as the venue's clocks show
 * it (picked, never converted from a time zone); `image-file`: a file name in content/images/;
 * `focal-point`: an image's focal point.
 */
export type WidgetHint = "text" | "datetime" | "image-file" | "focal-point" | "publication";
export const widgetHint = <T extends z.ZodType>(schema: T, widget: WidgetHint): T => schema.meta({ [WIDGET]: widget }) as T;

/** Free text of a sentence or more (a search description, a quote). */
export const longText = widgetHint(z.string(), "text");
