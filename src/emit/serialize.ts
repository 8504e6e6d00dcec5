// The one JSON serializer: the exact bytes Django REST framework writes (json.dumps with indent 4,
// separators "," and ": ", ensure_ascii=False), U+2028/U+2029 escaped, no trailing newline.

export function serialize(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

export function serializeToBuffer(value: unknown): Buffer {
  return Buffer.from(serialize(value), "utf8");
}
