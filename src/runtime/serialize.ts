// The one JSON serializer: the exact bytes Django REST framework writes (json.dumps with indent 4,
// separators "," and ": ", ensure_ascii=False), U+2028/U+2029 escaped, no trailing newline.
// Runtime-neutral (no Node imports): the preview, the build and the Cloudflare worker share it.

export function serialize(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}
