// The few Python and Django behaviours Wagtail's query handling leans on, so that the same query
// string is read the same way: QueryDict (the last value of a repeated key wins), int(), repr(),
// str.isalnum() and str.isspace().

/** A query string read as Django's QueryDict: keys in first-seen order, each with its last value. */
export function queryDict(search: string): Map<string, string> {
  // Map.set keeps a key where it was first inserted and replaces its value: exactly QueryDict.
  const params = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) params.set(key, value);
  return params;
}

const PY_SPACE = /^[\s\u001c-\u001f\u0085]*$/;

/** Python's `int(text)`: surrounding white space, a sign, digits with single underscores between. */
export function pyInt(text: string): number | null {
  const m = /^[\s\u001c-\u001f\u0085]*([+-]?)(\d+(?:_\d+)*)[\s\u001c-\u001f\u0085]*$/.exec(text);
  if (!m) return null;
  const n = Number(m[2]!.replace(/_/g, ""));
  return m[1] === "-" ? -n : n;
}

export function pyIsSpace(ch: string): boolean {
  return ch !== "" && PY_SPACE.test(ch);
}

export function pyIsAlnum(ch: string): boolean {
  return /^[\p{L}\p{Nd}\p{Nl}\p{No}]$/u.test(ch);
}

/** Python's `repr()` of a str, as error messages quote a value. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if ((code >= 0x80 && code < 0xa0) || code === 0xad) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return quote + out + quote;
}

/** Compares two strings by code point, as SQLite's BINARY collation compares their UTF-8 bytes. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort after every other BMP unit in code point order.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
