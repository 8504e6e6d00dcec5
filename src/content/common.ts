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

/** HTML fragments are checked for script after the schemas, with an HTML parser. */
export const htmlFragment = z.string();
