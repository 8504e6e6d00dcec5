// `search` as Wagtail 5.2's database backend runs it on SQLite: the title goes through FTS5's
// unicode61 tokenizer (letters and digits make tokens; case and Latin diacritics are folded), each
// white-space separated term of the query is a phrase of its tokens, and the terms are joined with
// `and` or `or` (the default). The backend returns the matches in the list's own order.

/** Tokens of a text, as unicode61 with remove_diacritics=1 makes them. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}\p{Co}\p{M}]+/gu)) {
    const token = m[0].normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    if (token) out.push(token);
  }
  return out;
}

function containsPhrase(haystack: readonly string[], phrase: readonly string[]): boolean {
  // An empty phrase (a term of punctuation alone) matches nothing.
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** A matcher of titles for a query string and operator (`and` or `or`). */
export function titleMatcher(query: string, operator: "and" | "or"): (titleTokens: readonly string[]) => boolean {
  // Python's str.split(): runs of white space separate terms.
  const phrases = query.split(/[\s\u001c-\u001f\u0085]+/).filter((t) => t !== "").map(tokens);
  return operator === "and"
    ? (title) => phrases.every((p) => containsPhrase(title, p))
    : (title) => phrases.some((p) => containsPhrase(title, p));
}
