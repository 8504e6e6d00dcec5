// The target of a request line (RFC 9112, section 3.2) read as a URL, or null when it is not one
// a server of the API answers: a path, or an absolute http(s) URL (the worker's request.url, a proxy's form).
const ORIGIN = "http://request.invalid";

export function parseRequestTarget(target: string): URL | null {
  try {
    // A path is appended, not resolved: `//host/x` is the path `//host/x`, not another host's `/x`.
    if (target.startsWith("/")) return new URL(`${ORIGIN}${target}`);
    if (/^https?:\/\//i.test(target)) return new URL(target);
  } catch {
    // `http://[/`, a port past 65535, ...: not a URL.
  }
  // `*` (a server-wide OPTIONS), a CONNECT's `host:port`, a relative path: nothing the API answers.
  return null;
}
