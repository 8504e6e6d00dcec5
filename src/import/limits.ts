// The bounds of what the import accepts from an API, in one place: the size of a body, the
// redirects it follows and how deeply an answer's JSON may nest. Any site may be read, or a
// compromised one, so nothing it sends is trusted to be small or shallow.

const MIB = 1024 * 1024;

/**
 * The largest JSON answer read. A static copy of a catalogue answers its whole event list at once,
 * about half a kilobyte an item: 64 MiB holds well over 100,000 event pages; Wagtail's own pages
 * of 20 are a few kilobytes.
 */
export const JSON_ANSWER_MAX_BYTES = 64 * MIB;

/**
 * How deeply an answer's arrays and objects may nest. Wagtail's documents nest about ten deep
 * (a page, its StreamField, a block's value, its lists); what reads them after JSON.parse (the
 * shapes, the comparison, the serializer, the build) recurses, so a deeper answer is refused
 * before anything reads it rather than overflowing the stack.
 */
export const JSON_MAX_DEPTH = 128;

/**
 * The most requests one list is read in. Wagtail pages by 20 at most by default: 100,000 requests
 * read two million items. A total_count past it is refused before any offset is planned, rather
 * than planning one request for each page of a total no catalogue has.
 */
export const MAX_LIST_REQUESTS = 100_000;

/** Redirects followed for one request (a site moved to https:, to www., behind a CDN takes one or two). */
export const MAX_REDIRECTS = 5;

/**
 * Attempts of one request that end in the same failure of the host's own (nothing listens on the
 * port, no DNS answer) before the host is given up on: about 3.5 s of backoff. A name that does
 * not resolve is given up on at the first. Every other request to it then fails at once, so an
 * unreachable CDN costs the import seconds, not a round of retries for each original.
 */
export const HOST_ATTEMPTS = 4;
