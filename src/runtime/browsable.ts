// The browsable rendering of an answer (`?format=api`), like Django REST framework's: breadcrumb,
// the view's name, the request line, the status and headers, then the JSON with URLs as links.
// Runtime-neutral: the caller passes the template (templates/browsable.html); the page needs no
// JavaScript.

export type Header = readonly [name: string, value: string];

export const STATUS_TEXT: Record<number, string> = {
  200: "OK", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// The last JSON linked: a build renders each event page's detail twice, for its two paths.
let lastJson: string | null = null;
let lastLinked = "";

/** The JSON text, HTML-escaped, with every quoted http(s) URL made a link. */
export function linkifyJson(json: string): string {
  if (json !== lastJson) {
    lastLinked = linked(json);
    lastJson = json;
  }
  return lastLinked;
}

function linked(json: string): string {
  let out = "";
  let last = 0;
  for (const m of json.matchAll(/"(https?:\/\/[^"\\\s]+)"/g)) {
    const url = m[1]!;
    out += escapeHtml(json.slice(last, m.index)) + `&quot;<a href="${escapeHtml(url)}" rel="nofollow">${escapeHtml(url)}</a>&quot;`;
    last = m.index! + m[0].length;
  }
  return out + escapeHtml(json.slice(last));
}

export interface BrowsableAnswer {
  method: string;
  /** The request's path and query, as the request line shows it. */
  requestPath: string;
  status: number;
  /** The view's name: "Event Pages Api", "Pages Api". */
  name: string;
  /** The collection's list path, for the breadcrumb. */
  collectionPath: string;
  /** The JSON headers to show (DRF shows Allow, Content-Type, Vary). */
  headers: readonly Header[];
  json: string;
}

function breadcrumbs(a: BrowsableAnswer): string {
  const path = a.requestPath.split("?")[0]!;
  const crumbs = [`<li><a href="${escapeHtml(a.collectionPath)}?format=api">${escapeHtml(a.name)}</a></li>`];
  if (path !== a.collectionPath) {
    const last = path.slice(a.collectionPath.length).replace(/\/$/, "");
    crumbs.push(`<li class="active"><a href="${escapeHtml(path)}?format=api">${escapeHtml(last)}</a></li>`);
  }
  return crumbs.join("");
}

/** Fills `template` (templates/browsable.html) for one answer. */
export function renderBrowsable(template: string, a: BrowsableAnswer, siteName = "Events Catalogue API"): string {
  const shown = ["Allow", "Content-Type", "Vary"]
    .map((name) => a.headers.find(([n]) => n.toLowerCase() === name.toLowerCase()))
    .filter((h): h is Header => h !== undefined)
    .map(([n, v]) => `<b>${escapeHtml(n)}:</b> <span class="lit">${escapeHtml(v)}</span>`)
    .join("\n");
  const path = a.requestPath.split("?")[0]!;
  const values: Record<string, string> = {
    title: `${a.name} – ${siteName}`,
    site_name: siteName,
    list_path: `${a.collectionPath}?format=api`,
    name: a.name,
    json_href: `${path}?format=json`,
    method: a.method,
    request_path: a.requestPath,
    status_line: `${a.status} ${STATUS_TEXT[a.status] ?? ""}`.trim(),
  };
  // One pass over the template alone: what it puts in (a title, a request's path) may hold
  // `{{name}}` too, which must show as written.
  return template.replace(/\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}/g, (_, raw: string | undefined, key: string | undefined) =>
    raw === undefined
      ? escapeHtml(values[key!] ?? "")
      : raw === "breadcrumbs"
        ? breadcrumbs(a)
        : raw === "headers"
          ? shown
          : raw === "content"
            ? linkifyJson(a.json)
            : "",
  );
}
