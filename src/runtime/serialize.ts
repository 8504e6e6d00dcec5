// The one JSON serializer: the exact bytes Django REST framework writes (json.dumps with indent 4,
// separators "," and ": ", ensure_ascii=False), U+2028/U+2029 escaped, no trailing newline.
// Runtime-neutral (no Node imports): the preview, the build and the Cloudflare worker share it.

const SEPARATORS = /[\u2028\u2029]/;

export function serialize(value: unknown): string {
  const json = JSON.stringify(value, null, 4);
  // Tested first: a replace() with a function copies the whole text even when nothing matches.
  return SEPARATORS.test(json) ? json.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029")) : json;
}
